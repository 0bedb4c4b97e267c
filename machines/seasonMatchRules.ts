import type { SeasonMatchType, SeasonMatchView, SeasonType } from '../src/api/contract/season';
import type { TournamentMatch } from '../src/api/contract/tournament';
import { MATCH_ERRORS, SEASON_MATCH_ERRORS } from '../src/domain/messages';

/** What the score flow reads and reports: a tournament match or a league (season) match. */
export type ScoredMatch = TournamentMatch | SeasonMatchView;

export const isSeasonMatch = (m: ScoredMatch): m is SeasonMatchView => 'seasonId' in m;

/** A group match is played during the group stages, a playoff match during the playoffs (as the server checks). */
export const seasonMatchInPlay = (seasonType: SeasonType, matchType: SeasonMatchType) =>
  matchType === 'GROUP_STAGE' ? seasonType === 'GROUP_STAGES' : seasonType === 'PLAYOFFS';

/** Both teams are known and play (not a bye, not a Grand Final 2 that is not needed): why not, or null. */
function playableBlocker(m: SeasonMatchView): string | null {
  if (!m.live) return MATCH_ERRORS.notNeeded;
  if (m.teamABye || m.teamBBye) return MATCH_ERRORS.bye;
  if (!m.teamA || !m.teamB) return MATCH_ERRORS.waiting;
  return null;
}

/** Whether the viewer's side of a league match has reported (teamAScoreA… are that side's own report). */
export const seasonOwnSideReported = (m: SeasonMatchView) =>
  m.viewerSide === 'A' ? m.teamAScoreA !== null : m.viewerSide === 'B' ? m.teamBScoreA !== null : false;

/**
 * Why the viewer may not report this league match (null: they may), in the server's words: only a captain of
 * either team, while the season plays this kind of match, both teams are known, the match has no winner and their
 * own side has not reported yet.
 */
export function seasonReportBlocker(m: SeasonMatchView): string | null {
  if (!m.viewerSide || !m.viewerIsCaptain) return SEASON_MATCH_ERRORS.notCaptain;
  if (!seasonMatchInPlay(m.seasonType, m.matchType)) {
    return m.matchType === 'GROUP_STAGE' ? SEASON_MATCH_ERRORS.groupNotInPlay : SEASON_MATCH_ERRORS.playoffNotInPlay;
  }
  if (m.winningTeam !== null) return MATCH_ERRORS.decided;
  return playableBlocker(m) ?? (seasonOwnSideReported(m) ? MATCH_ERRORS.alreadyReported : null);
}

/** Why staff may not set or overwrite a league match's result (null: they may), in the server's words. */
export function seasonResultBlocker(m: SeasonMatchView): string | null {
  if (!seasonMatchInPlay(m.seasonType, m.matchType)) {
    return m.matchType === 'GROUP_STAGE' ? SEASON_MATCH_ERRORS.groupResultNotInPlay : SEASON_MATCH_ERRORS.playoffResultNotInPlay;
  }
  return playableBlocker(m);
}
