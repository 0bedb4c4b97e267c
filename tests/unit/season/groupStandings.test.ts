import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupRecords, groupStandings, type StandingMatch } from '../../../src/domain/season/groupStandings';

const team = (id: number, divisionWins: number, divisionLosses: number, averageKR = 1000) => ({
  id,
  divisionWins,
  divisionLosses,
  averageKR,
});
const won = (winner: number, loser: number): StandingMatch => ({ teamAId: winner, teamBId: loser, winningTeam: 'TeamA' });
const order = (...args: Parameters<typeof groupStandings>) => groupStandings(...args).map((t) => t.id);

describe('group standings', () => {
  it('sorts by divisionWins minus divisionLosses, highest first', () => {
    expect(order([team(1, 1, 3), team(2, 3, 1), team(3, 2, 2)], [])).toEqual([2, 3, 1]);
    // The difference decides, not the wins: 3–0 (+3) is above 4–2 (+2).
    expect(order([team(1, 4, 2), team(2, 3, 0)], [])).toEqual([2, 1]);
  });

  it('breaks a two-team tie by who won their match, before average KR', () => {
    const teams = [team(1, 2, 1, 2500), team(2, 2, 1, 1200)];
    expect(order(teams, [won(2, 1)])).toEqual([2, 1]);
    expect(order(teams, [{ teamAId: 1, teamBId: 2, winningTeam: 'TeamB' }])).toEqual([2, 1]);
    // Unplayed or not decided: average KR decides.
    expect(order(teams, [{ teamAId: 1, teamBId: 2, winningTeam: null }])).toEqual([1, 2]);
  });

  it('breaks a wider tie by the results among the tied teams only, then KR, then id', () => {
    const teams = [team(1, 2, 2, 1000), team(2, 2, 2, 1100), team(3, 2, 2, 1200), team(4, 4, 0)];
    // 1 beat 2 and 3; 2 and 3 have not met. A win against team 4 would not count.
    const matches = [won(1, 2), won(1, 3), won(4, 1), won(4, 2)];
    expect(order(teams, matches)).toEqual([4, 1, 3, 2]);
    // A circle of results (1>2>3>1) is no separation: KR decides, then id.
    const circle = [won(1, 2), won(2, 3), won(3, 1)];
    expect(order([team(5, 1, 1, 900), ...teams.slice(0, 3)], circle)).toEqual([3, 2, 1, 5]);
  });

  it('is a total order: the same table whatever order the teams come in, differences never rising', () => {
    const row = fc.record({
      divisionWins: fc.integer({ min: 0, max: 5 }),
      divisionLosses: fc.integer({ min: 0, max: 5 }),
      averageKR: fc.integer({ min: 900, max: 1100 }),
    });
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(7), fc.nat(7), fc.constantFrom('TeamA', 'TeamB', null)), { maxLength: 20 }),
        fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
        (rows, results, noise) => {
          const teams = rows.map((r, i) => ({ id: i + 1, ...r }));
          const matches = results
            .filter(([a, b]) => a !== b && a < teams.length && b < teams.length)
            .map(([a, b, w]) => ({ teamAId: a + 1, teamBId: b + 1, winningTeam: w as StandingMatch['winningTeam'] }));
          const table = order(teams, matches);
          const keys = [...noise.take(teams.length)];
          const shuffled = teams.map((t, i) => ({ t, k: keys[i] })).sort((x, y) => x.k - y.k).map((x) => x.t);
          expect(order(shuffled, matches)).toEqual(table);
          expect([...table].sort((a, b) => a - b)).toEqual(teams.map((t) => t.id));
          const diff = (id: number) => teams[id - 1].divisionWins - teams[id - 1].divisionLosses;
          for (let i = 1; i < table.length; i++) expect(diff(table[i])).toBeLessThanOrEqual(diff(table[i - 1]));
        },
      ),
    );
  });

  it('counts wins and losses from decided matches only', () => {
    const records = groupRecords([1, 2, 3], [won(1, 2), won(1, 3), { teamAId: 2, teamBId: 3, winningTeam: null }, won(3, 2)]);
    expect(Object.fromEntries(records)).toEqual({
      1: { divisionWins: 2, divisionLosses: 0 },
      2: { divisionWins: 0, divisionLosses: 2 },
      3: { divisionWins: 1, divisionLosses: 1 },
    });
  });
});
