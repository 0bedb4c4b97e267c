import { assertEvent, assign, fromPromise, raise, setup } from 'xstate';
import { ApiError } from '../../src/api/client';
import { BRACKET_TIMING, measureBracket, nowMs } from '../../src/api/bracketTiming';
import type { Tournament } from '../../src/api/contract/tournament';
import { getTournamentBracket, type TournamentBracket } from '../../src/api/endpoints/bracket';
import { resetTournamentBracket } from '../../src/api/endpoints/matches';
import { getTournament } from '../../src/api/endpoints/tournaments';
import { fromCompact } from '../../src/bracket/fromCompact';
import type { ViewMatch } from '../../src/bracket/model';
import { fromApi } from '../../src/bracket/fromApi';
import type { LiveTournamentMatches } from '../../src/api/contract/live';
import type { TournamentMatch } from '../../src/api/contract/tournament';
import { tournamentStream } from '../../src/api/endpoints/live';
import { liveEvents, watchVisibility, type LiveConnection, type LiveEvent } from './liveEvents';
import { resetAskStates, type ResetConfirmationEvent } from './resetConfirmation';

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
  connection: LiveConnection;
}

export type BracketPageEvent =
  | { type: 'bracket.retry' }
  | { type: 'bracket.refresh' }
  | { type: 'page.visible' }
  /** The tournament arrived ahead of its bracket (loadBracket's `onTournament`): the page can show its title. */
  | { type: 'bracket.tournament'; tournament: Tournament }
  | ResetConfirmationEvent
  | LiveEvent<LiveTournamentMatches>;

/** The canvas's data with the changed matches in place, or null when one is not in it (the bracket changed shape). */
function withChanges(view: ViewMatch[], changed: TournamentMatch[]): ViewMatch[] | null {
  const byId = new Map(fromApi(changed).map((m) => [m.id, m]));
  const next = view.map((m) => byId.get(m.id) ?? m);
  const placed = view.reduce((n, m) => n + (byId.has(m.id) ? 1 : 0), 0);
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
    loadBracket: fromPromise<LoadedBracket, { tournamentId: number; etag: string | null; onTournament?: (tournament: Tournament) => void }>(async ({ input }) => {
      const [tournament, bracket] = await Promise.all([
        getTournament(input.tournamentId).then((t) => {
          input.onTournament?.(t);
          return t;
        }),
        getTournamentBracket(input.tournamentId, input.etag),
      ]);
      return { tournament, bracket };
    }),
    resetBracket: fromPromise<void, { tournamentId: number }>(({ input }) => resetTournamentBracket(input.tournamentId)),
    liveEvents: liveEvents<LiveTournamentMatches>(),
    watchVisibility,
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
    applyChanges: assign(({ context, event }) => {
      assertEvent(event, 'live.change');
      return { view: withChanges(context.view, event.change.matches) ?? context.view };
    }),
    /** The view starts the canvas's code and renderer while the bracket loads (once the title can show). */
    prepareCanvas: () => {},
    notifyReset: () => {},
    reportError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isMissing: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 404,
    changeFits: ({ context, event }) => event.type === 'live.change' && withChanges(context.view, event.change.matches) !== null,
    isFirstConnection: ({ context }) => context.connection === 'connecting',
    canReset: ({ context }) => context.isStaff && context.view.length > 0 && context.tournament?.status !== 'COMPLETED',
  },
}).createMachine({
  id: 'bracketPage',
  context: ({ input }) => ({ ...input, tournament: null, view: [], etag: null, error: null, connection: 'connecting' }),
  initial: 'loading',
  states: {
    loading: {
      // The title goes up as soon as the tournament is read (a phone's largest paint), the bracket below it when read;
      // the canvas's code and renderer start then, not sooner: on a slow connection they would delay the title.
      on: { 'bracket.tournament': { actions: [assign({ tournament: ({ event }) => event.tournament }), 'prepareCanvas'] } },
      invoke: {
        id: 'loadBracket',
        src: 'loadBracket',
        input: ({ context, self }) => ({
          tournamentId: context.tournamentId,
          etag: context.etag,
          onTournament: (tournament: Tournament) => self.send({ type: 'bracket.tournament', tournament }),
        }),
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
                input: ({ context }) => ({ tournamentId: context.tournamentId, etag: context.etag }),
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
            ...resetAskStates,
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
