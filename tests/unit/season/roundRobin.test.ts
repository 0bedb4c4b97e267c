import { addWeeks } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dueWeekOfRound, roundRobin, scheduleGroupMatches } from '../../../src/domain/season/roundRobin';

const pairKey = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('group round robin', () => {
  it('has every pair meet exactly once and nobody twice in a round', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 24 }), (n) => {
        const rounds = roundRobin(ids(n));
        expect(rounds).toHaveLength(n % 2 === 0 ? n - 1 : n);
        const pairs = rounds.flat().map(([a, b]) => pairKey(a, b));
        expect(pairs).toHaveLength((n * (n - 1)) / 2);
        expect(new Set(pairs).size).toBe(pairs.length);
        for (const round of rounds) {
          const playing = round.flat();
          expect(new Set(playing).size).toBe(playing.length);
          // Everyone plays every round but the one who sits out when n is odd.
          expect(playing).toHaveLength(n % 2 === 0 ? n : n - 1);
        }
      }),
    );
  });

  it('evens out sides: nobody is Team A more than one match more than Team B or the reverse', () => {
    for (const n of ids(16).slice(1)) {
      const balance = new Map<number, number>();
      for (const [a, b] of roundRobin(ids(n)).flat()) {
        balance.set(a, (balance.get(a) ?? 0) + 1);
        balance.set(b, (balance.get(b) ?? 0) - 1);
      }
      for (const value of balance.values()) expect(Math.abs(value)).toBeLessThanOrEqual(n % 2 === 0 ? 1 : 0);
    }
  });

  it('spreads the rounds over the Group Stage Weeks, the last due at the end of the last week', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 16 }), fc.integer({ min: 1, max: 12 }), (n, weeks) => {
        const start = new Date(2026, 0, 5, 18, 0).getTime();
        const fixtures = scheduleGroupMatches(ids(n), weeks, start);
        const rounds = Math.max(...fixtures.map((f) => f.round)) + 1;
        const perWeek = Math.ceil(rounds / weeks);
        expect(Math.max(...fixtures.map((f) => f.week))).toBe(weeks);
        for (const f of fixtures) {
          expect(f.week).toBeGreaterThanOrEqual(1);
          expect(f.dueByDate).toBe(addWeeks(start, f.week).getTime());
        }
        for (let week = 1; week <= weeks; week++) {
          const games = new Map<number, number>();
          for (const f of fixtures.filter((x) => x.week === week)) {
            for (const team of [f.teamA, f.teamB]) games.set(team, (games.get(team) ?? 0) + 1);
          }
          // No team twice in a week while there are weeks enough; otherwise at most its share of rounds.
          for (const count of games.values()) expect(count).toBeLessThanOrEqual(perWeek);
        }
        // Later rounds are never due earlier.
        for (let i = 1; i < fixtures.length; i++) expect(fixtures[i].week).toBeGreaterThanOrEqual(fixtures[i - 1].week);
      }),
    );
  });

  it('gives a 4-team group over 6 weeks a round every 2 weeks, and 7 rounds over 3 weeks 2–3 rounds a week', () => {
    expect([0, 1, 2].map((r) => dueWeekOfRound(r, 3, 6))).toEqual([2, 4, 6]);
    expect([0, 1, 2, 3, 4, 5, 6].map((r) => dueWeekOfRound(r, 7, 3))).toEqual([1, 1, 2, 2, 3, 3, 3]);
  });
});
