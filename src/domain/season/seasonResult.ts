import type { SeasonMatch } from '../../api/contract/season';

/** The decided scores of a league match: the winner's report (both reports agree, or staff set them). */
export function seasonResult(
  m: Pick<SeasonMatch, 'winningTeam' | 'teamAScoreA' | 'teamAScoreB' | 'teamBScoreA' | 'teamBScoreB'>,
): [number, number] | null {
  if (m.winningTeam === null) return null;
  const a = m.teamAScoreA !== null && m.teamAScoreB !== null ? ([m.teamAScoreA, m.teamAScoreB] as [number, number]) : null;
  const b = m.teamBScoreA !== null && m.teamBScoreB !== null ? ([m.teamBScoreA, m.teamBScoreB] as [number, number]) : null;
  return (m.winningTeam === 'TeamA' ? (a ?? b) : (b ?? a)) ?? null;
}
