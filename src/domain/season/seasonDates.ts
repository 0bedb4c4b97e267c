import { addWeeks, differenceInDays, subDays } from 'date-fns';
import { SEASON_ENTRY_CLOSES_DAYS_BEFORE } from '../constants';
import { SEASON_ERRORS } from '../messages';
import { PLAYOFF_DUE_DATE_FIELDS, type DueDateField } from '../../api/contract/seasonFields';

/** The eight playoff due dates of a season (seasons-and-admin §3), epoch ms; declared with the season's fields. */
export type PlayoffDueDates = Record<DueDateField, number>;

export { PLAYOFF_DUE_DATE_FIELDS };

/** Entry closes 3 days before the start date (calendar days, so a DST change does not move it by an hour). */
export const entryClosesAt = (startDate: number) => subDays(startDate, SEASON_ENTRY_CLOSES_DAYS_BEFORE).getTime();

/** Teams may join while the season is OPEN and its entry has not closed. */
export function seasonEntryOpen(season: { seasonType: string; startDate: number }, now: number): boolean {
  return season.seasonType === 'OPEN' && now < entryClosesAt(season.startDate);
}

/** Season length in whole weeks: full days from start to the grand final due date ÷ 7, rounded down (never negative). */
export function seasonWeeks(startDate: number, grandFinalDueBy: number | null): number | null {
  if (grandFinalDueBy === null) return null;
  return Math.max(0, Math.floor(differenceInDays(grandFinalDueBy, startDate) / 7));
}

/** The date `weeks` whole weeks after `startDate` (same wall-clock time, DST included). */
export const weeksAfter = (startDate: number, weeks: number) => addWeeks(startDate, weeks).getTime();

/**
 * The season dialog's date rule beyond "required" (the spec leaves order open, see docs/decisions.md):
 * no due date before the start, and the grand final due last. Null when the dates are fine.
 */
export function seasonDatesError(season: { startDate: number } & PlayoffDueDates): string | null {
  const dues = PLAYOFF_DUE_DATE_FIELDS.map((field) => season[field]);
  if (dues.some((due) => due < season.startDate)) return SEASON_ERRORS.dueBeforeStart;
  if (dues.some((due) => due > season.grandFinalDueBy)) return SEASON_ERRORS.grandFinalNotLast;
  return null;
}
