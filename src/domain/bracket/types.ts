/**
 * Public types of the double-elimination engine. Shared by the SPA (canvas, views)
 * and the server (brackets service). Pure data: no classes, no React, JSON-serialisable.
 */

/** Side of a match: entry A (top) or entry B (bottom). */
export type Side = 'A' | 'B';

/** Which part of the bracket a match belongs to. `final` holds Grand Final and Grand Final 2. */
export type Track = 'winners' | 'losers' | 'final';

/** Where the entrant of one slot of a match comes from. */
export type SlotSource =
  /**
   * A round-1 (winners) slot filled by seed `seed` (1-based). A seed greater than the entrant count is a bye.
   * The 2-entrant Losers Final also uses one (seed 3) for its slot that no losers round feeds.
   */
  | { kind: 'seed'; seed: number }
  /** The winner of match `match` (a match number). */
  | { kind: 'winner'; match: number }
  /** The loser of match `match` (a match number); only losers-bracket and final slots use this. */
  | { kind: 'loser'; match: number };

export interface BracketMatch {
  /** 1-based, unique, in play order; also the index + 1 in `Bracket.matches`. */
  number: number;
  /** "Round 1", "Round 2", ..., "Winners Final", "Losers Round 1", ..., "Losers Final", "Grand Final", "Grand Final 2". */
  roundName: string;
  track: Track;
  /** 0-based column within the track (winners: Round 1 = 0 ... Winners Final; losers: Losers Round 1 = 0 ... Losers Final; final: GF = 0, GF2 = 1). */
  round: number;
  /** 0-based row within its round, top to bottom. */
  position: number;
  sourceA: SlotSource;
  sourceB: SlotSource;
  /** Entrant index (0-based; entrant i is seed i + 1) once known, else null. */
  entryA: number | null;
  entryB: number | null;
  /** True when the slot can never be filled (a bye, or fed only by byes/empty slots). */
  byeA: boolean;
  byeB: boolean;
  /** The decided side, or null while pending. Matches with a bye side are decided automatically. */
  winner: Side | null;
  /**
   * False only for Grand Final 2 while it is not needed: before the Grand Final is decided,
   * or when the winners-bracket champion (side A) won the Grand Final. Void matches are never played.
   */
  live: boolean;
}

export interface Bracket {
  /** Number of real entrants n (>= 2). */
  entrants: number;
  /** Bracket size S = 2^ceil(log2 n): round-1 slot count. */
  slots: number;
  /** All matches; `matches[i].number === i + 1`. */
  matches: BracketMatch[];
}

/** Final placement of an entrant: 1 = champion, 2 = runner-up, 3, 4, 5 (shared), 7 (shared), ... */
export interface Placement {
  entrant: number;
  place: number;
}
