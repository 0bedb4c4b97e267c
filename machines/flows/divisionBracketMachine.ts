import { assign, fromPromise, raise, setup } from 'xstate';
import type { LiveDivisionMatches } from '../../src/api/contract/live';
import type { DivisionDetail } from '../../src/api/contract/season';
import { divisionStream } from '../../src/api/endpoints/live';
import { getDivision } from '../../src/api/endpoints/seasons';
import { fromSeasonMatches } from '../../src/bracket/fromSeason';
import type { ViewMatch } from '../../src/bracket/model';
import { playoffSeeds } from '../../src/domain/season/playoffBracket';
import { liveEvents, watchVisibility, type LiveConnection, type LiveEvent } from './liveEvents';

export interface DivisionBracketContext {
  divisionId: number;
  division: DivisionDetail | null;
  /** The canvas's data: the division's playoffs (empty before they exist). */
  view: ViewMatch[];
  error: unknown;
  connection: LiveConnection;
}

export type DivisionBracketEvent = { type: 'division.retry' } | { type: 'division.refresh' } | { type: 'page.visible' } | LiveEvent<LiveDivisionMatches>;

const viewOf = (d: DivisionDetail) => fromSeasonMatches(d.elimMatches, playoffSeeds(d.groupATeams, d.groupBTeams).length);

/**
 * A league division's playoff bracket, live: loads the division, then follows the division's stream. A change of a
 * playoff match (no group), a `reset`, the first connection (changes made while the page loaded) and a visible tab
 * again read the division again (its playoffs are 15 matches at most: a read, not a patch). Group-stage changes are
 * not drawn and read nothing.
 */
export const divisionBracketMachine = setup({
  types: {
    context: {} as DivisionBracketContext,
    events: {} as DivisionBracketEvent,
    input: {} as { divisionId: number },
  },
  actors: {
    loadDivision: fromPromise<DivisionDetail, { divisionId: number }>(({ input }) => getDivision(input.divisionId)),
    liveEvents: liveEvents<LiveDivisionMatches>(),
    watchVisibility,
  },
  actions: {
    keep: assign((_, division: DivisionDetail) => ({ division, view: viewOf(division) })),
  },
  guards: {
    isFirstConnection: ({ context }) => context.connection === 'connecting',
    touchesPlayoffs: ({ event }) => event.type === 'live.change' && event.change.matches.some((m) => m.groupId === null),
  },
}).createMachine({
  id: 'divisionBracket',
  context: ({ input }) => ({ divisionId: input.divisionId, division: null, view: [], error: null, connection: 'connecting' }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadDivision',
        input: ({ context }) => ({ divisionId: context.divisionId }),
        onDone: { target: 'ready', actions: { type: 'keep', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    failed: { on: { 'division.retry': 'loading' } },
    ready: {
      invoke: [
        { id: 'watchVisibility', src: 'watchVisibility' },
        { id: 'liveEvents', src: 'liveEvents', input: ({ context }) => divisionStream(context.divisionId) },
      ],
      on: {
        'live.connected': [
          { guard: 'isFirstConnection', actions: [assign({ connection: 'live' }), raise({ type: 'division.refresh' })] },
          { actions: assign({ connection: 'live' }) },
        ],
        'live.lost': { actions: assign({ connection: 'reconnecting' }) },
        'live.reset': { actions: raise({ type: 'division.refresh' }) },
        'live.change': { guard: 'touchesPlayoffs', actions: raise({ type: 'division.refresh' }) },
        'page.visible': { actions: raise({ type: 'division.refresh' }) },
      },
      initial: 'waiting',
      states: {
        waiting: { on: { 'division.refresh': 'refreshing' } },
        refreshing: {
          invoke: {
            src: 'loadDivision',
            input: ({ context }) => ({ divisionId: context.divisionId }),
            onDone: { target: 'waiting', actions: { type: 'keep', params: ({ event }) => event.output } },
            // A background read that fails leaves the bracket on screen; the next change or visible tab reads again.
            onError: { target: 'waiting', actions: ({ event }) => console.warn('Division refresh failed', event.error) },
          },
          // Something changed while reading: read again, so an older answer does not win.
          on: { 'division.refresh': { target: 'refreshing', reenter: true } },
        },
      },
    },
  },
});
