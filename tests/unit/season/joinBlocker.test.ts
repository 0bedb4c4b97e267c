import { describe, expect, it } from 'vitest';
import { JOIN_SEASON_TOOLTIPS } from '../../../src/domain/messages';
import { joinBlocker, type JoinSeasonFacts } from '../../../src/domain/season/joinBlocker';
import { entryClosesAt, seasonDatesError, seasonEntryOpen, seasonWeeks } from '../../../src/domain/season/seasonDates';

const DAY = 24 * 60 * 60 * 1000;
const start = new Date(2026, 5, 15, 18, 0).getTime();

/** A captain of a three-player team, signed in, ten days before an OPEN season starts. */
const allowed: JoinSeasonFacts = {
  seasonType: 'OPEN',
  startDate: start,
  now: start - 10 * DAY,
  signedIn: true,
  inTeam: true,
  isCaptain: true,
  userPartOfTeam: false,
  teamMembersCount: 3,
};

describe('joining a season', () => {
  it('lets a captain with a team member join an open season', () => {
    expect(joinBlocker(allowed)).toBeNull();
    expect(joinBlocker({ ...allowed, teamMembersCount: 2 })).toBeNull();
  });

  it.each([
    ['a CLOSED season', { seasonType: 'CLOSED' }, JOIN_SEASON_TOOLTIPS.closed],
    ['a season in its group stages', { seasonType: 'GROUP_STAGES' }, JOIN_SEASON_TOOLTIPS.closed],
    ['an OPEN season 3 days before its start', { now: start - 3 * DAY }, JOIN_SEASON_TOOLTIPS.closed],
    ['a guest', { signedIn: false, inTeam: false, isCaptain: false }, JOIN_SEASON_TOOLTIPS.login],
    ['a player without a team', { inTeam: false, isCaptain: false }, JOIN_SEASON_TOOLTIPS.noTeam],
    ['a team already in the season', { userPartOfTeam: true }, JOIN_SEASON_TOOLTIPS.alreadyIn],
    ['a captain alone in the team', { teamMembersCount: 1 }, JOIN_SEASON_TOOLTIPS.noMembers],
    ['a player who is not the captain', { isCaptain: false }, JOIN_SEASON_TOOLTIPS.notCaptain],
  ] as const)('refuses %s with its tooltip', (_, facts, tooltip) => {
    expect(joinBlocker({ ...allowed, ...facts })).toBe(tooltip);
  });

  it('answers the first refusal in the spec order', () => {
    expect(joinBlocker({ ...allowed, seasonType: 'CLOSED', signedIn: false })).toBe(JOIN_SEASON_TOOLTIPS.closed);
    expect(joinBlocker({ ...allowed, userPartOfTeam: true, isCaptain: false })).toBe(JOIN_SEASON_TOOLTIPS.alreadyIn);
    expect(joinBlocker({ ...allowed, teamMembersCount: 1, isCaptain: false })).toBe(JOIN_SEASON_TOOLTIPS.noMembers);
  });

  it('closes entry 3 calendar days before the start date', () => {
    expect(new Date(entryClosesAt(start))).toEqual(new Date(2026, 5, 12, 18, 0));
    const open = { seasonType: 'OPEN', startDate: start };
    expect(seasonEntryOpen(open, entryClosesAt(start) - 1)).toBe(true);
    expect(seasonEntryOpen(open, entryClosesAt(start))).toBe(false);
    expect(seasonEntryOpen({ ...open, seasonType: 'CLOSED' }, start - 30 * DAY)).toBe(false);
  });
});

describe('season dates', () => {
  it('counts whole weeks from the start to the grand final due date, rounded down', () => {
    const on = (day: number) => new Date(2026, 0, day, 18, 0).getTime();
    expect(seasonWeeks(on(1), on(1))).toBe(0);
    expect(seasonWeeks(on(1), on(7))).toBe(0);
    expect(seasonWeeks(on(1), on(8))).toBe(1);
    expect(seasonWeeks(on(1), on(70))).toBe(9);
    expect(seasonWeeks(on(1), on(71))).toBe(10);
    // Across the March clock change a week is still a week.
    expect(seasonWeeks(new Date(2026, 2, 1).getTime(), new Date(2026, 3, 5).getTime())).toBe(5);
    expect(seasonWeeks(on(1), null)).toBeNull();
  });

  it('wants every due date on or after the start and the grand final due last', () => {
    const week = (n: number) => start + n * 7 * DAY;
    const dates = {
      startDate: start,
      round1DueBy: week(5),
      losers1DueBy: week(6),
      round2DueBy: week(6),
      losers2DueBy: week(7),
      winnersFinalDueBy: week(7),
      losers3DueBy: week(8),
      losersFinalDueBy: week(8),
      grandFinalDueBy: week(9),
    };
    expect(seasonDatesError(dates)).toBeNull();
    expect(seasonDatesError({ ...dates, round1DueBy: start - DAY })).toBe('Every due date must be on or after the season start date');
    expect(seasonDatesError({ ...dates, losersFinalDueBy: week(10) })).toBe('The grand final must be due last');
  });
});
