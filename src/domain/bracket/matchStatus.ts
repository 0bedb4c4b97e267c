import type { BracketMatch } from './types';

/**
 * - `void`: Grand Final 2 while it is not needed; never played.
 * - `waiting`: at least one entrant is still to come from an undecided match.
 * - `ready`: both entrants known, no result yet: can be played and recorded.
 * - `decided`: has a winner, or is empty (bye against bye) and needs nothing.
 */
export type MatchStatus = 'void' | 'waiting' | 'ready' | 'decided';

/** Where a match stands, from its fields alone. */
export function matchStatus(m: BracketMatch): MatchStatus {
  if (!m.live) return 'void';
  if (m.winner !== null || (m.byeA && m.byeB)) return 'decided';
  if (m.entryA !== null && m.entryB !== null) return 'ready';
  return 'waiting';
}
