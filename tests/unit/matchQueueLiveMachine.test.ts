import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { matchQueueLiveMachine } from '../../machines/flows/matchQueueLiveMachine';
import type { LiveEvent } from '../../machines/flows/liveEvents';
import type { LiveQueueChange } from '../../src/api/contract/live';

describe('matchQueueLiveMachine', () => {
  it('counts changed matches per table until the admin shows them, and says when it reconnects', () => {
    const live = { url: '', send: (_e: LiveEvent<LiveQueueChange>) => {} };
    const logic = matchQueueLiveMachine.provide({
      actors: {
        liveEvents: fromCallback(({ sendBack, input }) => {
          live.url = (input as { url: string }).url;
          live.send = sendBack;
        }),
      },
    });
    const actor = createActor(logic).start();
    expect(live.url).toBe('/v1/match/events');
    live.send({ type: 'live.change', change: { topic: 'tournament:4', ids: [7, 8] } });
    live.send({ type: 'live.change', change: { topic: 'division:2', ids: [3] } });
    live.send({ type: 'live.change', change: { topic: 'tournament:5', ids: null } });
    expect(actor.getSnapshot().context.changed).toEqual({ tournament: 3, season: 1 });

    actor.send({ type: 'queue.seen', table: 'tournament' });
    expect(actor.getSnapshot().context.changed).toEqual({ tournament: 0, season: 1 });

    live.send({ type: 'live.lost' });
    expect(actor.getSnapshot().context.connection).toBe('reconnecting');
    live.send({ type: 'live.reset' });
    live.send({ type: 'live.connected' });
    expect(actor.getSnapshot().context).toMatchObject({ connection: 'live', changed: { tournament: 1, season: 1 } });
  });
});
