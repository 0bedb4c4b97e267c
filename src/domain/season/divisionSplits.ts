import { DIVISION_MIN_TEAMS } from '../constants';
import { SEASON_ERRORS } from '../messages';

const total = (splits: readonly number[]) => splits.reduce((sum, n) => sum + n, 0);

/** Remaining Teams of the splits dialog: joined teams not yet placed (negative when over-placed). */
export const remainingTeams = (splits: readonly number[], joinedTeamsCount: number) => joinedTeamsCount - total(splits);

/** The splits as saved: zero entries dropped. */
export const normaliseSplits = (splits: readonly number[]) => splits.filter((n) => n !== 0);

/**
 * Why these splits cannot be saved (or the group stages started with them); null when they can. Save is enabled
 * only when Remaining Teams is 0; beyond the spec, a division needs 2 teams to play anything (docs/decisions.md).
 */
export function divisionSplitsError(splits: readonly number[], joinedTeamsCount: number): string | null {
  if (joinedTeamsCount < DIVISION_MIN_TEAMS) return SEASON_ERRORS.tooFewTeams;
  if (splits.some((n) => !Number.isInteger(n) || n < 0)) return SEASON_ERRORS.splitsNotWhole;
  if (remainingTeams(splits, joinedTeamsCount) !== 0) return SEASON_ERRORS.splitsTotal(joinedTeamsCount);
  if (normaliseSplits(splits).some((n) => n < DIVISION_MIN_TEAMS)) return SEASON_ERRORS.divisionTooSmall;
  return null;
}

/** "Division 1", "Division 2", … in split order (Division 1 the strongest). */
export const divisionName = (index: number) => `Division ${index + 1}`;

/**
 * Teams placed into divisions by the splits: strongest average KR first (ties by id), the first split's count
 * to Division 1, the next to Division 2, and so on. Expects splits that pass `divisionSplitsError`.
 */
export function splitIntoDivisions<T extends { id: number; averageKR: number }>(
  teams: readonly T[],
  splits: readonly number[],
): T[][] {
  const ranked = byStrength(teams);
  const divisions: T[][] = [];
  let from = 0;
  for (const size of normaliseSplits(splits)) {
    divisions.push(ranked.slice(from, from + size));
    from += size;
  }
  return divisions;
}

/** Strongest first: average KR high to low, then id (a stable, total order). */
export function byStrength<T extends { id: number; averageKR: number }>(teams: readonly T[]): T[] {
  return [...teams].sort((a, b) => b.averageKR - a.averageKR || a.id - b.id);
}
