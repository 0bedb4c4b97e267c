import { assign, setup } from 'xstate';
import type { LiveQueueChange } from '../../src/api/contract/live';
import { queueStream } from '../../src/api/endpoints/live';
import { liveEvents, type LiveConnection, type LiveEvent } from './liveEvents';

/** The two tables of an admin queue page. */
export type QueueTable = 'season' | 'tournament';

export interface MatchQueueLiveContext {
  /** Matches changed since each table was last read: the page shows "N new" instead of moving rows under the pointer. */
  changed: Record<QueueTable, number>;
  connection: LiveConnection;
}

export type MatchQueueLiveEvent = { type: 'queue.seen'; table: QueueTable } | LiveEvent<LiveQueueChange>;

const tableOf = (topic: string): QueueTable => (topic.startsWith('division:') ? 'season' : 'tournament');

/**
 * The admin queues' live stream (staff): counts the changed matches of each table until the admin shows them
 * (`queue.seen`, which the view sends with the table's reload). After a `reset` nobody can say how many changed, so
 * both tables show at least one.
 */
export const matchQueueLiveMachine = setup({
  types: { context: {} as MatchQueueLiveContext, events: {} as MatchQueueLiveEvent },
  actors: { liveEvents: liveEvents<LiveQueueChange>() },
}).createMachine({
  id: 'matchQueueLive',
  context: { changed: { season: 0, tournament: 0 }, connection: 'connecting' },
  invoke: { id: 'liveEvents', src: 'liveEvents', input: () => queueStream() },
  on: {
    'live.change': {
      actions: assign({
        changed: ({ context, event }) => {
          const table = tableOf(event.change.topic);
          return { ...context.changed, [table]: context.changed[table] + (event.change.ids?.length ?? 1) };
        },
      }),
    },
    'live.reset': { actions: assign({ changed: ({ context }) => ({ season: Math.max(1, context.changed.season), tournament: Math.max(1, context.changed.tournament) }) }) },
    'live.lost': { actions: assign({ connection: 'reconnecting' }) },
    'live.connected': { actions: assign({ connection: 'live' }) },
    'queue.seen': { actions: assign({ changed: ({ context, event }) => ({ ...context.changed, [event.table]: 0 }) }) },
  },
});
