import { describe, expect, it } from 'vitest';
import { generateBracket } from '../../../src/domain/bracket/generateBracket';
import type { Bracket, SlotSource } from '../../../src/domain/bracket/types';
import { roundCounts, roundOnePairings, stateViolations, structureViolations } from './bracketKit';

const describeSource = (s: SlotSource) => (s.kind === 'seed' ? `seed ${s.seed}` : `${s.kind} ${s.match}`);
const byName = (b: Bracket, name: string) => b.matches.filter((m) => m.roundName === name);

describe('generateBracket', () => {
  it.each([1, 0, -4, 2.5, Number.NaN])('rejects %s entrants with a RangeError', (entrants) => {
    expect(() => generateBracket(entrants)).toThrow(RangeError);
  });

  it.each([
    [2, 2, { 'Winners Final': 1, 'Losers Final': 1, 'Grand Final': 1, 'Grand Final 2': 1 }],
    [3, 4, { 'Round 1': 2, 'Losers Round 1': 1, 'Winners Final': 1, 'Losers Final': 1, 'Grand Final': 1, 'Grand Final 2': 1 }],
    [
      5,
      8,
      { 'Round 1': 4, 'Losers Round 1': 2, 'Round 2': 2, 'Losers Round 2': 2, 'Winners Final': 1, 'Losers Round 3': 1, 'Losers Final': 1, 'Grand Final': 1, 'Grand Final 2': 1 },
    ],
    [
      8,
      8,
      { 'Round 1': 4, 'Losers Round 1': 2, 'Round 2': 2, 'Losers Round 2': 2, 'Winners Final': 1, 'Losers Round 3': 1, 'Losers Final': 1, 'Grand Final': 1, 'Grand Final 2': 1 },
    ],
    [
      16,
      16,
      {
        'Round 1': 8, 'Losers Round 1': 4, 'Round 2': 4, 'Losers Round 2': 4, 'Round 3': 2, 'Losers Round 3': 2, 'Losers Round 4': 2,
        'Winners Final': 1, 'Losers Round 5': 1, 'Losers Final': 1, 'Grand Final': 1, 'Grand Final 2': 1,
      },
    ],
    [
      17,
      32,
      {
        'Round 1': 16, 'Losers Round 1': 8, 'Round 2': 8, 'Losers Round 2': 8, 'Round 3': 4, 'Losers Round 3': 4, 'Losers Round 4': 4,
        'Round 4': 2, 'Losers Round 5': 2, 'Losers Round 6': 2, 'Winners Final': 1, 'Losers Round 7': 1, 'Losers Final': 1,
        'Grand Final': 1, 'Grand Final 2': 1,
      },
    ],
    [
      100,
      128,
      {
        'Round 1': 64, 'Losers Round 1': 32, 'Round 2': 32, 'Losers Round 2': 32, 'Round 3': 16, 'Losers Round 3': 16, 'Losers Round 4': 16,
        'Round 4': 8, 'Losers Round 5': 8, 'Losers Round 6': 8, 'Round 5': 4, 'Losers Round 7': 4, 'Losers Round 8': 4,
        'Round 6': 2, 'Losers Round 9': 2, 'Losers Round 10': 2, 'Winners Final': 1, 'Losers Round 11': 1, 'Losers Final': 1,
        'Grand Final': 1, 'Grand Final 2': 1,
      },
    ],
  ])('builds %i entrants on %i slots with the right rounds in play order', (entrants, slots, counts) => {
    // Act
    const b = generateBracket(entrants);

    // Assert: toEqual on the object also checks the key order, i.e. the play order of rounds.
    expect(b.entrants).toBe(entrants);
    expect(b.slots).toBe(slots);
    expect(Object.entries(roundCounts(b))).toEqual(Object.entries(counts));
    expect(structureViolations(b)).toEqual([]);
    expect(stateViolations(b)).toEqual([]);
  });

  it('numbers the 8-entrant bracket exactly in play order', () => {
    // Act
    const b = generateBracket(8);

    // Assert
    expect(b.matches.map((m) => `${m.number} ${m.roundName} ${describeSource(m.sourceA)} / ${describeSource(m.sourceB)}`)).toEqual([
      '1 Round 1 seed 1 / seed 8',
      '2 Round 1 seed 4 / seed 5',
      '3 Round 1 seed 2 / seed 7',
      '4 Round 1 seed 3 / seed 6',
      '5 Losers Round 1 loser 1 / loser 2',
      '6 Losers Round 1 loser 3 / loser 4',
      '7 Round 2 winner 1 / winner 2',
      '8 Round 2 winner 3 / winner 4',
      '9 Losers Round 2 winner 5 / loser 8',
      '10 Losers Round 2 winner 6 / loser 7',
      '11 Winners Final winner 7 / winner 8',
      '12 Losers Round 3 winner 9 / winner 10',
      '13 Losers Final winner 12 / loser 11',
      '14 Grand Final winner 11 / winner 13',
      '15 Grand Final 2 loser 14 / winner 14',
    ]);
  });

  it('sets track, column and row for drawing', () => {
    const b = generateBracket(8);

    expect(b.matches.map((m) => `${m.track}:${m.round}:${m.position}`)).toEqual([
      'winners:0:0', 'winners:0:1', 'winners:0:2', 'winners:0:3',
      'losers:0:0', 'losers:0:1',
      'winners:1:0', 'winners:1:1',
      'losers:1:0', 'losers:1:1',
      'winners:2:0',
      'losers:2:0',
      'losers:3:0',
      'final:0:0',
      'final:1:0',
    ]);
  });

  it('pairs 16 entrants 1v16, 8v9, 4v13, 5v12, 2v15, 7v10, 3v14, 6v11', () => {
    const b = generateBracket(16);

    expect(roundOnePairings(b)).toEqual(['1v16', '8v9', '4v13', '5v12', '2v15', '7v10', '3v14', '6v11']);
    expect(byName(b, 'Round 1').map((m) => [m.entryA, m.entryB])).toEqual([
      [0, 15], [7, 8], [3, 12], [4, 11], [1, 14], [6, 9], [2, 13], [5, 10],
    ]);
  });

  it('crosses the drops for 16 entrants: round 2 reversed, round 3 swapped by halves', () => {
    const b = generateBracket(16);
    const dropped = (name: string) => byName(b, name).map((m) => describeSource(m.sourceB));

    expect(byName(b, 'Round 2').map((m) => m.number)).toEqual([13, 14, 15, 16]);
    expect(dropped('Losers Round 2')).toEqual(['loser 16', 'loser 15', 'loser 14', 'loser 13']);
    expect(byName(b, 'Round 3').map((m) => m.number)).toEqual([21, 22]);
    expect(dropped('Losers Round 4')).toEqual(['loser 22', 'loser 21']);
    expect(dropped('Losers Final')).toEqual(['loser 27']);
  });

  it('gives the byes to the top seeds and advances them at once', () => {
    // Act
    const b = generateBracket(5);

    // Assert
    expect(roundOnePairings(b)).toEqual(['1vbye', '4v5', '2vbye', '3vbye']);
    expect(byName(b, 'Round 1').map((m) => [m.winner, m.byeB])).toEqual([['A', true], [null, false], ['A', true], ['A', true]]);
    // Seeds 2 and 3 already meet in round 2; seed 1 waits for the 4v5 winner.
    expect(byName(b, 'Round 2').map((m) => [m.entryA, m.entryB])).toEqual([[0, null], [1, 2]]);
  });

  it('propagates byes through the losers bracket', () => {
    const b = generateBracket(5);
    const [lr1Top, lr1Bottom] = byName(b, 'Losers Round 1');
    const [lr2Top, lr2Bottom] = byName(b, 'Losers Round 2');

    // Top: a bye against the 4v5 loser still to come. Bottom: two byes, decided as empty.
    expect([lr1Top.byeA, lr1Top.byeB, lr1Top.winner]).toEqual([true, false, null]);
    expect([lr1Bottom.byeA, lr1Bottom.byeB, lr1Bottom.winner]).toEqual([true, true, null]);
    // The empty match hands a bye on, so the loser of round 2's top match will walk through.
    expect([lr2Bottom.byeA, lr2Bottom.byeB]).toEqual([true, false]);
    expect(lr2Top.byeA || lr2Top.byeB).toBe(false);
  });

  it('lets the 2-entrant Losers Final wait only on the Winners Final loser', () => {
    const b = generateBracket(2);
    const [wf, lf, gf, gf2] = b.matches;

    expect([wf.entryA, wf.entryB]).toEqual([0, 1]);
    expect(lf.sourceB).toEqual({ kind: 'loser', match: 1 });
    expect([lf.byeA, lf.entryB, lf.winner]).toEqual([true, null, null]);
    expect([gf.sourceA, gf.sourceB]).toEqual([{ kind: 'winner', match: 1 }, { kind: 'winner', match: 2 }]);
    expect([gf2.live, gf2.entryA, gf2.entryB, gf2.winner]).toEqual([false, null, null, null]);
  });

  it('builds 16,384 entrants with the right rounds', () => {
    // Act
    const b = generateBracket(16384);

    // Assert
    const counts = roundCounts(b);
    expect(b.matches).toHaveLength(32767);
    expect(Object.keys(counts).filter((name) => /^Round \d+$/.test(name))).toHaveLength(13);
    expect(Object.keys(counts).filter((name) => /^Losers Round \d+$/.test(name))).toHaveLength(25);
    expect(counts['Round 1']).toBe(8192);
    expect(counts['Losers Round 1']).toBe(4096);
    expect(counts['Losers Round 2']).toBe(4096);
    expect(counts['Losers Round 25']).toBe(1);
    expect(counts['Winners Final']).toBe(1);
    expect(counts['Losers Final']).toBe(1);
    expect(b.matches.at(-2)?.roundName).toBe('Grand Final');
    expect(b.matches.at(-1)?.roundName).toBe('Grand Final 2');
    expect(structureViolations(b)).toEqual([]);
  });
});
