import { define, type Infer } from 'superstruct';
import type { TournamentMatch } from './tournament';

/*
 * GET /v1/tournament/{id}/bracket: the bracket as the canvas needs it, beside the spec's full match list
 * (GET /v1/tournament/{id}/match, which stays for everything else). A 4,096-entry bracket is ~5 MB as the full list
 * and a few hundred KB here: every entrant is listed once, every round name once, and a match is a row of whole
 * numbers in one flat array (`ROW_SIZE` numbers a match), which parses fast and copies straight into an Int32Array.
 */

/** Where each number of a match row sits. */
export const ROW = {
  id: 0,
  number: 1,
  /** Index into `roundNames`. */
  roundName: 2,
  /** Index into `TRACKS`. */
  track: 3,
  round: 4,
  position: 5,
  /** Index into `entrants`, or `BYE`, or `UNKNOWN`. */
  entrantA: 6,
  entrantB: 7,
  /** The decided score of each side, `NO_SCORE` while pending. */
  scoreA: 8,
  scoreB: 9,
  /** 0 undecided, 1 side A won, 2 side B won. */
  winner: 10,
  /** 1 drawn, 0 a Grand Final 2 that is not needed. */
  live: 11,
  /** The match a side comes from (its id, 0 for a seeded slot) and how: 0 none, 1 its winner, 2 its loser. */
  sourceA: 12,
  sourceAKind: 13,
  sourceB: 14,
  sourceBKind: 15,
} as const;
export const ROW_SIZE = 16;
export const TRACKS = ['winners', 'losers', 'final'] as const;
export const SOURCE_KINDS = [null, 'winner', 'loser'] as const;
export const BYE = -1;
export const UNKNOWN = -2;
export const NO_SCORE = -1;

/** An entrant: its tournament entry id, display name and picture or logo (null: a letter disc). */
export type BracketEntrant = [entryId: number, label: string, imageUrl: string | null];

interface CompactBracketShape {
  roundNames: string[];
  entrants: BracketEntrant[];
  /** `ROW_SIZE` whole numbers a match, in play order. */
  matches: number[];
}

const isId = (v: unknown): boolean => Number.isInteger(v) && (v as number) > 0;
const inRange = (v: number, lo: number, hi: number) => v >= lo && v <= hi;

/** Why `v` is not a compact bracket, or null: one pass over the entrants and one over the rows, references checked. */
function compactBracketProblem(v: unknown): string | null {
  if (typeof v !== 'object' || v === null) return 'not an object';
  const { roundNames, entrants, matches } = v as Record<string, unknown>;
  if (!Array.isArray(roundNames) || !roundNames.every((n) => typeof n === 'string')) return 'roundNames';
  if (!Array.isArray(entrants)) return 'entrants';
  for (let i = 0; i < entrants.length; i++) {
    const e: unknown = entrants[i];
    if (!Array.isArray(e) || e.length !== 3 || !isId(e[0]) || typeof e[1] !== 'string' || (e[2] !== null && typeof e[2] !== 'string')) return `entrants.${i}`;
  }
  if (!Array.isArray(matches) || matches.length % ROW_SIZE !== 0) return 'matches';
  const last = entrants.length - 1;
  for (let at = 0; at < matches.length; at += ROW_SIZE) {
    for (let k = 0; k < ROW_SIZE; k++) if (!Number.isInteger(matches[at + k])) return `matches.${at + k}`;
    const row = matches as number[];
    const ok =
      row[at + ROW.id] > 0 &&
      inRange(row[at + ROW.roundName], 0, roundNames.length - 1) &&
      inRange(row[at + ROW.track], 0, TRACKS.length - 1) &&
      row[at + ROW.round] >= 0 &&
      row[at + ROW.position] >= 0 &&
      inRange(row[at + ROW.entrantA], UNKNOWN, last) &&
      inRange(row[at + ROW.entrantB], UNKNOWN, last) &&
      row[at + ROW.scoreA] >= NO_SCORE &&
      row[at + ROW.scoreB] >= NO_SCORE &&
      inRange(row[at + ROW.winner], 0, 2) &&
      inRange(row[at + ROW.live], 0, 1) &&
      row[at + ROW.sourceA] >= 0 &&
      inRange(row[at + ROW.sourceAKind], 0, 2) &&
      row[at + ROW.sourceB] >= 0 &&
      inRange(row[at + ROW.sourceBKind], 0, 2);
    if (!ok) return `matches.${at / ROW_SIZE}`;
  }
  return null;
}

