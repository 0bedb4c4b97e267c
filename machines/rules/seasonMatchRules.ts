import { seasonMatchViewFacts, type SeasonMatchView } from '../../src/api/contract/season';
import type { TournamentMatch } from '../../src/api/contract/tournament';
import { reportBlocker, staffResultBlocker } from '../../src/domain/matchRules';
import { seasonBlockerMessage } from '../../src/domain/season/seasonMatchBlocker';

/** What the score flow reads and reports: a tournament match or a league (season) match. */
export type ScoredMatch = TournamentMatch | SeasonMatchView;

export const isSeasonMatch = (m: ScoredMatch): m is SeasonMatchView => 'seasonId' in m;

/**
 * Why the viewer may not report this league match (null: they may), through the shared match rules in the
 * server's words: only a captain of either team reports, while the match is in play, playable and undecided, once.
 */
export function seasonReportBlocker(m: SeasonMatchView): string | null {
  const blocker = reportBlocker(seasonMatchViewFacts(m), m.viewerIsCaptain ? m.viewerSide : null);
  return blocker && seasonBlockerMessage(blocker, m.matchType);
}

/** Why staff may not set or overwrite a league match's result (null: they may), in the server's words. */
export function seasonResultBlocker(m: SeasonMatchView): string | null {
  const blocker = staffResultBlocker(seasonMatchViewFacts(m));
  return blocker && seasonBlockerMessage(blocker, m.matchType);
}
