import { BracketError } from './BracketError';
import type { Bracket, BracketMatch, Side } from './types';

/** The match numbered `number`, after checking the inputs shared by record and overwrite. */
export function findMatch(b: Bracket, number: number, winner: Side): BracketMatch {
  if (!Number.isInteger(number) || number < 1 || number > b.matches.length) {
    throw new BracketError('no-such-match', `There is no match ${number} in this bracket`);
  }
  if (winner !== 'A' && winner !== 'B') {
    throw new BracketError('bad-side', `The winner must be side A or side B (got ${String(winner)})`);
  }
  return b.matches[number - 1];
}

/** Refuses a void match or one whose two entrants are not both known. */
export function assertPlayable(m: BracketMatch): void {
  if (!m.live) {
    throw new BracketError('void', `Match ${m.number} (${m.roundName}) is not needed and cannot be played`);
  }
  if (m.byeA || m.byeB) {
    throw new BracketError('not-ready', `Match ${m.number} (${m.roundName}) has a bye and is decided automatically`);
  }
  if (m.entryA === null || m.entryB === null) {
    throw new BracketError('not-ready', `Match ${m.number} (${m.roundName}) is waiting for its entrants`);
  }
}