/** A compact bracket once parsed: the rows may be packed into an Int32Array (by the parsing worker). */
export interface PackedBracket {
  roundNames: readonly string[];
  entrants: readonly BracketEntrant[];
  /** `ROW_SIZE` numbers a match (see `ROW`). */
  matches: ArrayLike<number>;
}

/** GET /v1/tournament/{id}/bracket (empty lists before the bracket exists). */
export const CompactBracket = define<CompactBracketShape>('CompactBracket', (v) => {
  const problem = compactBracketProblem(v);
  return problem === null || `Expected a compact bracket, but ${problem} is not valid`;
});
export type CompactBracket = Infer<typeof CompactBracket>;

/** What one side of a match shows: nothing (a bye), an entrant not known yet, or the entrant. */
export type MatchSideLook = { kind: 'bye' } | { kind: 'unknown' } | { kind: 'entrant'; entryId: number; label: string; imageUrl: string | null; score: number | null };

/**
 * One side of a match of the full list, as a bracket card shows it: the team (logo), the player (picture) or a
 * predefined name; the score once the match is decided. The one home of this rule for both payloads.
 */
export function matchSideLook(m: TournamentMatch, side: 'A' | 'B'): MatchSideLook {
  if (side === 'A' ? m.entryAbye : m.entryBbye) return { kind: 'bye' };
  const entryId = side === 'A' ? m.entryAId : m.entryBId;
  if (entryId === null) return { kind: 'unknown' };
  const team = side === 'A' ? m.teamA : m.teamB;
  const user = side === 'A' ? m.userA : m.userB;
  const defined = side === 'A' ? m.definedEntryA : m.definedEntryB;
  const label = team?.name ?? user?.discordName ?? defined ?? (side === 'A' ? m.entryAName : m.entryBName) ?? null;
  if (label === null) return { kind: 'unknown' };
  const score = m.winningEntry !== '' ? ((side === 'A' ? m.scoreA : m.scoreB) ?? null) : null;
  return { kind: 'entrant', entryId, label, imageUrl: team ? team.logoUrl : (user?.picture ?? null), score };
}

/** The compact bracket of the full match list (the server builds it once per bracket version). */
export function toCompactBracket(matches: readonly TournamentMatch[]): CompactBracket {
  const roundNames: string[] = [];
  const roundIndex = new Map<string, number>();
  const entrants: BracketEntrant[] = [];
  const entrantIndex = new Map<number, number>();
  const rows = new Array<number>(matches.length * ROW_SIZE);
  const sideOf = (m: TournamentMatch, side: 'A' | 'B'): [entrant: number, score: number] => {
    const look = matchSideLook(m, side);
    if (look.kind === 'bye') return [BYE, NO_SCORE];
    if (look.kind === 'unknown') return [UNKNOWN, NO_SCORE];
    let at = entrantIndex.get(look.entryId);
    if (at === undefined) {
      at = entrants.push([look.entryId, look.label, look.imageUrl]) - 1;
      entrantIndex.set(look.entryId, at);
    }
    return [at, look.score ?? NO_SCORE];
  };
  const kindOf = (id: number | null, kind: TournamentMatch['entryASourceKind']) => (id === null || kind === null ? 0 : SOURCE_KINDS.indexOf(kind));
  matches.forEach((m, i) => {
    let round = roundIndex.get(m.roundName);
    if (round === undefined) {
      round = roundNames.push(m.roundName) - 1;
      roundIndex.set(m.roundName, round);
    }
    const [a, scoreA] = sideOf(m, 'A');
    const [b, scoreB] = sideOf(m, 'B');
    const kindA = kindOf(m.entryASourceId, m.entryASourceKind);
    const kindB = kindOf(m.entryBSourceId, m.entryBSourceKind);
    const winner = m.winningEntry === 'EntryA' ? 1 : m.winningEntry === 'EntryB' ? 2 : 0;
    const row = [m.id, m.matchNumber, round, TRACKS.indexOf(m.track), m.round, m.position, a, b, scoreA, scoreB, winner, m.live ? 1 : 0];
    row.push(kindA ? m.entryASourceId! : 0, kindA, kindB ? m.entryBSourceId! : 0, kindB);
    for (let k = 0; k < ROW_SIZE; k++) rows[i * ROW_SIZE + k] = row[k];
  });
  return { roundNames, entrants, matches: rows };
}
