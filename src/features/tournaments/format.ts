import type { Tournament } from '../../api/contract/tournament';
import { countOf } from '../../domain/counts';
import { isTeamTournament, teamSize } from '../../domain/tournamentRules';

export { isTeamTournament };

/** The entry fee as the spec writes it: "€5.00", or Free. */
export const formatFee = (entryFee: number) => (entryFee > 0 ? `€${entryFee.toFixed(2)}` : 'Free');

type TypeFacts = Pick<Tournament, 'tournamentType' | 'switcherooType' | 'teamLimit'>;

/** Single-player tournaments (TOURNAMENT with teamLimit 1) enter players; every other kind enters teams. */
export const isSoloTournament = (t: Pick<Tournament, 'tournamentType' | 'teamLimit'>) =>
  t.tournamentType === 'TOURNAMENT' && t.teamLimit <= 1;

/** "Solo", "Teams of 4", "Switcheroo (Singles)". */
export function typeLabel(t: TypeFacts) {
  if (t.tournamentType === 'SWITCHEROO') return `Switcheroo (${t.switcherooType === 'DOUBLES' ? 'Doubles' : 'Singles'})`;
  return t.teamLimit > 1 ? `Teams of ${t.teamLimit}` : 'Solo';
}

/** "1 player" or "4 players": the team size of the tournament. */
export function teamSizeLabel(t: TypeFacts) {
  return countOf(teamSize(t), 'player');
}


/** Where a tournament entry's page is: /players/{id} for players, /tournaments/{id}/{teamId} for teams. */
export const entryHref = (tournamentId: number, entry: { userId?: number | null; teamId?: number | null; id: number }) =>
  entry.userId ? `/players/${entry.userId}` : entry.teamId ? `/tournaments/${tournamentId}/${entry.teamId}` : null;
