import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { divisionPageMachine } from '../../machines/flows/divisionPageMachine';
import type { LiveEvent } from '../../machines/flows/liveEvents';
import type { LiveDivisionMatches } from '../../src/api/contract/live';
import type { DivisionDetail, SeasonMatch } from '../../src/api/contract/season';
import type { SeasonType } from '../../src/domain/constants';
import { ApiError } from '../../src/api/client';
import { effectLog } from '../support/machineFixtures';

const playoffMatch = (number: number, decided: boolean): SeasonMatch => ({
  id: 100 + number,
  seasonName: 'Season 9',
  seasonId: 9,
  divisionId: 4,
  groupId: null,
  dueByDate: null,
  teamA: { id: 1, name: 'Alpha', logoUrl: null },
  teamB: { id: 2, name: 'Bravo', logoUrl: null },
  winningTeam: decided ? 'TeamA' : null,
  teamAScoreA: decided ? 3 : null,
  teamAScoreB: decided ? 1 : null,
  teamBScoreA: decided ? 3 : null,
  teamBScoreB: decided ? 1 : null,
  scoreA: decided ? 3 : null,
  scoreB: decided ? 1 : null,
  matchType: 'PLAYOFF',
  roundType: 'ROUND1',
  matchNumber: number,
  position: 'FIRST',
  dispute: false,
  teamABye: false,
  teamBBye: false,
});

const aDivision = (decided: boolean, seasonType: SeasonType = 'PLAYOFFS'): DivisionDetail => ({
  id: 4,
  seasonId: 9,
  seasonType,
  name: 'Division 1',
  divisionType: 'ROUND1',
  groupAId: 1,
  groupBId: 2,
  groupATeams: [],
  groupBTeams: [],
  groupAUpcoming: [],
  groupBUpcoming: [],
  elimMatches: [playoffMatch(1, decided)],
});

function start(opts: { isStaff?: boolean; answers?: (() => Promise<DivisionDetail>)[]; reset?: () => Promise<DivisionDetail> } = {}) {
  const { calls, record } = effectLog();
  const requests: string[] = [];
  const live = { send: (_event: LiveEvent<LiveDivisionMatches>) => {}, url: '', opened: 0 };
  const answers = [...(opts.answers ?? [async () => aDivision(true)])];
  const logic = divisionPageMachine.provide({
    actors: {
      loadDivision: fromPromise(async () => {
        requests.push('load');
        return (answers.length > 1 ? answers.shift()! : answers[0])();
      }),
      resetBracket: fromPromise(async ({ input }) => {
        requests.push(`reset ${JSON.stringify(input)}`);
        return (opts.reset ?? (async () => aDivision(false)))();
      }),
      watchVisibility: fromCallback(() => {}),
      liveEvents: fromCallback(({ sendBack, input }) => {
        live.url = (input as { url: string }).url;
        live.opened += 1;
        live.send = sendBack;
      }),
    },
    actions: { notifyReset: record('notifyReset'), reportError: record('reportError') },
  });
  const actor = createActor(logic, { input: { divisionId: 4, isStaff: opts.isStaff ?? false } }).start();
  return { actor, calls, requests, live };
}

const decided = (d: DivisionDetail | null) => d?.elimMatches[0].winningTeam !== null;

