import { weeksAfter } from './seasonDates';

/**
 * Every pairing of a single round robin by the circle method: the first team stays put while the rest rotate
 * one place a round. n teams play n − 1 rounds (n rounds when n is odd: each round one team sits out).
 * The fixed team's side alternates every round so home and away even out.
 */
export function roundRobin<T>(teams: readonly T[]): [T, T][][] {
  const circle: (T | null)[] = teams.length % 2 === 0 ? [...teams] : [...teams, null];
  const size = circle.length;
  const rounds: [T, T][][] = [];
  for (let round = 0; round < size - 1; round++) {
    const pairs: [T, T][] = [];
    for (let i = 0; i < size / 2; i++) {
      const first = circle[i];
      const second = circle[size - 1 - i];
      if (first === null || second === null) continue;
      pairs.push(i === 0 && round % 2 === 1 ? [second, first] : [first, second]);
    }
    rounds.push(pairs);
    // Rotate everyone but the first: the last moves to second place.
    circle.splice(1, 0, circle.pop() as T | null);
  }
  return rounds;
}

/**
 * The Group Stage Week (1-based) by which round `round` (0-based) of `rounds` is due. The rounds spread evenly
 * over the weeks and the last is due at the end of the last week: with more weeks than rounds a round gets more
 * than a week; with more rounds than weeks some weeks hold two or more rounds (docs/decisions.md, Seasons).
 */
export const dueWeekOfRound = (round: number, rounds: number, weeks: number) =>
  Math.ceil(((round + 1) * Math.max(1, weeks)) / rounds);

export interface GroupFixture<T> {
  teamA: T;
  teamB: T;
  /** 0-based round of the round robin. */
  round: number;
  /** 1-based Group Stage Week the match is due in. */
  week: number;
  /** Start date plus `week` whole weeks. */
  dueByDate: number;
}

/** A group's round robin scheduled across the season's Group Stage Weeks (playoffWeeks) from its start date. */
export function scheduleGroupMatches<T>(teams: readonly T[], weeks: number, startDate: number): GroupFixture<T>[] {
  const rounds = roundRobin(teams);
  return rounds.flatMap((pairs, round) => {
    const week = dueWeekOfRound(round, rounds.length, weeks);
    const dueByDate = weeksAfter(startDate, week);
    return pairs.map(([teamA, teamB]) => ({ teamA, teamB, round, week, dueByDate }));
  });
}
