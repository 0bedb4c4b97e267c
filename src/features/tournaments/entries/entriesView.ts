import type { Tournament } from '../../../api/contract/tournament';
import { hasStarted } from '../../../domain/tournamentRules';

export { hasStarted };

/**
 * Which entries view a viewer gets (spec §2, Entries):
 * - TOURNAMENT: users who are not ADMIN/OWNER are sent to /tournaments unless it is ACTIVE; with allowSignups the
 *   signup view; otherwise the entries view while OPEN or CLOSED and the results view once ACTIVE or COMPLETED.
 * - SWITCHEROO: ADMIN/OWNER get the pairing view when CLOSED, the signup view when OPEN and the results view
 *   otherwise; everyone else the general view.
 */
export type EntriesView = 'redirect' | 'signup' | 'entries' | 'results' | 'pairing' | 'general';

export function entriesView(t: Pick<Tournament, 'tournamentType' | 'status' | 'allowSignups'>, staff: boolean): EntriesView {
  if (t.tournamentType === 'SWITCHEROO') {
    if (!staff) return 'general';
    if (t.status === 'CLOSED') return 'pairing';
    if (t.status === 'OPEN') return 'signup';
    return 'results';
  }
  if (!staff && t.status !== 'ACTIVE') return 'redirect';
  if (t.allowSignups) return 'signup';
  return t.status === 'OPEN' || t.status === 'CLOSED' ? 'entries' : 'results';
}
