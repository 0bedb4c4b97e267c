import { format } from 'date-fns';
import { DATE_FORMAT, DATE_TIME_FORMAT } from './constants';

/** dd/MM/yyyy, the spec's date format everywhere. */
export const formatDate = (ms: number | null | undefined) => (ms == null ? '' : format(ms, DATE_FORMAT));
/** dd/MM/yyyy HH:mm (the user joined date). */
export const formatDateTime = (ms: number | null | undefined) => (ms == null ? '' : format(ms, DATE_TIME_FORMAT));