describe('divisionPageMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('follows the division live: a viewer sees a reset made elsewhere without reloading', async () => {
    const { actor, requests, live } = start({ answers: [async () => aDivision(true), async () => aDivision(true), async () => aDivision(false)] });
    await vi.advanceTimersByTimeAsync(0);
    expect(live.url).toBe('/v1/season/division/4/events');
    expect(decided(actor.getSnapshot().context.division)).toBe(true);
    const first = actor.getSnapshot().context.division;
    live.send({ type: 'live.connected' });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual(['load', 'load']);
    // The same answer keeps the same division (nothing on the page is fed again).
    expect(actor.getSnapshot().context.division).toBe(first);
    // Staff reset the bracket in another tab: the stream tells, the page reads the division again.
    live.send({ type: 'live.change', change: { matches: [] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual(['load', 'load', 'load']);
    expect(decided(actor.getSnapshot().context.division)).toBe(false);
    // The stream is down, then caught up by its replay: no read; a tab shown again reads.
    live.send({ type: 'live.lost' });
    expect(actor.getSnapshot().context.connection).toBe('reconnecting');
    live.send({ type: 'live.connected' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.connection).toBe('live');
    expect(requests).toHaveLength(3);
    actor.send({ type: 'page.visible' });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(4);
  });

  it('reads again when a change comes while it reads, so the older answer does not stay', async () => {
    let release = () => {};
    const slow = () => new Promise<DivisionDetail>((resolve) => (release = () => resolve(aDivision(true))));
    const { actor, requests, live } = start({ answers: [async () => aDivision(true), slow, async () => aDivision(false)] });
    await vi.advanceTimersByTimeAsync(0);
    live.send({ type: 'live.change', change: { matches: [] } });
    await vi.advanceTimersByTimeAsync(0);
    live.send({ type: 'live.change', change: { matches: [] } });
    await vi.advanceTimersByTimeAsync(0);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual(['load', 'load', 'load']);
    expect(decided(actor.getSnapshot().context.division)).toBe(false);
  });

  it('lets staff reset after a confirmation; the answer is shown and Bracket Reset notified', async () => {
    const { actor, calls, requests } = start({ isStaff: true });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'reset.request' });
    expect(actor.getSnapshot().matches({ ready: { reset: 'confirming' } })).toBe(true);
    actor.send({ type: 'reset.cancel' });
    expect(requests).toEqual(['load']);
    actor.send({ type: 'reset.request' });
    actor.send({ type: 'reset.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual(['load', 'reset {"seasonId":9,"divisionId":4}']);
    expect(calls).toEqual(['notifyReset']);
    expect(decided(actor.getSnapshot().context.division)).toBe(false);
    expect(actor.getSnapshot().matches({ ready: { reset: 'idle' } })).toBe(true);
  });

  it('keeps an open confirmation and a reset on its way while the division is read again', async () => {
    let finish = () => {};
    const reset = () => new Promise<DivisionDetail>((resolve) => (finish = () => resolve(aDivision(false))));
    const { actor, calls, requests, live } = start({ isStaff: true, reset });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'reset.request' });
    // The stream connects (the first read again) and a result comes while staff read the warning.
    live.send({ type: 'live.connected' });
    live.send({ type: 'live.change', change: { matches: [] } });
    expect(actor.getSnapshot().matches({ ready: { reset: 'confirming', sync: 'refreshing' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ ready: { reset: 'confirming' } })).toBe(true);
    actor.send({ type: 'reset.confirm' });
    live.send({ type: 'live.change', change: { matches: [] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ ready: { reset: 'resetting' } })).toBe(true);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['notifyReset']);
    expect(requests.filter((r) => r.startsWith('reset'))).toHaveLength(1);
    // One stream for the page's life: reading again does not open it again.
    expect(live.opened).toBe(1);
  });

  it('offers no reset to players, nor outside the playoffs; a refused reset is reported', async () => {
    const player = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(player.actor.getSnapshot().can({ type: 'reset.request' })).toBe(false);
    const complete = start({ isStaff: true, answers: [async () => aDivision(true, 'COMPLETE')] });
    await vi.advanceTimersByTimeAsync(0);
    expect(complete.actor.getSnapshot().can({ type: 'reset.request' })).toBe(false);
    const refused = start({ isStaff: true, reset: async () => Promise.reject(new ApiError(409, 'Cannot reset a division bracket while the season is GROUP_STAGES')) });
    await vi.advanceTimersByTimeAsync(0);
    refused.actor.send({ type: 'reset.request' });
    refused.actor.send({ type: 'reset.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(refused.calls).toEqual(['reportError:Cannot reset a division bracket while the season is GROUP_STAGES']);
  });

  it('answers a division that is gone with failed, without an error notice', async () => {
    const { actor, calls } = start({ answers: [async () => Promise.reject(new ApiError(404, 'Division not found'))] });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(calls).toEqual([]);
  });
});
