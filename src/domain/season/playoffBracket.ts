import { generateBracket } from '../bracket/generateBracket';
import { matchStatus } from '../bracket/matchStatus';
import type { Bracket } from '../bracket/types';
import { MATCH_POSITIONS, PLAYOFF_TEAMS_PER_GROUP, type DivisionType, type MatchPosition, type SeasonRoundType } from '../constants';
import type { PlayoffDueDates } from './seasonDates';

/**
 * The playoff seeding of a division from its two group tables (best first): the top four of each group,
 * interleaved A1, B1, A2, B2, A3, B3, A4, B4 as seeds 1–8. The engine's seed order then crosses the groups in
 * Round 1 — A1–B4, B2–A3, B1–A4, A2–B3 — and the two group winners can only meet in the Grand Final.
 * A division with fewer than 8 teams seeds everyone the same way; the engine gives the top seeds the byes.
 */
export function playoffSeeds<T>(groupA: readonly T[], groupB: readonly T[]): T[] {
  const seeds: T[] = [];
  for (let place = 0; place < PLAYOFF_TEAMS_PER_GROUP; place++) {
    if (place < groupA.length) seeds.push(groupA[place]);
    if (place < groupB.length) seeds.push(groupB[place]);
  }
  return seeds;
}

const ROUND_TYPE_OF: Record<string, Exclude<SeasonRoundType, 'GROUPS'>> = {
  'Round 1': 'ROUND1',
  'Losers Round 1': 'LOSERROUND1',
  'Round 2': 'ROUND2',
  'Losers Round 2': 'LOSERROUND2',
  'Winners Final': 'WINNERSFINAL',
  'Losers Round 3': 'LOSERSROUND3',
  'Losers Final': 'LOSERSFINAL',
  'Grand Final': 'GRANDFINAL',
  'Grand Final 2': 'GRANDFINAL2',
};

const DUE_DATE_OF: Record<Exclude<SeasonRoundType, 'GROUPS'>, keyof PlayoffDueDates> = {
  ROUND1: 'round1DueBy',
  LOSERROUND1: 'losers1DueBy',
  ROUND2: 'round2DueBy',
  LOSERROUND2: 'losers2DueBy',
  WINNERSFINAL: 'winnersFinalDueBy',
  LOSERSROUND3: 'losers3DueBy',
  LOSERSFINAL: 'losersFinalDueBy',
  GRANDFINAL: 'grandFinalDueBy',
  GRANDFINAL2: 'grandFinalDueBy',
};

/** The season round type of an engine round name; throws for rounds a bracket of at most 8 never has. */
export function playoffRoundType(roundName: string): Exclude<SeasonRoundType, 'GROUPS'> {
  const roundType = ROUND_TYPE_OF[roundName];
  if (!roundType) throw new RangeError(`A season playoff has no round named ${roundName}`);
  return roundType;
}

export interface PlayoffSlot {
  /** 1–15 for eight teams: the engine's match number, in play order. */
  matchNumber: number;
  roundType: Exclude<SeasonRoundType, 'GROUPS'>;
  /** Row within the round, FIRST at the top. */
  position: MatchPosition;
  dueByDate: number;
}

/**
 * A division's playoff bracket for `entrants` seeded teams (2–8) with the spec's numbered slots and due dates.
 * Eight teams give exactly the 15 slots: Round 1 ×4 (1–4), Losers Round 1 ×2 (5–6), Round 2 ×2 (7–8),
 * Losers Round 2 ×2 (9–10), Winners Final (11), Losers Round 3 (12), Losers Final (13), Grand Final (14) and
 * Grand Final 2 (15, played only when needed); fewer teams give the engine's smaller bracket, byes decided.
 */
export function playoffBracket(entrants: number, dueDates: PlayoffDueDates): { bracket: Bracket; slots: PlayoffSlot[] } {
  if (entrants > 2 * PLAYOFF_TEAMS_PER_GROUP) {
    throw new RangeError(`A season playoff seeds at most ${2 * PLAYOFF_TEAMS_PER_GROUP} teams (got ${entrants})`);
  }
  const bracket = generateBracket(entrants);
  const slots = bracket.matches.map((m) => {
    const roundType = playoffRoundType(m.roundName);
    return { matchNumber: m.number, roundType, position: MATCH_POSITIONS[m.position], dueByDate: dueDates[DUE_DATE_OF[roundType]] };
  });
  return { bracket, slots };
}

const STAGE_OF: Record<Exclude<SeasonRoundType, 'GROUPS'>, DivisionType> = {
  ROUND1: 'ROUND1',
  LOSERROUND1: 'ROUND1',
  ROUND2: 'ROUND2',
  LOSERROUND2: 'LOSERSROUND2',
  WINNERSFINAL: 'WINNERSFINAL',
  LOSERSROUND3: 'LOSERSROUND3',
  LOSERSFINAL: 'LOSERSFINAL',
  GRANDFINAL: 'GRANDFINAL',
  GRANDFINAL2: 'GRANDFINAL',
};

/**
 * A division's divisionType: GROUPS before its playoff bracket exists, then the round of its lowest-numbered
 * match still to play (Losers Round 1 counts as ROUND1 and Grand Final 2 as GRANDFINAL, which the spec's list
 * lacks); GRANDFINAL once every match is decided.
 */
export function divisionStage(bracket: Bracket | null): DivisionType {
  if (bracket === null) return 'GROUPS';
  const open = bracket.matches.find((m) => matchStatus(m) === 'ready' || matchStatus(m) === 'waiting');
  return open ? STAGE_OF[playoffRoundType(open.roundName)] : 'GRANDFINAL';
}

const ROUND_NAME_OF = Object.fromEntries(Object.entries(ROUND_TYPE_OF).map(([name, type]) => [type, name])) as Record<
  Exclude<SeasonRoundType, 'GROUPS'>,
  string
>;

/** What a league match's round is called: "Group Stage" for GROUPS, else the bracket's round name ("Losers Round 1"). */
export const seasonRoundName = (roundType: SeasonRoundType) => (roundType === 'GROUPS' ? 'Group Stage' : ROUND_NAME_OF[roundType]);
