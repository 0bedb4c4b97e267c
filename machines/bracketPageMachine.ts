import { assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import { ApiError } from '../src/api/client';
import { BRACKET_TIMING, measureBracket, nowMs } from '../src/api/bracketTiming';
import type { Tournament } from '../src/api/contract/tournament';
import { getTournamentBracket, type TournamentBracket } from '../src/api/endpoints/bracket';
import { resetTournamentBracket } from '../src/api/endpoints/matches';
import { getTournament } from '../src/api/endpoints/tournaments';
import { fromCompact } from '../src/bracket/fromCompact';
import type { ViewMatch } from '../src/bracket/model';

/** How often an ACTIVE bracket is read again while the page is visible. */
export const BRACKET_REFRESH_MS = 30_000;

export interface LoadedBracket {
  tournament: Tournament;
  /** The compact bracket; null when it is still the one whose ETag the machine holds. */
  bracket: TournamentBracket | null;
}

export interface BracketPageContext {
  tournamentId: number;
  isStaff: boolean;
  tournament: Tournament | null;
  /** The canvas's data; the same array until the bracket really changes, so the canvas is not fed needlessly. */
  view: ViewMatch[];
  /** The ETag of the body `view` was made from (a read answering the same one changes nothing). */
  etag: string | null;
  error: unknown;
}

export type BracketPageEvent =
  | { type: 'bracket.retry' }
  | { type: 'bracket.refresh' }
  | { type: 'page.visible' }
  | { type: 'reset.request' }
  | { type: 'reset.confirm' }
  | { type: 'reset.cancel' };

/**
 * The bracket page: loads the tournament and its matches; while ACTIVE it reads the bracket again every 30 s and
 * whenever the tab becomes visible (the canvas stays, only its data changes); staff may reset the bracket after a
 * confirmation. The view provides `notifyReset` and `reportError`.
 */
export const bracketPageMachine = setup({
  types: {
    context: {} as BracketPageContext,
    events: {} as BracketPageEvent,
    input: {} as { tournamentId: number; isStaff: boolean },
  },
  actors: {
    loadBracket: fromPromise<LoadedBracket, { tournamentId: number; etag: string | null }>(async ({ input }) => {
      const [tournament, bracket] = await Promise.all([getTournament(input.tournamentId), getTournamentBracket(input.tournamentId, input.etag)]);
      return { tournament, bracket };
    }),
    resetBracket: fromPromise<void, { tournamentId: number }>(({ input }) => resetTournamentBracket(input.tournamentId)),
    watchVisibility: fromCallback<BracketPageEvent>(({ sendBack }) => {
      const onChange = () => {
        if (document.visibilityState === 'visible') sendBack({ type: 'page.visible' });
      };
      document.addEventListener('visibilitychange', onChange);
      return () => document.removeEventListener('visibilitychange', onChange);
    }),
  },
  actions: {
    keep: assign(({ context }, loaded: LoadedBracket) => {
      const { bracket } = loaded;
      if (!bracket || (bracket.etag !== null && bracket.etag === context.etag)) return { tournament: loaded.tournament };
      const t0 = nowMs();
      const view = fromCompact(bracket.bracket);
      measureBracket(BRACKET_TIMING.convert, t0);
      return { tournament: loaded.tournament, view, etag: bracket.etag };
    }),
    notifyReset: () => {},
    reportError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isMissing: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 404,
    shouldPoll: ({ context }) => context.tournament?.status === 'ACTIVE' && document.visibilityState !== 'hidden',
    canReset: ({ context }) => context.isStaff && context.view.length > 0 && context.tournament?.status !== 'COMPLETED',
  },
  delays: { refreshInterval: BRACKET_REFRESH_MS },
}).createMachine({
  id: 'bracketPage',
  context: ({ input }) => ({ ...input, tournament: null, view: [], etag: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadBracket',
        src: 'loadBracket',
        input: ({ context }) => ({ tournamentId: context.tournamentId, etag: context.etag }),
        onDone: { target: 'ready', actions: { type: 'keep', params: ({ event }) => event.output } },
        onError: [
          // An unknown tournament is the page's own answer (not found), not an incident to notify.
          { guard: { type: 'isMissing', params: ({ event }) => ({ error: event.error }) }, target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
          {
            target: 'failed',
            actions: [assign({ error: ({ event }) => event.error }), { type: 'reportError', params: ({ event }) => ({ error: event.error }) }],
          },
        ],
      },
    },
    failed: { on: { 'bracket.retry': 'loading' } },
    ready: {
      type: 'parallel',
      invoke: { id: 'watchVisibility', src: 'watchVisibility' },
      states: {
        sync: {
          initial: 'waiting',
          states: {
            waiting: {
              after: { refreshInterval: { guard: 'shouldPoll', target: 'refreshing' } },
              on: { 'page.visible': 'refreshing', 'bracket.refresh': 'refreshing' },
            },
            refreshing: {
              invoke: {
                id: 'refreshBracket',
                src: 'loadBracket',
                input: ({ context }) => ({ tournamentId: context.tournamentId, etag: context.etag }),
                onDone: { target: 'waiting', actions: { type: 'keep', params: ({ event }) => event.output } },
                // A background refresh that fails is retried at the next tick; the bracket on screen stays.
                onError: { target: 'waiting', actions: ({ event }) => console.warn('Bracket refresh failed', event.error) },
              },
              // A reset finished while reading: read again, so the old bracket does not come back.
              on: { 'bracket.refresh': { target: 'refreshing', reenter: true } },
            },
          },
        },
        reset: {
          initial: 'idle',
          states: {
            idle: { on: { 'reset.request': { guard: 'canReset', target: 'confirming' } } },
            confirming: { on: { 'reset.confirm': 'resetting', 'reset.cancel': 'idle' } },
            resetting: {
              invoke: {
                id: 'resetBracket',
                src: 'resetBracket',
                input: ({ context }) => ({ tournamentId: context.tournamentId }),
                onDone: { target: 'idle', actions: ['notifyReset', raise({ type: 'bracket.refresh' })] },
                onError: { target: 'idle', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
  },
});
