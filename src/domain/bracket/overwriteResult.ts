import { assertPlayable, findMatch } from './findMatch';
import { propagate } from './propagate';
import type { Bracket, Side } from './types';

/**
 * Admin result entry on any match whose two entrants are known, decided or not.
 *
 * The new outcome is re-routed: every downstream match whose entrants change loses its result
 * and is re-opened, recursively (a cleared match also withdraws its winner and loser from its
 * own next matches); a Grand Final change turns Grand Final 2 live or void. Every other match
 * keeps its result and its object. The same winner as before returns `b` itself.
 *
 * The rows to update are `diffBrackets(b, overwriteResult(b, …))`.
 * @throws BracketError `no-such-match`, `bad-side`, `void` or `not-ready`.
 */
export function overwriteResult(b: Bracket, matchNumber: number, winner: Side): Bracket {
  const match = findMatch(b, matchNumber, winner);
  assertPlayable(match);
  if (match.winner === winner) return b;
  return propagate(b, matchNumber, winner);
}
