import { formatDate, formatDateTime } from '../../domain/dates';

/** A date as dd/MM/yyyy (or dd/MM/yyyy HH:mm with `withTime`), in a <time> element. */
export function DateText({ value, withTime = false }: { value: number | null | undefined; withTime?: boolean }) {
  if (value == null) return null;
  return <time dateTime={new Date(value).toISOString()}>{withTime ? formatDateTime(value) : formatDate(value)}</time>;
}
