import { describe, expect, it } from 'vitest';
import {
  assertSeasonTransition,
  canSeason,
  nextSeasonType,
  SEASON_EVENT_TYPES,
  seasonActorFor,
  seasonTypeOfSnapshot,
  SeasonTransitionError,
  type SeasonEvent,
  type SeasonEventType,
} from '../../machines/rules/seasonMachine';
import { SEASON_TYPES, type SeasonType } from '../../src/domain/constants';

/** Events whose facts pass every guard: a 10-team season split 6 + 4, every grand final decided. */
const PASSING: Record<SeasonEventType, SeasonEvent> = {
  'season.closeSignups': { type: 'season.closeSignups' },
  'season.reopenSignups': { type: 'season.reopenSignups' },
  'season.preview': { type: 'season.preview' },
  'season.setDivisionSplits': { type: 'season.setDivisionSplits', divisionSplits: [6, 0, 4], joinedTeamsCount: 10 },
  'season.startGroupStages': { type: 'season.startGroupStages', divisionSplits: [6, 4], joinedTeamsCount: 10 },
  'season.resetGroupStages': { type: 'season.resetGroupStages' },
  'season.startPlayoffs': { type: 'season.startPlayoffs' },
  'season.revertToGroupStages': { type: 'season.revertToGroupStages' },
  'season.resetBracket': { type: 'season.resetBracket' },
  'season.complete': { type: 'season.complete', undecidedDivisions: 0 },
  'season.removeTeam': { type: 'season.removeTeam' },
  'season.edit': { type: 'season.edit' },
  'season.delete': { type: 'season.delete' },
};

/** The spec's admin menu table (seasons-and-admin §4): what each state allows and where it leads. */
const ALLOWED: Record<SeasonType, Partial<Record<SeasonEventType, SeasonType>>> = {
  OPEN: { 'season.closeSignups': 'CLOSED', 'season.removeTeam': 'OPEN', 'season.edit': 'OPEN', 'season.delete': 'OPEN' },
  CLOSED: {
    'season.reopenSignups': 'OPEN',
    'season.preview': 'CLOSED',
    'season.setDivisionSplits': 'CLOSED',
    'season.startGroupStages': 'GROUP_STAGES',
    'season.removeTeam': 'CLOSED',
    'season.edit': 'CLOSED',
    'season.delete': 'CLOSED',
  },
  GROUP_STAGES: {
    'season.resetGroupStages': 'CLOSED',
    'season.startPlayoffs': 'PLAYOFFS',
    'season.edit': 'GROUP_STAGES',
    'season.delete': 'GROUP_STAGES',
  },
  PLAYOFFS: {
    'season.revertToGroupStages': 'GROUP_STAGES',
    'season.resetBracket': 'PLAYOFFS',
    'season.complete': 'COMPLETE',
    'season.edit': 'PLAYOFFS',
    'season.delete': 'PLAYOFFS',
  },
  COMPLETE: { 'season.edit': 'COMPLETE', 'season.delete': 'COMPLETE' },
};

const cases = SEASON_TYPES.flatMap((seasonType) =>
  SEASON_EVENT_TYPES.map((eventType) => ({ seasonType, eventType, next: ALLOWED[seasonType][eventType] ?? null })),
);

function refusal(seasonType: SeasonType, event: SeasonEvent): SeasonTransitionError {
  try {
    assertSeasonTransition(seasonType, event);
  } catch (error) {
    if (error instanceof SeasonTransitionError) return error;
    throw error;
  }
  throw new Error(`${event.type} was allowed while ${seasonType}`);
}

