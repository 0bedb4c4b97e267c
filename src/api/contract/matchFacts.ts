import type { TournamentMatch } from './tournament';
import type { MatchFacts } from '../../domain/matchRules';

/** The facts the shared match rules (src/domain/matchRules.ts) read, from a match as the API answers it. */
export function matchFacts(m: TournamentMatch): MatchFacts {
  return {
    tournamentStatus: m.tournament?.status ?? null,
    allowScoreSubmission: m.tournament?.allowScoreSubmission ?? false,
    live: m.live,
    byeA: m.entryAbye,
    byeB: m.entryBbye,
    entryAId: m.entryAId,
    entryBId: m.entryBId,
    decided: m.winningEntry !== '',
    reportedA: m.entryAScoreA !== null,
    reportedB: m.entryBScoreA !== null,
    seededA: m.entryASourceKind === null && m.entryASourceId === null,
    seededB: m.entryBSourceKind === null && m.entryBSourceId === null,
  };
}
