import type { SeasonMatchType, SeasonType, WinningTeam } from '../constants';
import type { MatchFacts } from '../matchRules';

/** A group match is played while its season is in the group stages, a playoff match while it is in the playoffs. */
export function seasonMatchInPlay(matchType: SeasonMatchType, seasonType: SeasonType): boolean {
  return matchType === 'GROUP_STAGE' ? seasonType === 'GROUP_STAGES' : seasonType === 'PLAYOFFS';
}

/** What the shared match rules need of a league match (the server's row and the API's SeasonMatchView alike). */
export interface SeasonMatchState {
  matchType: SeasonMatchType;
  seasonType: SeasonType;
  live: boolean;
  teamABye: boolean;
  teamBBye: boolean;
  teamAId: number | null;
  teamBId: number | null;
  winningTeam: WinningTeam | null;
  teamAScoreA: number | null;
  teamBScoreA: number | null;
}

/**
 * A league match as the shared match rules (src/domain/matchRules.ts) read it: "ACTIVE" while the match is in play
 * (seasonMatchInPlay), scores always allowed then; the teams are the entries. League matches never change teams
 * by hand, so no side counts as seeded.
 */
export function seasonMatchFacts(m: SeasonMatchState): MatchFacts {
  return {
    tournamentStatus: seasonMatchInPlay(m.matchType, m.seasonType) ? 'ACTIVE' : 'CLOSED',
    allowScoreSubmission: true,
    live: m.live,
    byeA: m.teamABye,
    byeB: m.teamBBye,
    entryAId: m.teamAId,
    entryBId: m.teamBId,
    decided: m.winningTeam !== null,
    reportedA: m.teamAScoreA !== null,
    reportedB: m.teamBScoreA !== null,
    seededA: false,
    seededB: false,
  };
}
