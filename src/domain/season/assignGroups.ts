import { byStrength } from './divisionSplits';

/**
 * Group A and Group B of one division, balanced by average KR in snake order: ranked strongest first, the teams
 * go A, B, B, A, A, B, B, A, … so each pair of picks hands the stronger team to alternating groups. The groups'
 * sizes differ by at most one and their KR totals by at most the spread of the division (with an odd count, by at
 * most the strongest team's KR: the weakest has no partner).
 */
export function assignGroups<T extends { id: number; averageKR: number }>(teams: readonly T[]): { A: T[]; B: T[] } {
  const A: T[] = [];
  const B: T[] = [];
  byStrength(teams).forEach((team, rank) => {
    const pair = Math.floor(rank / 2);
    const firstOfPair = rank % 2 === 0;
    (firstOfPair === (pair % 2 === 0) ? A : B).push(team);
  });
  return { A, B };
}
