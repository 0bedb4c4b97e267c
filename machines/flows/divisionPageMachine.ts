import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { LiveDivisionMatches } from '../../src/api/contract/live';
import type { DivisionDetail } from '../../src/api/contract/season';
import { divisionStream } from '../../src/api/endpoints/live';
import { getDivision, resetDivisionBracket } from '../../src/api/endpoints/seasons';
import { liveEvents, watchVisibility, type LiveConnection, type LiveEvent } from './liveEvents';
import { canSeason } from '../rules/seasonMachine';
import { resetAskStates, type ResetConfirmationEvent } from './resetConfirmation';

/**
 * The events that read the division again. Each state of the `sync` region takes them itself: a transition on the
 * region (`target: '.refreshing', reenter: true`) re-entered the whole parallel `ready` state, so a live event or
 * the first connection's read closed an open Reset Bracket confirmation (and stopped a reset on its way).
 */
const READ_EVENTS = ['division.refresh', 'live.reset', 'live.change', 'page.visible'] as const;
const readOn = (transition: { target: 'refreshing'; reenter?: true }) =>
  Object.fromEntries(READ_EVENTS.map((type) => [type, transition])) as Record<(typeof READ_EVENTS)[number], typeof transition>;
const isMissing = (error: unknown) => error instanceof ApiError && error.status === 404;

export interface DivisionPageContext {
  divisionId: number;
  isStaff: boolean;
  division: DivisionDetail | null;
  error: unknown;
  connection: LiveConnection;
}

export type DivisionPageEvent =
  | { type: 'division.retry' }
  | { type: 'division.refresh' }
  | { type: 'page.visible' }
  | ResetConfirmationEvent
  | LiveEvent<LiveDivisionMatches>;

/**
 * A league division's page (/seasons/{seasonId}/{divisionId}): loads the division, then follows its live stream. Any
 * change (a result, a staff reset from another tab) reads the division again, so the groups and the bracket stay as
 * the server has them; so do the first connection and a tab shown again. Staff reset a division's playoff bracket
 * (PLAYOFFS, as the season machine allows) after a confirmation; the reset answers the division as it now stands.
 * The view provides `notifyReset` and `reportError`.
 */
export const divisionPageMachine = setup({
  types: {
    context: {} as DivisionPageContext,
    events: {} as DivisionPageEvent,
    input: {} as { divisionId: number; isStaff: boolean },
  },
  actors: {
    loadDivision: fromPromise<DivisionDetail, { divisionId: number }>(({ input }) => getDivision(input.divisionId)),
    resetBracket: fromPromise<DivisionDetail, { seasonId: number; divisionId: number }>(({ input }) =>
      resetDivisionBracket(input.seasonId, input.divisionId),
    ),
    liveEvents: liveEvents<LiveDivisionMatches>(),
    watchVisibility,
  },
  actions: {
    // The same answer keeps the same object, so the page (and its bracket canvas) is not fed again for nothing.
    keep: assign(({ context }, division: DivisionDetail) =>
      context.division && JSON.stringify(context.division) === JSON.stringify(division) ? {} : { division },
    ),
    notifyReset: () => {},
    reportError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    canReset: ({ context: { isStaff, division } }) =>
      isStaff && division !== null && division.elimMatches.length > 0 && canSeason(division.seasonType, { type: 'season.resetBracket' }),
  },
}).createMachine({
  id: 'divisionPage',
  context: ({ input }) => ({ ...input, division: null, error: null, connection: 'connecting' }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadDivision',
        input: ({ context }) => ({ divisionId: context.divisionId }),
        onDone: { target: 'ready', actions: { type: 'keep', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: enqueueActions(({ event, enqueue }) => {
            enqueue.assign({ error: event.error });
            // A division that no longer exists (its season's divisions were made again) is the page's own answer.
            if (!isMissing(event.error)) enqueue({ type: 'reportError', params: { error: event.error } });
          }),
        },
      },
    },
    failed: { on: { 'division.retry': 'loading' } },
    ready: {
      type: 'parallel',
      invoke: [
        { src: 'watchVisibility' },
        { src: 'liveEvents', input: ({ context }) => divisionStream(context.divisionId) },
      ],
      on: {
        // Caught up after a reconnect (the replay came first): only the first connection reads again.
        'live.connected': {
          actions: enqueueActions(({ context, enqueue }) => {
            if (context.connection === 'connecting') enqueue.raise({ type: 'division.refresh' });
            enqueue.assign({ connection: 'live' });
          }),
        },
        'live.lost': { actions: assign({ connection: 'reconnecting' }) },
      },
      states: {
        sync: {
          initial: 'waiting',
          // Whatever changed (a result, a reset made in another tab), the division is read again whole; a change that
          // comes while reading starts the read again, so an older answer does not win. The reset region stays as it is.
          states: {
            waiting: { on: readOn({ target: 'refreshing' }) },
            refreshing: {
              on: readOn({ target: 'refreshing', reenter: true }),
              invoke: {
                src: 'loadDivision',
                input: ({ context }) => ({ divisionId: context.divisionId }),
                onDone: { target: 'waiting', actions: { type: 'keep', params: ({ event }) => event.output } },
                // A background read that fails leaves the division on screen; the next change reads again.
                onError: { target: 'waiting', actions: ({ event }) => console.warn('Division refresh failed', event.error) },
              },
            },
          },
        },
        reset: {
          initial: 'idle',
          states: {
            ...resetAskStates,
            resetting: {
              invoke: {
                src: 'resetBracket',
                input: ({ context }) => ({ seasonId: context.division!.seasonId, divisionId: context.divisionId }),
                onDone: { target: 'idle', actions: [{ type: 'keep', params: ({ event }) => event.output }, 'notifyReset'] },
                onError: { target: 'idle', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
  },
});
