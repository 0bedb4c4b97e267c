import { BracketError } from './BracketError';
import { assertPlayable, findMatch } from './findMatch';
import { propagate } from './propagate';
import type { Bracket, Side } from './types';

/**
 * Records the result of a playable match: `winner` advances to its next match, the loser drops
 * to the losers bracket (or is eliminated), byes met on the way are advanced automatically, and
 * a Grand Final won by side B brings Grand Final 2 to life.
 *
 * Returns a new bracket; unchanged matches keep their objects (see `diffBrackets`).
 * @throws BracketError `no-such-match`, `bad-side`, `void` (GF2 not needed), `decided`
 *   (use `overwriteResult`) or `not-ready` (an entrant is unknown or a bye).
 */
export function recordResult(b: Bracket, matchNumber: number, winner: Side): Bracket {
  const match = findMatch(b, matchNumber, winner);
  if (match.live && match.winner !== null) {
    throw new BracketError('decided', `Match ${match.number} (${match.roundName}) already has a result`);
  }
  assertPlayable(match);
  return propagate(b, matchNumber, winner);
}
