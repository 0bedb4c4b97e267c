import { describe, expect, it } from 'vitest';
import { generateBracket } from '../../../src/domain/bracket/generateBracket';
import { champion, isComplete, placements } from '../../../src/domain/bracket/placements';
import { recordResult } from '../../../src/domain/bracket/recordResult';
import type { Bracket, Side } from '../../../src/domain/bracket/types';
import { playRandomly, randomSource, readyMatches } from './bracketKit';

const play = (b: Bracket, results: [number, Side][]) => results.reduce((acc, [n, side]) => recordResult(acc, n, side), b);
/** Plays every ready match in number order, the better seed (lower entrant index) always winning. */
const chalk = (b: Bracket) => {
  let current = b;
  for (let ready = readyMatches(current); ready.length > 0; ready = readyMatches(current)) {
    const m = ready[0];
    current = recordResult(current, m.number, (m.entryA as number) < (m.entryB as number) ? 'A' : 'B');
  }
  return current;
};

describe('placements', () => {
  it('ranks a 16-entrant chalk bracket 1, 2, 3, 4, 5, 5, 7, 7, 9 ×4, 13 ×4 by seed', () => {
    // Act
    const b = chalk(generateBracket(16));

    // Assert
    expect(isComplete(b)).toBe(true);
    expect(champion(b)).toBe(0);
    expect(placements(b).map((p) => p.place)).toEqual([1, 2, 3, 4, 5, 5, 7, 7, 9, 9, 9, 9, 13, 13, 13, 13]);
    expect(placements(b).map((p) => p.entrant)).toEqual([...Array(16).keys()]);
  });

  it('ranks the 8-entrant chalk bracket by seed', () => {
    const ranking = placements(chalk(generateBracket(8)));

    expect(ranking).toEqual([
      { entrant: 0, place: 1 },
      { entrant: 1, place: 2 },
      { entrant: 2, place: 3 },
      { entrant: 3, place: 4 },
      { entrant: 4, place: 5 },
      { entrant: 5, place: 5 },
      { entrant: 6, place: 7 },
      { entrant: 7, place: 7 },
    ]);
  });

  it('gives the runner-up to the Grand Final 2 loser', () => {
    // 2 entrants: the losers champion (1) wins GF, the winners champion (0) wins GF2.
    const b = play(generateBracket(2), [[1, 'A'], [3, 'B'], [4, 'A']]);

    expect(champion(b)).toBe(0);
    expect(placements(b)).toEqual([
      { entrant: 0, place: 1 },
      { entrant: 1, place: 2 },
    ]);
  });

  it('is not complete while Grand Final 2 is pending', () => {
    const b = play(generateBracket(2), [[1, 'A'], [3, 'B']]);

    expect(isComplete(b)).toBe(false);
    expect(champion(b)).toBeNull();
    expect(placements(b)).toEqual([]);
  });

  it('lists eliminated entrants before the end, with the places they will keep', () => {
    // Arrange: 8 entrants after round 1 and Losers Round 1.
    const b = play(generateBracket(8), [[1, 'A'], [2, 'A'], [3, 'A'], [4, 'A'], [5, 'A'], [6, 'B']]);

    // Assert: the two Losers Round 1 losers (seeds 5 and 7) share 7th.
    expect(placements(b)).toEqual([
      { entrant: 4, place: 7 },
      { entrant: 6, place: 7 },
    ]);
  });

  it('keeps places dense with byes', () => {
    // 5 entrants: only 4v5 produces a real Round 1 loser.
    const b = playRandomly(generateBracket(5), randomSource(11));

    expect(placements(b).map((p) => p.place)).toEqual([1, 2, 3, 4, 5]);
  });
});
