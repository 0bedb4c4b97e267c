import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { bracketPageMachine, type LoadedBracket } from '../../machines/flows/bracketPageMachine';
import type { LiveEvent } from '../../machines/flows/liveEvents';
import type { LiveTournamentMatches } from '../../src/api/contract/live';
import { toCompactBracket } from '../../src/api/contract/bracket';
import type { TournamentStatus } from '../../src/api/contract/tournament';
import { ApiError } from '../../src/api/client';
import { aMatch, aTournament, effectLog } from '../support/machineFixtures';

function start(opts: { isStaff?: boolean; status?: TournamentStatus; load?: () => Promise<LoadedBracket>; reset?: () => Promise<void> } = {}) {
  const { calls, record } = effectLog();
  const requests: string[] = [];
  const tab = { show: () => {} };
  const live = { send: (_event: LiveEvent<LiveTournamentMatches>) => {}, url: '' };
  const loaded = { tournament: aTournament({ status: opts.status ?? 'ACTIVE' }), bracket: { etag: 'W/"c1-7-1"', bracket: toCompactBracket([aMatch()]) } };
  const logic = bracketPageMachine.provide({
    actors: {
      loadBracket: fromPromise(async () => {
        requests.push('load');
        return (opts.load ?? (async () => loaded))();
      }),
      resetBracket: fromPromise(async () => {
        requests.push('reset');
        await (opts.reset ?? (async () => undefined))();
      }),
      watchVisibility: fromCallback(({ sendBack }) => {
        tab.show = () => sendBack({ type: 'page.visible' });
      }),
      liveEvents: fromCallback(({ sendBack, input }) => {
        live.url = (input as { url: string }).url;
        live.send = sendBack;
      }),
    },
    actions: { notifyReset: record('notifyReset'), reportError: record('reportError') },
  });
  const actor = createActor(logic, { input: { tournamentId: 7, isStaff: opts.isStaff ?? false } }).start();
  return { actor, calls, requests, tab, live };
}

describe('bracketPageMachine', () => {
  beforeEach(() => vi.stubGlobal('document', { visibilityState: 'visible' }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('follows the live stream: reads again once connected, puts changed matches in place, and says when it reconnects', async () => {
    vi.useFakeTimers();
    const { actor, requests, live } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(live.url).toBe('/v1/tournament/7/events');
    expect(actor.getSnapshot().context.connection).toBe('connecting');
    const view = actor.getSnapshot().context.view;
    expect(view).toHaveLength(1);

    // Changes made while the page loaded: read once more when the stream is up; the same answer keeps the same view.
    live.send({ type: 'live.connected' });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual(['load', 'load']);
    expect(actor.getSnapshot().context.connection).toBe('live');
    expect(actor.getSnapshot().context.view).toBe(view);

    live.send({ type: 'live.change', change: { matches: [aMatch({ winningEntry: 'EntryA', scoreA: 3, scoreB: 1 })] } });
    const changed = actor.getSnapshot().context.view;
    expect(changed).not.toBe(view);
    expect(changed[0]).toMatchObject({ id: 11, winner: 'A' });
    expect(requests).toEqual(['load', 'load']);

    live.send({ type: 'live.lost' });
    expect(actor.getSnapshot().context.connection).toBe('reconnecting');
    // Caught up by the replay: no read.
    live.send({ type: 'live.connected' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.connection).toBe('live');
    expect(requests).toEqual(['load', 'load']);
  });

  it('reads the bracket again on reset, on a change it does not hold, and when the tab shows again; never on a timer', async () => {
    vi.useFakeTimers();
    const { actor, requests, live, tab } = start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toEqual(['load']);
    live.send({ type: 'live.reset' });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual(['load', 'load']);
    live.send({ type: 'live.change', change: { matches: [aMatch({ id: 99 })] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual(['load', 'load', 'load']);
    expect(actor.getSnapshot().context.view.map((m) => m.id)).toEqual([11]);
    tab.show();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(4);
  });

  it('answers an unknown tournament as not found without a notification, and reports other failures', async () => {
    const missing = start({ load: async () => Promise.reject(new ApiError(404, 'Tournament not found')) });
    await waitFor(missing.actor, (s) => s.matches('failed'));
    expect(missing.calls).toEqual([]);

    const busy = start({ load: async () => Promise.reject(new ApiError(500, 'The database is busy')) });
    await waitFor(busy.actor, (s) => s.matches('failed'));
    expect(busy.calls).toEqual(['reportError:The database is busy']);
    expect(busy.actor.getSnapshot().can({ type: 'bracket.retry' })).toBe(true);
  });

  it('lets staff reset a bracket after confirming, then reads it again', async () => {
    const { actor, calls, requests } = start({ isStaff: true });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'reset.request' });
    expect(actor.getSnapshot().matches({ ready: { reset: 'confirming' } })).toBe(true);
    actor.send({ type: 'reset.confirm' });
    await waitFor(actor, (s) => s.matches({ ready: { reset: 'idle', sync: 'waiting' } }) && requests.length === 3);
    expect(requests).toEqual(['load', 'reset', 'load']);
    expect(calls).toEqual(['notifyReset']);
  });

  it('offers no reset to players', async () => {
    const { actor } = start({ isStaff: false });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().can({ type: 'reset.request' })).toBe(false);
  });
});
