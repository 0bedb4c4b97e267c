import { assertEvent, assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import { ApiError } from '../src/api/client';
import type { Tournament, TournamentMatch } from '../src/api/contract/tournament';
import { getTournamentMatches, resetTournamentBracket } from '../src/api/endpoints/matches';
import { getTournament } from '../src/api/endpoints/tournaments';
import { fromApi } from '../src/bracket/fromApi';
import type { ViewMatch } from '../src/bracket/model';
import type { LiveTournamentMatches } from '../src/api/contract/live';
import { tournamentStream } from '../src/api/endpoints/live';
import { liveEvents, type LiveConnection, type LiveEvent } from './liveEvents';

interface Loaded {
  tournament: Tournament;
  matches: TournamentMatch[];
}

export interface BracketPageContext {
  tournamentId: number;
  isStaff: boolean;
  tournament: Tournament | null;
  matches: TournamentMatch[];
  /** The canvas's data; the same array until the bracket really changes, so the canvas is not fed needlessly. */
  view: ViewMatch[];
  /** The answer `view` was made from (to tell a changed bracket from the same one read again). */
  signature: string;
  error: unknown;
  connection: LiveConnection;
}

export type BracketPageEvent =
  | { type: 'bracket.retry' }
  | { type: 'bracket.refresh' }
  | { type: 'page.visible' }
  | { type: 'reset.request' }
  | { type: 'reset.confirm' }
  | { type: 'reset.cancel' }
  | LiveEvent<LiveTournamentMatches>;

/** The bracket with the changed matches in place, or null when one is not in it (the bracket changed shape). */
function withChanges(matches: TournamentMatch[], changed: TournamentMatch[]): TournamentMatch[] | null {
  const byId = new Map(changed.map((m) => [m.id, m]));
  const next = matches.map((m) => byId.get(m.id) ?? m);
  const placed = matches.reduce((n, m) => n + (byId.has(m.id) ? 1 : 0), 0);
  return placed === byId.size ? next : null;
}

/**
 * The bracket page: loads the tournament and its matches, then follows the tournament's live stream: changed
 * matches replace theirs in place (the canvas keeps its camera, only its data changes); a `reset`, a change that
 * does not fit the bracket, the first connection (changes made while the page loaded) and a visible tab again read
 * the bracket again. Staff may reset the bracket after a confirmation. The view provides `notifyReset` and
 * `reportError`.
 */
export const bracketPageMachine = setup({
  types: {
    context: {} as BracketPageContext,
    events: {} as BracketPageEvent,
    input: {} as { tournamentId: number; isStaff: boolean },
  },
  actors: {
    loadBracket: fromPromise<Loaded, { tournamentId: number }>(async ({ input }) => {
      const [tournament, matches] = await Promise.all([getTournament(input.tournamentId), getTournamentMatches(input.tournamentId)]);
      return { tournament, matches };
    }),
    resetBracket: fromPromise<void, { tournamentId: number }>(({ input }) => resetTournamentBracket(input.tournamentId)),
    liveEvents: liveEvents<LiveTournamentMatches>(),
    watchVisibility: fromCallback<BracketPageEvent>(({ sendBack }) => {
      const onChange = () => {
        if (document.visibilityState === 'visible') sendBack({ type: 'page.visible' });
      };
      document.addEventListener('visibilitychange', onChange);
      return () => document.removeEventListener('visibilitychange', onChange);
    }),
  },
  actions: {
    keep: assign(({ context }, loaded: Loaded) => {
      const signature = JSON.stringify(loaded.matches);
      if (signature === context.signature) return { tournament: loaded.tournament };
      return { tournament: loaded.tournament, matches: loaded.matches, view: fromApi(loaded.matches), signature };
    }),
    applyChanges: assign(({ context, event }) => {
      assertEvent(event, 'live.change');
      const matches = withChanges(context.matches, event.change.matches) ?? context.matches;
      return { matches, view: fromApi(matches), signature: JSON.stringify(matches) };
    }),
    notifyReset: () => {},
    reportError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isMissing: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 404,
    changeFits: ({ context, event }) => event.type === 'live.change' && withChanges(context.matches, event.change.matches) !== null,
    isFirstConnection: ({ context }) => context.connection === 'connecting',
    canReset: ({ context }) => context.isStaff && context.matches.length > 0 && context.tournament?.status !== 'COMPLETED',
  },
}).createMachine({
  id: 'bracketPage',
  context: ({ input }) => ({ ...input, tournament: null, matches: [], view: [], signature: '', error: null, connection: 'connecting' }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadBracket',
        src: 'loadBracket',
        input: ({ context }) => ({ tournamentId: context.tournamentId }),
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
      invoke: [
        { id: 'watchVisibility', src: 'watchVisibility' },
        { id: 'liveEvents', src: 'liveEvents', input: ({ context }) => tournamentStream(context.tournamentId) },
      ],
      on: {
        'live.connected': [
          { guard: 'isFirstConnection', actions: [assign({ connection: 'live' }), raise({ type: 'bracket.refresh' })] },
          { actions: assign({ connection: 'live' }) },
        ],
        'live.lost': { actions: assign({ connection: 'reconnecting' }) },
        'live.reset': { actions: raise({ type: 'bracket.refresh' }) },
        'live.change': [{ guard: 'changeFits', actions: 'applyChanges' }, { actions: raise({ type: 'bracket.refresh' }) }],
      },
      states: {
        sync: {
          initial: 'waiting',
          states: {
            waiting: {
              on: { 'page.visible': 'refreshing', 'bracket.refresh': 'refreshing' },
            },
            refreshing: {
              invoke: {
                id: 'refreshBracket',
                src: 'loadBracket',
                input: ({ context }) => ({ tournamentId: context.tournamentId }),
                onDone: { target: 'waiting', actions: { type: 'keep', params: ({ event }) => event.output } },
                // A background refresh that fails leaves the bracket on screen; the next reset or visible tab reads again.
                onError: { target: 'waiting', actions: ({ event }) => console.warn('Bracket refresh failed', event.error) },
              },
              // A reset finished, or a change arrived, while reading: read again, so an older answer does not win.
              on: { 'bracket.refresh': { target: 'refreshing', reenter: true }, 'live.change': { target: 'refreshing', reenter: true } },
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
