import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { divisionBracketMachine } from '../../machines/flows/divisionBracketMachine';
import type { LiveEvent } from '../../machines/flows/liveEvents';
import { ApiError } from '../../src/api/client';
import type { LiveDivisionMatches } from '../../src/api/contract/live';
import type { DivisionDetail, SeasonMatch } from '../../src/api/contract/season';
import { aSeasonMatch } from '../support/machineFixtures';

/** A playoff match of division 5 (no group, numbered). */
const aPlayoffMatch = (over: Partial<SeasonMatch> = {}) =>
  aSeasonMatch({ id: 100, divisionId: 5, groupId: null, matchType: 'PLAYOFF', roundType: 'ROUND1', matchNumber: 1, ...over });

function aDivision(elimMatches: SeasonMatch[]): DivisionDetail {
  const team = (id: number) => ({ id, name: `Team ${id}` }) as DivisionDetail['groupATeams'][number];
  return {
    id: 5,
    seasonId: 2,
    name: 'Division 1',
    divisionType: 'ONE',
    groupAId: 1,
    groupBId: 2,
    groupATeams: [1, 3, 5, 7].map(team),
    groupBTeams: [2, 4, 6, 8].map(team),
    groupAUpcoming: [],
    groupBUpcoming: [],
    elimMatches,
  } as unknown as DivisionDetail;
}

function start(load: () => Promise<DivisionDetail>) {
  const reads: number[] = [];
  const live = { send: (_event: LiveEvent<LiveDivisionMatches>) => {}, url: '' };
  const tab = { show: () => {} };
  const logic = divisionBracketMachine.provide({
    actors: {
      loadDivision: fromPromise(async ({ input }: { input: { divisionId: number } }) => {
        reads.push(input.divisionId);
        return load();
      }),
      liveEvents: fromCallback(({ sendBack, input }) => {
        live.url = (input as { url: string }).url;
        live.send = sendBack;
      }),
      watchVisibility: fromCallback(({ sendBack }) => {
        tab.show = () => sendBack({ type: 'page.visible' });
      }),
    },
  });
  const actor = createActor(logic, { input: { divisionId: 5 } }).start();
  return { actor, reads, live, tab };
}

describe('divisionBracketMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('draws the playoffs, then reads them again when a playoff match changes, the stream resets or the tab shows again', async () => {
    let division = aDivision([aPlayoffMatch()]);
    const { actor, reads, live, tab } = start(async () => division);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(live.url).toBe('/v1/season/division/5/events');
    expect(actor.getSnapshot().context.view.map((m) => [m.id, m.a.label, m.b.label, m.winner])).toEqual([[100, 'Alpha', 'Bravo', null]]);

    // The first connection reads once more (changes made while the page loaded).
    live.send({ type: 'live.connected' });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toEqual([5, 5]);
    expect(actor.getSnapshot().context.connection).toBe('live');

    // A group-stage change is not drawn: nothing is read.
    live.send({ type: 'live.change', change: { matches: [aSeasonMatch({ id: 7, divisionId: 5 })] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(2);

    // A playoff result: read again, and the canvas gets the decided match.
    division = aDivision([aPlayoffMatch({ winningTeam: 'TeamB', teamAScoreA: 1, teamAScoreB: 3, teamBScoreA: 1, teamBScoreB: 3 })]);
    live.send({ type: 'live.change', change: { matches: [division.elimMatches[0]] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(3);
    expect(actor.getSnapshot().context.view[0].winner).toBe('B');

    live.send({ type: 'live.lost' });
    expect(actor.getSnapshot().context.connection).toBe('reconnecting');
    live.send({ type: 'live.reset' });
    await vi.advanceTimersByTimeAsync(0);
    tab.show();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(5);
  });

  it('keeps the bracket on screen when a refresh fails, and a missing division fails with its 404', async () => {
    let fail = false;
    const { actor, live } = start(async () => {
      if (fail) throw new Error('network');
      return aDivision([aPlayoffMatch()]);
    });
    await vi.advanceTimersByTimeAsync(0);
    fail = true;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    live.send({ type: 'live.reset' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ ready: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().context.view).toHaveLength(1);

    const missing = start(async () => {
      throw new ApiError(404, 'Division not found');
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(missing.actor.getSnapshot().matches('failed')).toBe(true);
    expect((missing.actor.getSnapshot().context.error as ApiError).status).toBe(404);
  });
});
