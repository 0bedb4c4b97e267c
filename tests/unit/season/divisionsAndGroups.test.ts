import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignGroups } from '../../../src/domain/season/assignGroups';
import {
  divisionSplitsError,
  normaliseSplits,
  remainingTeams,
  splitIntoDivisions,
} from '../../../src/domain/season/divisionSplits';

const teamsArb = (min: number, max: number) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: min, maxLength: max })
    .chain((ids) =>
      fc.tuple(...ids.map((id) => fc.integer({ min: 500, max: 3000 }).map((averageKR) => ({ id, averageKR })))),
    );

const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

describe('division splits', () => {
  it('shows the teams left to place and saves only when none are', () => {
    expect(remainingTeams([4, 3], 10)).toBe(3);
    expect(remainingTeams([4, 3, 3], 10)).toBe(0);
    expect(remainingTeams([8, 3], 10)).toBe(-1);
    expect(divisionSplitsError([4, 3], 10)).toBe('The division splits must add up to the 10 teams in this season');
    expect(divisionSplitsError([4, 0, 3, 3], 10)).toBeNull();
    expect(normaliseSplits([4, 0, 3, 0, 3])).toEqual([4, 3, 3]);
  });

  it('accepts exactly the whole splits that sum to the joined teams with at least 2 per division', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 6 }), fc.integer({ min: 2, max: 40 }), (splits, joined) => {
        const valid = sum(splits) === joined && splits.every((n) => n === 0 || n >= 2);
        expect(divisionSplitsError(splits, joined) === null).toBe(valid);
      }),
    );
  });

  it('fills Division 1 with the strongest teams, each division as large as its split', () => {
    fc.assert(
      fc.property(teamsArb(2, 40), (teams) => {
        const cut = Math.max(2, Math.floor(teams.length / 2));
        const splits = teams.length - cut >= 2 ? [cut, 0, teams.length - cut] : [teams.length];
        const divisions = splitIntoDivisions(teams, splits);
        expect(divisions.map((d) => d.length)).toEqual(normaliseSplits(splits));
        expect(divisions.flat().map((t) => t.id).sort()).toEqual(teams.map((t) => t.id).sort());
        for (let d = 1; d < divisions.length; d++) {
          const weakestAbove = Math.min(...divisions[d - 1].map((t) => t.averageKR));
          expect(Math.max(...divisions[d].map((t) => t.averageKR))).toBeLessThanOrEqual(weakestAbove);
        }
      }),
    );
  });
});

describe('groups of a division', () => {
  it('snakes the ranked teams A, B, B, A, A, B, B, A', () => {
    const teams = [3000, 2900, 2800, 2700, 2600, 2500, 2400, 2300].map((averageKR, i) => ({ id: i + 1, averageKR }));
    const { A, B } = assignGroups([...teams].reverse());
    expect(A.map((t) => t.id)).toEqual([1, 4, 5, 8]);
    expect(B.map((t) => t.id)).toEqual([2, 3, 6, 7]);
  });

  it('is balanced: every team once, sizes within one, KR totals within the spread', () => {
    fc.assert(
      fc.property(teamsArb(2, 30), (teams) => {
        const { A, B } = assignGroups(teams);
        expect([...A, ...B].map((t) => t.id).sort()).toEqual(teams.map((t) => t.id).sort());
        expect(Math.abs(A.length - B.length)).toBeLessThanOrEqual(1);
        const krs = teams.map((t) => t.averageKR);
        const gap = Math.abs(sum(A.map((t) => t.averageKR)) - sum(B.map((t) => t.averageKR)));
        // An even field differs by at most the spread; an odd one also by its weakest team, who has no partner.
        const bound = teams.length % 2 === 0 ? Math.max(...krs) - Math.min(...krs) : Math.max(...krs);
        expect(gap).toBeLessThanOrEqual(bound);
        expect(A[0].averageKR).toBe(Math.max(...krs));
      }),
    );
  });
});
