import { describe, expect, it } from 'vitest';
import { BracketError } from '../../../src/domain/bracket/BracketError';
import { diffBrackets } from '../../../src/domain/bracket/diffBrackets';
import { generateBracket } from '../../../src/domain/bracket/generateBracket';
import { overwriteResult } from '../../../src/domain/bracket/overwriteResult';
import { champion, isComplete } from '../../../src/domain/bracket/placements';
import { recordResult } from '../../../src/domain/bracket/recordResult';
import type { Bracket, Side } from '../../../src/domain/bracket/types';
import { stateViolations } from './bracketKit';

const play = (b: Bracket, results: [number, Side][]) => results.reduce((acc, [n, side]) => recordResult(acc, n, side), b);

// 8 entrants, all of round 1 and round 2 played by the top side, Losers Round 1 by side A.
const midway = () =>
  play(generateBracket(8), [[1, 'A'], [2, 'A'], [3, 'A'], [4, 'A'], [5, 'A'], [6, 'A'], [7, 'A'], [8, 'A']]);

describe('overwriteResult', () => {
  it('returns the same bracket when the winner does not change', () => {
    const b = midway();

    const after = overwriteResult(b, 1, 'A');

    expect(after).toBe(b);
    expect(diffBrackets(b, after)).toEqual([]);
  });

  it('records a first result on a ready match', () => {
    const b = generateBracket(4);

    expect(overwriteResult(b, 1, 'B').matches[0].winner).toBe('B');
  });

  it('re-routes a round-1 change and re-opens exactly the matches whose entrants changed', () => {
    // Arrange: match 1 was 1 beats 8; 1 then beat 4 in match 7, and 8 beat 4... in LR1 (match 5).
    const b = midway();

    // Act: seed 8 won match 1 after all.
    const after = overwriteResult(b, 1, 'B');

    // Assert
    expect(after.matches[0].winner).toBe('B');
    // Round 2 top now has seed 8 against seed 4: re-opened.
    expect(after.matches[6]).toMatchObject({ entryA: 7, entryB: 3, winner: null });
    // Losers Round 1 top now has seed 1 against seed 5: re-opened.
    expect(after.matches[4]).toMatchObject({ entryA: 0, entryB: 4, winner: null });
    // Their former winners and losers are withdrawn downstream: WF, LR2 (both), ...
    expect(after.matches[10]).toMatchObject({ entryA: null, entryB: 1, winner: null });
    expect(after.matches[8]).toMatchObject({ entryA: null });
    expect(after.matches[9]).toMatchObject({ entryB: null });
    // Untouched: the other round-1 and round-2 results and Losers Round 1 bottom.
    for (const index of [1, 2, 3, 5, 7]) expect(after.matches[index]).toBe(b.matches[index]);
    expect(diffBrackets(b, after)).toEqual([1, 5, 7, 9, 10, 11]);
    expect(stateViolations(after)).toEqual([]);
  });

  it('keeps a downstream result whose entrants stay the same', () => {
    // Arrange: seed 1 beat seed 4 in match 7 (Round 2 top); the Losers Round 2 matches are played.
    const b = play(midway(), [[9, 'A'], [10, 'A']]);

    // Act: swap who won Losers Round 1 top (match 5): only the LR2 top match sees a new entrant.
    const after = overwriteResult(b, 5, 'B');

    // Assert
    expect(diffBrackets(b, after)).toEqual([5, 9, 12]);
    expect(after.matches[9]).toBe(b.matches[9]);
    expect(after.matches[8]).toMatchObject({ entryA: 4, winner: null });
  });

  describe('grand finals', () => {
    // 2 entrants: WF 1, LF 2 (auto), GF 3, GF2 4.
    const decidedByGrandFinal2 = () => play(generateBracket(2), [[1, 'A'], [3, 'B'], [4, 'B']]);

    it('voids a played Grand Final 2 when the Grand Final goes to side A', () => {
      const b = decidedByGrandFinal2();

      const after = overwriteResult(b, 3, 'A');

      expect(after.matches[3]).toMatchObject({ live: false, entryA: null, entryB: null, winner: null });
      expect(diffBrackets(b, after)).toEqual([3, 4]);
      expect(champion(after)).toBe(0);
    });

    it('brings Grand Final 2 back, unplayed, when the Grand Final goes to side B again', () => {
      const b = overwriteResult(decidedByGrandFinal2(), 3, 'A');

      const after = overwriteResult(b, 3, 'B');

      expect(after.matches[3]).toMatchObject({ live: true, entryA: 0, entryB: 1, winner: null });
      expect(isComplete(after)).toBe(false);
    });

    it('re-opens both finals when the Winners Final flips', () => {
      const b = decidedByGrandFinal2();

      const after = overwriteResult(b, 1, 'B');

      expect(after.matches[1]).toMatchObject({ entryB: 0, winner: 'B' });
      expect(after.matches[2]).toMatchObject({ entryA: 1, entryB: 0, winner: null });
      expect(after.matches[3].live).toBe(false);
      expect(diffBrackets(b, after)).toEqual([1, 2, 3, 4]);
    });
  });

  it('refuses a void match, a bye match and a match still waiting', () => {
    const b = generateBracket(5);
    const codeOf = (action: () => unknown) => {
      try {
        action();
      } catch (error) {
        return error instanceof BracketError ? error.code : 'other';
      }
      return 'none';
    };

    expect(codeOf(() => overwriteResult(b, 15, 'A'))).toBe('void');
    expect(codeOf(() => overwriteResult(b, 1, 'B'))).toBe('not-ready');
    expect(codeOf(() => overwriteResult(b, 7, 'A'))).toBe('not-ready');
  });
});

describe('diffBrackets', () => {
  it('compares fields when the objects come from elsewhere', () => {
    const before = recordResult(generateBracket(8), 1, 'A');
    const reloaded: Bracket = JSON.parse(JSON.stringify(before));

    const after = recordResult(before, 2, 'B');

    expect(diffBrackets(reloaded, after)).toEqual([2, 5, 7]);
  });
});
