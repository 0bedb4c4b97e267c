import type { Tournament } from '../../api/contract/tournament';
import { countOf } from '../../domain/counts';
import { isTeamTournament, teamSize } from '../../domain/tournamentRules';

export { isTeamTournament };

type TypeFacts = Pick<Tournament, 'tournamentType' | 'switcherooType' | 'teamLimit'>;

/** Single-player tournaments (TOURNAMENT with teamLimit 1) enter players; every other kind enters teams. */
export const isSoloTournament = (t: Pick<Tournament, 'tournamentType' | 'teamLimit'>) =>
  t.tournamentType === 'TOURNAMENT' && t.teamLimit <= 1;

/** "1 player" or "4 players": the team size of the tournament. */
export function teamSizeLabel(t: TypeFacts) {
  return countOf(teamSize(t), 'player');
}

/** Where a tournament entry's page is: /players/{id} for players, /tournaments/{id}/{teamId} for teams. */
export const entryHref = (tournamentId: number, entry: { userId?: number | null; teamId?: number | null; id: number }) =>
  entry.userId ? `/players/${entry.userId}` : entry.teamId ? `/tournaments/${tournamentId}/${entry.teamId}` : null;
