import type { Tournament } from '../../../api/contract/tournament';
import { getAdminEntries, getPublicEntries } from '../../../api/endpoints/tournaments';
import { usesPublicEntries } from './entriesView';

/** Every entry of the tournament, from the public endpoint (ACTIVE or COMPLETED) or the admin one (before). */
export const loadEntries = (t: Tournament) => (usesPublicEntries(t) ? getPublicEntries(t.id) : getAdminEntries(t.id));