describe('season lifecycle machine', () => {
  it.each(cases)('$seasonType + $eventType → $next', ({ seasonType, eventType, next }) => {
    const event = PASSING[eventType];
    expect(canSeason(seasonType, event)).toBe(next !== null);
    expect(nextSeasonType(seasonType, event)).toBe(next);
    const actor = seasonActorFor(seasonType);
    expect(actor.getSnapshot().can(event)).toBe(next !== null);
    actor.send(event);
    // A refused event leaves the actor where it was.
    expect(seasonTypeOfSnapshot(actor.getSnapshot())).toBe(next ?? seasonType);
    actor.stop();
  });

  it.each(cases.filter((c) => c.next === null))(
    'refuses $eventType while $seasonType with a 409 naming the state',
    ({ seasonType, eventType }) => {
      const error = refusal(seasonType, PASSING[eventType]);
      expect(error.statusCode).toBe(409);
      expect(error.message).toMatch(new RegExp(`^Cannot .+ while the season is ${seasonType}$`));
    },
  );

  it('names the refused action', () => {
    expect(refusal('CLOSED', PASSING['season.closeSignups']).message).toBe('Cannot close signups while the season is CLOSED');
    expect(refusal('OPEN', PASSING['season.startGroupStages']).message).toBe(
      'Cannot start the group stages while the season is OPEN',
    );
    expect(refusal('CLOSED', PASSING['season.startPlayoffs']).message).toBe('Cannot start the playoffs while the season is CLOSED');
    expect(refusal('GROUP_STAGES', PASSING['season.removeTeam']).message).toBe(
      'Cannot remove a team while the season is GROUP_STAGES',
    );
  });

  it('starts the group stages only with splits that cover every joined team', () => {
    const start = (divisionSplits: number[], joinedTeamsCount: number): SeasonEvent => ({
      type: 'season.startGroupStages',
      divisionSplits,
      joinedTeamsCount,
    });
    expect(canSeason('CLOSED', start([6, 4], 10))).toBe(true);
    expect(canSeason('CLOSED', start([6, 3], 10))).toBe(false);
    // Splits saved before two more teams joined no longer cover the season.
    expect(refusal('CLOSED', start([6, 4], 12)).message).toBe('The division splits must add up to the 12 teams in this season');
    expect(refusal('CLOSED', start([9, 1], 10)).message).toBe('Each division needs at least 2 teams');
    expect(refusal('CLOSED', start([], 1)).message).toBe('A season needs at least 2 teams to be split into divisions');
    // Outside CLOSED the state answers first, whatever the splits.
    expect(refusal('OPEN', start([6, 3], 10)).message).toBe('Cannot start the group stages while the season is OPEN');
  });

  it('saves division splits only when Remaining Teams is 0', () => {
    const save = (divisionSplits: number[]): SeasonEvent => ({ type: 'season.setDivisionSplits', divisionSplits, joinedTeamsCount: 8 });
    expect(assertSeasonTransition('CLOSED', save([4, 4, 0]))).toBe('CLOSED');
    expect(canSeason('CLOSED', save([4, 3]))).toBe(false);
    expect(canSeason('CLOSED', save([4, 5]))).toBe(false);
    expect(refusal('CLOSED', save([4, 2.5, 1.5])).message).toBe('Division splits must be whole numbers of teams');
  });

  it('completes only when every division has decided its grand final', () => {
    const complete = (undecidedDivisions: number): SeasonEvent => ({ type: 'season.complete', undecidedDivisions });
    expect(assertSeasonTransition('PLAYOFFS', complete(0))).toBe('COMPLETE');
    expect(refusal('PLAYOFFS', complete(1)).message).toBe('The grand final of 1 division is still to be decided');
    expect(refusal('PLAYOFFS', complete(3)).message).toBe('The grand finals of 3 divisions are still to be decided');
    expect(refusal('GROUP_STAGES', complete(0)).message).toBe('Cannot complete the playoffs while the season is GROUP_STAGES');
  });

  it('walks a whole life: close, reopen, close, split, start, reset, start, playoffs, revert, playoffs, complete', () => {
    const actor = seasonActorFor('OPEN');
    const path: SeasonEventType[] = [
      'season.closeSignups',
      'season.reopenSignups',
      'season.closeSignups',
      'season.setDivisionSplits',
      'season.startGroupStages',
      'season.resetGroupStages',
      'season.startGroupStages',
      'season.startPlayoffs',
      'season.revertToGroupStages',
      'season.startPlayoffs',
      'season.resetBracket',
      'season.complete',
    ];
    const seen = path.map((type) => {
      actor.send(PASSING[type]);
      return seasonTypeOfSnapshot(actor.getSnapshot());
    });
    expect(seen).toEqual([
      'CLOSED',
      'OPEN',
      'CLOSED',
      'CLOSED',
      'GROUP_STAGES',
      'CLOSED',
      'GROUP_STAGES',
      'PLAYOFFS',
      'GROUP_STAGES',
      'PLAYOFFS',
      'PLAYOFFS',
      'COMPLETE',
    ]);
    actor.stop();
  });
});
