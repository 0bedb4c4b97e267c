import { describe, expect, it } from 'vitest';
import { recordResult } from '../../../src/domain/bracket/recordResult';
import type { Bracket } from '../../../src/domain/bracket/types';
import { divisionStage, playoffBracket, playoffSeeds } from '../../../src/domain/season/playoffBracket';
import type { PlayoffDueDates } from '../../../src/domain/season/seasonDates';

const due: PlayoffDueDates = {
  round1DueBy: 1,
  losers1DueBy: 2,
  round2DueBy: 3,
  losers2DueBy: 4,
  winnersFinalDueBy: 5,
  losers3DueBy: 6,
  losersFinalDueBy: 7,
  grandFinalDueBy: 8,
};

/** Round-1 pairs of a bracket as seed labels. */
function roundOnePairs(bracket: Bracket, seeds: string[]) {
  const label = (entry: number | null) => (entry === null ? 'bye' : seeds[entry]);
  return bracket.matches.filter((m) => m.roundName === 'Round 1').map((m) => `${label(m.entryA)}–${label(m.entryB)}`);
}

describe('division playoffs', () => {
  it('cross-seeds the top four of each group: A1–B4, B2–A3, B1–A4, A2–B3', () => {
    const seeds = playoffSeeds(['A1', 'A2', 'A3', 'A4', 'A5'], ['B1', 'B2', 'B3', 'B4', 'B5']);
    expect(seeds).toEqual(['A1', 'B1', 'A2', 'B2', 'A3', 'B3', 'A4', 'B4']);
    const { bracket } = playoffBracket(seeds.length, due);
    expect(roundOnePairs(bracket, seeds)).toEqual(['A1–B4', 'B2–A3', 'B1–A4', 'A2–B3']);
  });

  it('gives eight teams exactly the spec’s 15 numbered slots with their due dates', () => {
    const { slots } = playoffBracket(8, due);
    expect(slots.map((s) => [s.matchNumber, s.roundType, s.position, s.dueByDate])).toEqual([
      [1, 'ROUND1', 'FIRST', 1],
      [2, 'ROUND1', 'SECOND', 1],
      [3, 'ROUND1', 'THIRD', 1],
      [4, 'ROUND1', 'FOURTH', 1],
      [5, 'LOSERROUND1', 'FIRST', 2],
      [6, 'LOSERROUND1', 'SECOND', 2],
      [7, 'ROUND2', 'FIRST', 3],
      [8, 'ROUND2', 'SECOND', 3],
      [9, 'LOSERROUND2', 'FIRST', 4],
      [10, 'LOSERROUND2', 'SECOND', 4],
      [11, 'WINNERSFINAL', 'FIRST', 5],
      [12, 'LOSERSROUND3', 'FIRST', 6],
      [13, 'LOSERSFINAL', 'FIRST', 7],
      [14, 'GRANDFINAL', 'FIRST', 8],
      [15, 'GRANDFINAL2', 'FIRST', 8],
    ]);
  });

  it('gives a smaller division a bracket of its size, the group winners taking the byes', () => {
    const seeds = playoffSeeds(['A1', 'A2', 'A3'], ['B1', 'B2', 'B3']);
    const { bracket, slots } = playoffBracket(seeds.length, due);
    expect(roundOnePairs(bracket, seeds)).toEqual(['A1–bye', 'B2–A3', 'B1–bye', 'A2–B3']);
    expect(slots).toHaveLength(15);
    for (const n of [2, 3, 4, 5, 7]) {
      const { slots: small } = playoffBracket(n, due);
      expect(small.at(-2)?.roundType).toBe('GRANDFINAL');
      expect(small.at(-1)?.roundType).toBe('GRANDFINAL2');
    }
    expect(playoffBracket(4, due).slots.map((s) => s.roundType)).toEqual([
      'ROUND1',
      'ROUND1',
      'LOSERROUND1',
      'WINNERSFINAL',
      'LOSERSFINAL',
      'GRANDFINAL',
      'GRANDFINAL2',
    ]);
    expect(() => playoffBracket(9, due)).toThrow(RangeError);
  });

  it('names the division stage by its next match to play', () => {
    let { bracket } = playoffBracket(8, due);
    expect(divisionStage(null)).toBe('GROUPS');
    expect(divisionStage(bracket)).toBe('ROUND1');
    const stages: string[] = [];
    for (let number = 1; number <= 14; number++) {
      bracket = recordResult(bracket, number, 'A');
      stages.push(divisionStage(bracket));
    }
    expect(stages).toEqual([
      'ROUND1',
      'ROUND1',
      'ROUND1',
      'ROUND1', // Losers Round 1 still to play
      'ROUND1',
      'ROUND2',
      'ROUND2',
      'LOSERSROUND2',
      'LOSERSROUND2',
      'WINNERSFINAL',
      'LOSERSROUND3',
      'LOSERSFINAL',
      'GRANDFINAL',
      'GRANDFINAL', // side A won the Grand Final: decided, Grand Final 2 void
    ]);
  });
});
