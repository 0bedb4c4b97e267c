import type { SeasonMatch } from '../../api/contract/season';

/** A playoff match with a bye side: decided by the bracket, never played (no score, no played result). */
export const isSeasonBye = (m: Pick<SeasonMatch, 'teamABye' | 'teamBBye'>) => m.teamABye || m.teamBBye;

/** The decided scores of a league match (the agreed reports, or what staff set); null while undecided or for a bye. */
export function seasonResult(m: Pick<SeasonMatch, 'winningTeam' | 'scoreA' | 'scoreB'>): [number, number] | null {
  if (m.winningTeam === null || m.scoreA === null || m.scoreB === null) return null;
  return [m.scoreA, m.scoreB];
}
