import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { BRACKET_REFRESH_MS, bracketPageMachine, type LoadedBracket } from '../../machines/bracketPageMachine';
import { toCompactBracket } from '../../src/api/contract/bracket';
import type { TournamentStatus } from '../../src/api/contract/tournament';
import { ApiError } from '../../src/api/client';
import { aMatch, aTournament, effectLog } from '../support/machineFixtures';

function start(opts: { isStaff?: boolean; status?: TournamentStatus; load?: () => Promise<LoadedBracket>; reset?: () => Promise<void> } = {}) {
  const { calls, record } = effectLog();
  const requests: string[] = [];
  const tab = { show: () => {} };
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
    },
    actions: { notifyReset: record('notifyReset'), reportError: record('reportError') },
  });
  const actor = createActor(logic, { input: { tournamentId: 7, isStaff: opts.isStaff ?? false } }).start();
  return { actor, calls, requests, tab };
}

describe('bracketPageMachine', () => {
  beforeEach(() => vi.stubGlobal('document', { visibilityState: 'visible' }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reads an ACTIVE bracket again every 30 s and when the tab shows again, keeping the same view when nothing changed', async () => {
    vi.useFakeTimers();
    const { actor, requests, tab } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    const view = actor.getSnapshot().context.view;
    expect(view).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(BRACKET_REFRESH_MS);
    expect(requests).toEqual(['load', 'load']);
    tab.show();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual(['load', 'load', 'load']);
    expect(actor.getSnapshot().context.view).toBe(view);
  });

  it('does not poll a bracket that is over', async () => {
    vi.useFakeTimers();
    const { requests } = start({ status: 'COMPLETED' });
    await vi.advanceTimersByTimeAsync(BRACKET_REFRESH_MS * 2);
    expect(requests).toEqual(['load']);
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
