import { describe, expect, it } from 'vitest';
import { BracketError } from '../../../src/domain/bracket/BracketError';
import { diffBrackets } from '../../../src/domain/bracket/diffBrackets';
import { generateBracket } from '../../../src/domain/bracket/generateBracket';
import { recordResult } from '../../../src/domain/bracket/recordResult';
import type { Bracket, Side } from '../../../src/domain/bracket/types';

const play = (b: Bracket, results: [number, Side][]) => results.reduce((acc, [n, side]) => recordResult(acc, n, side), b);

function errorOf(action: () => unknown): BracketError {
  try {
    action();
  } catch (error) {
    if (error instanceof BracketError) return error;
    throw error;
  }
  throw new Error('expected a BracketError');
}

describe('recordResult', () => {
  it('sends the winner on and the loser to the losers bracket', () => {
    // Arrange
    const b = generateBracket(8);

    // Act: seed 8 upsets seed 1 in match 1.
    const after = recordResult(b, 1, 'B');

    // Assert
    expect(after.matches[0].winner).toBe('B');
    expect(after.matches[6].entryA).toBe(7); // Round 2 top, side A
    expect(after.matches[4].entryA).toBe(0); // Losers Round 1 top, side A
    expect(diffBrackets(b, after)).toEqual([1, 5, 7]);
  });

  it('returns a new bracket and leaves the input untouched', () => {
    const b = generateBracket(8);
    const snapshot = JSON.stringify(b);

    const after = recordResult(b, 1, 'A');

    expect(JSON.stringify(b)).toBe(snapshot);
    expect(after).not.toBe(b);
    expect(after.matches[1]).toBe(b.matches[1]);
  });

  it('walks a winner through a bye it meets later', () => {
    // Arrange: 5 entrants; the 4v5 loser meets a bye in Losers Round 1.
    const b = generateBracket(5);

    // Act
    const after = recordResult(b, 2, 'A');

    // Assert: the loser (seed 5) passes Losers Round 1 and waits in Losers Round 2.
    expect(after.matches[4]).toMatchObject({ entryB: 4, byeA: true, winner: 'B' });
    expect(after.matches[8].entryA).toBe(4);
  });

  it('refuses a match that is already decided, including one won on a bye', () => {
    const b = play(generateBracket(8), [[1, 'A']]);

    expect(errorOf(() => recordResult(b, 1, 'B')).code).toBe('decided');
    expect(errorOf(() => recordResult(generateBracket(5), 1, 'A')).code).toBe('decided');
  });

  it('refuses a match whose entrants are not both known', () => {
    const b = play(generateBracket(8), [[1, 'A']]);

    const error = errorOf(() => recordResult(b, 7, 'A'));

    expect(error.code).toBe('not-ready');
    expect(error.message).toBe('Match 7 (Round 2) is waiting for its entrants');
  });

  it('refuses Grand Final 2 while it is void', () => {
    const error = errorOf(() => recordResult(generateBracket(2), 4, 'A'));

    expect(error.code).toBe('void');
    expect(error.message).toBe('Match 4 (Grand Final 2) is not needed and cannot be played');
  });

  it('refuses unknown match numbers and sides', () => {
    const b = generateBracket(4);

    expect(errorOf(() => recordResult(b, 0, 'A')).code).toBe('no-such-match');
    expect(errorOf(() => recordResult(b, 8, 'A')).code).toBe('no-such-match');
    expect(errorOf(() => recordResult(b, 1.5, 'A')).code).toBe('no-such-match');
    expect(errorOf(() => recordResult(b, 1, 'C' as Side)).code).toBe('bad-side');
  });

  describe('grand finals', () => {
    // 2 entrants: WF 1, LF 2 (auto), GF 3, GF2 4.
    it('completes after the Grand Final when the winners champion wins it', () => {
      const b = play(generateBracket(2), [[1, 'A'], [3, 'A']]);

      expect(b.matches[3]).toMatchObject({ live: false, entryA: null, entryB: null, winner: null });
    });

    it('brings Grand Final 2 to life with the same sides when the losers champion wins', () => {
      const b = play(generateBracket(2), [[1, 'A'], [3, 'B']]);

      expect(b.matches[2]).toMatchObject({ entryA: 0, entryB: 1 });
      expect(b.matches[3]).toMatchObject({ live: true, entryA: 0, entryB: 1, winner: null });
      expect(recordResult(b, 4, 'A').matches[3].winner).toBe('A');
    });
  });
});
