import { assign, fromPromise, setup } from 'xstate';
import type { Tournament } from '../../src/api/contract/tournament';
import {
  getTournament,
  getTournamentMatches,
  startTournament,
  updateMapsAndModes,
} from '../../src/api/endpoints/adminTournaments';
import { ERRORS } from '../../src/domain/messages';
import { tournamentSnapshotFor, transitionRefusal } from '../rules/tournamentMachine';
import { expectedEntrants, roundNamesOf } from '../../src/domain/roundNames';
import { roundNamesFor } from '../../src/domain/tournamentRules';

export interface MapsData {
  tournament: Tournament;
  rounds: string[];
}

interface Context {
  id: number;
  tournament: Tournament | null;
  rounds: string[];
  /** The value typed for each round name. */
  values: Record<string, string>;
  /** A save was refused for empty rounds: the view marks them until they are filled. */
  showMissing: boolean;
}

type Event =
  | { type: 'map.change'; roundName: string; value: string }
  | { type: 'maps.save' }
  | { type: 'start.confirm' }
  | { type: 'start.cancel' }
  | { type: 'load.retry' };

/** The rounds that need a map and mode: the server's list, else the bracket's, else the engine's naming. */
async function loadMaps(id: number): Promise<MapsData> {
  const tournament = await getTournament(id);
  if (tournament.roundNames && tournament.roundNames.length > 0) return { tournament, rounds: tournament.roundNames };
  const matches = tournament.status === 'ACTIVE' ? await getTournamentMatches(id) : [];
  const rounds = matches.length > 0 ? roundNamesOf(matches) : roundNamesFor(expectedEntrants(tournament));
  return { tournament, rounds };
}

const lifecycle = (context: Context) => tournamentSnapshotFor(context.tournament!.status);

/** Why the page refuses (a notification's title and message). */
export interface Refusal {
  title: string;
  message: string;
}

/**
 * The maps and modes page: loading → editing → (confirming →) saving → starting. From CLOSED, saving asks to
 * confirm and then starts the tournament; from ACTIVE it only updates. An OPEN tournament is refused and the
 * admin goes back to the table.
 * The view provides `reportError`, `reportRefusal`, `notifyUpdated`, `notifyStarted`, `showTable` and `showBracket`.
 */
export const mapsAndModesMachine = setup({
  types: { context: {} as Context, events: {} as Event, input: {} as { id: number } },
  actors: {
    loadMaps: fromPromise<MapsData, number>(({ input }) => loadMaps(input)),
    saveMaps: fromPromise<void, { id: number; rounds: string[]; values: Record<string, string> }>(({ input }) =>
      updateMapsAndModes(
        input.id,
        input.rounds.map((roundName) => ({ roundName, value: input.values[roundName].trim() })),
      ),
    ),
    start: fromPromise<void, number>(({ input }) => startTournament(input)),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    reportRefusal: (_, _params: Refusal) => {},
    markMissing: assign({ showMissing: true }),
    notifyUpdated: () => {},
    notifyStarted: () => {},
    /** Back to the admin tournaments table. */
    showTable: () => {},
    showBracket: (_, _params: { tournamentId: number }) => {},
  },
  guards: {
    isOpen: ({ context }) => lifecycle(context).matches('open'),
    mayEditMaps: ({ context }) => lifecycle(context).can({ type: 'tournament.editMaps' }),
    startsOnSave: ({ context }) => lifecycle(context).can({ type: 'tournament.start' }),
    someRoundUndefined: ({ context }) => context.rounds.some((r) => !context.values[r]?.trim()),
  },
}).createMachine({
  id: 'mapsAndModes',
  context: ({ input }) => ({ id: input.id, tournament: null, rounds: [], values: {}, showMissing: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadMaps',
        input: ({ context }) => context.id,
        onDone: {
          target: 'checking',
          actions: assign({
            tournament: ({ event }) => event.output.tournament,
            rounds: ({ event }) => event.output.rounds,
            values: ({ event }) =>
              Object.fromEntries(event.output.tournament.mapsAndModes.map((m) => [m.roundName, m.value])),
          }),
        },
        onError: { target: 'failed', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    checking: {
      always: [
        { guard: 'isOpen', target: 'refused', actions: [{ type: 'reportRefusal', params: ERRORS.mapsWhileOpen }, 'showTable'] },
        { guard: 'mayEditMaps', target: 'editing' },
        {
          target: 'refused',
          actions: [
            {
              type: 'reportRefusal',
              params: ({ context }) => ({ title: transitionRefusal(context.tournament!.status, 'tournament.editMaps'), message: '' }),
            },
            'showTable',
          ],
        },
      ],
    },
    refused: { type: 'final' },
    failed: { on: { 'load.retry': 'loading' } },
    editing: {
      on: {
        'map.change': {
          actions: assign({ values: ({ context, event }) => ({ ...context.values, [event.roundName]: event.value }) }),
        },
        'maps.save': [
          { guard: 'someRoundUndefined', actions: [{ type: 'reportRefusal', params: ERRORS.mapsUndefined }, 'markMissing'] },
          { guard: 'startsOnSave', target: 'confirming' },
          { target: 'saving' },
        ],
      },
    },
    confirming: { on: { 'start.confirm': 'saving', 'start.cancel': 'editing' } },
    saving: {
      invoke: {
        src: 'saveMaps',
        input: ({ context }) => ({ id: context.id, rounds: context.rounds, values: context.values }),
        onDone: [{ guard: 'startsOnSave', target: 'starting' }, { target: 'editing', actions: 'notifyUpdated' }],
        onError: { target: 'editing', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    starting: {
      invoke: {
        src: 'start',
        input: ({ context }) => context.id,
        onDone: { target: 'started', actions: ['notifyStarted', { type: 'showBracket', params: ({ context }) => ({ tournamentId: context.id }) }] },
        onError: { target: 'editing', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    started: { type: 'final' },
  },
});
