import type { Tournament } from '../api/contract/tournament';

/*
 * How a tournament's facts read on its cards, its detail page and its link preview (the server's page tags,
 * server/services/linkPreviews.ts): written once for both programs.
 */

/** The entry fee as the spec writes it: "€5.00", or Free. */
export const formatFee = (entryFee: number) => (entryFee > 0 ? `€${entryFee.toFixed(2)}` : 'Free');

/** "Solo", "Teams of 4", "Switcheroo (Singles)". */
export function typeLabel(t: Pick<Tournament, 'tournamentType' | 'switcherooType' | 'teamLimit'>) {
  if (t.tournamentType === 'SWITCHEROO') return `Switcheroo (${t.switcherooType === 'DOUBLES' ? 'Doubles' : 'Singles'})`;
  return t.teamLimit > 1 ? `Teams of ${t.teamLimit}` : 'Solo';
}
