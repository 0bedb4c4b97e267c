import type { Bracket, BracketMatch } from './types';

function sameState(x: BracketMatch, y: BracketMatch): boolean {
  return (
    x.entryA === y.entryA &&
    x.entryB === y.entryB &&
    x.byeA === y.byeA &&
    x.byeB === y.byeB &&
    x.winner === y.winner &&
    x.live === y.live
  );
}

/**
 * Numbers of the matches whose state (entrants, byes, winner, live) differs between two
 * versions of the same bracket, ascending: the rows the server must write after an operation.
 *
 * Engine operations share unchanged match objects, so this is mostly a reference check; it
 * still compares fields when the objects differ (e.g. `before` was loaded from the database).
 */
export function diffBrackets(before: Bracket, after: Bracket): number[] {
  const changed: number[] = [];
  const length = Math.max(before.matches.length, after.matches.length);
  for (let i = 0; i < length; i++) {
    const x = before.matches[i];
    const y = after.matches[i];
    if (x === y) continue;
    if (x === undefined || y === undefined || !sameState(x, y)) changed.push(i + 1);
  }
  return changed;
}
