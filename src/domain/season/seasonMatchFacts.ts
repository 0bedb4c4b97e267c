import { SEASON_MATCHES_IN_PLAY, type SeasonMatchType, type SeasonType, type WinningTeam } from '../constants';
import type { MatchFacts } from '../matchRules';

/** Whether a league match of `matchType` is in play while its season is in `seasonType` (SEASON_MATCHES_IN_PLAY). */
export function seasonMatchInPlay(matchType: SeasonMatchType, seasonType: SeasonType): boolean {
  return SEASON_MATCHES_IN_PLAY[seasonType] === matchType;
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
