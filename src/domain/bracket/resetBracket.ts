import { resolveAll } from './propagate';
import type { Bracket } from './types';

/**
 * Clears every played result: the bracket is back to round 1 with its byes auto-advanced, as
 * `generateBracket` built it. Matches that were already in that state keep their objects,
 * so `diffBrackets(b, resetBracket(b))` lists exactly the rows to rewrite.
 */
export function resetBracket(b: Bracket): Bracket {
  return resolveAll(b);
}
