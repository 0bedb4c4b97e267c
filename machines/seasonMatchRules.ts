import type { SeasonMatch } from '../src/api/contract/season';
import type { TournamentMatch } from '../src/api/contract/tournament';
import { MATCH_ERRORS } from '../src/domain/messages';

/** What the score flow reads and reports: a tournament match or a league (season) match. */
export type ScoredMatch = TournamentMatch | SeasonMatch;

export const isSeasonMatch = (m: ScoredMatch): m is SeasonMatch => 'seasonId' in m;

/** The side of a league match whose team the viewer captains, or null. */
export function seasonViewerSide(m: SeasonMatch, captainOf: number | null): 'A' | 'B' | null {
  if (captainOf === null) return null;
  return m.teamA?.id === captainOf ? 'A' : m.teamB?.id === captainOf ? 'B' : null;
}

/** Whether a side of a league match has reported (teamAScoreA… are that side's own report). */
export const seasonSideReported = (m: SeasonMatch, side: 'A' | 'B') => (side === 'A' ? m.teamAScoreA : m.teamBScoreA) !== null;

/**
 * Why the viewer may not report this league match (null: they may): only a captain of either team, while both
 * teams are known, the match has no winner and their own side has not reported yet.
 */
export function seasonReportBlocker(m: SeasonMatch, captainOf: number | null): string | null {
  const side = seasonViewerSide(m, captainOf);
  if (!side) return MATCH_ERRORS.notCaptain;
  if (m.winningTeam !== null) return MATCH_ERRORS.decided;
  if (!m.teamA || !m.teamB) return MATCH_ERRORS.waiting;
  if (seasonSideReported(m, side)) return MATCH_ERRORS.alreadyReported;
  return null;
}

/** Why staff may not set or overwrite a league match's result (null: they may): both teams must be known. */
export const seasonResultBlocker = (m: SeasonMatch): string | null => (!m.teamA || !m.teamB ? MATCH_ERRORS.waiting : null);
