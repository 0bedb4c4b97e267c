import { assign, fromPromise, setup } from 'xstate';
import type { Tournament } from '../../../api/contract/tournament';
import {
  getTournament,
  getTournamentMatches,
  startTournament,
  updateMapsAndModes,
} from '../../../api/endpoints/adminTournaments';
import { ERRORS, SUCCESS } from '../../../domain/messages';
import { notifyClientError, notifyError, notifySuccess } from '../../../ui/notify';
import { tournamentSnapshotFor, transitionRefusal } from '../../../../machines/tournamentMachine';
import { expectedEntrants, roundNamesOf } from './roundNames';
import { roundNamesFor } from '../../../domain/tournamentRules';

export interface MapsData {
  tournament: Tournament;
  rounds: string[];
}

interface Context {
  id: number;
  navigate: (to: string) => void;
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

/**
 * The maps and modes page: loading → editing → (confirming →) saving → starting. From CLOSED, saving asks to
 * confirm and then starts the tournament; from ACTIVE it only updates. An OPEN tournament is refused and the
 * admin goes back to the table.
 */
export const mapsAndModesMachine = setup({
  types: { context: {} as Context, events: {} as Event, input: {} as { id: number; navigate: (to: string) => void } },
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
    reportError: (_, params: { error: unknown }) => notifyError(params.error),
    refuseOpen: ({ context }) => {
      notifyClientError(ERRORS.mapsWhileOpen.title, ERRORS.mapsWhileOpen.message);
      context.navigate('/admin/tournaments');
    },
    refuseOther: ({ context }) => {
      notifyClientError(transitionRefusal(context.tournament!.status, 'tournament.editMaps'));
      context.navigate('/admin/tournaments');
    },
    refuseMissing: () => notifyClientError(ERRORS.mapsUndefined.title, ERRORS.mapsUndefined.message),
    markMissing: assign({ showMissing: true }),
    notifyUpdated: () => notifySuccess(SUCCESS.mapsUpdated),
    notifyStarted: () => notifySuccess(SUCCESS.tournamentStarted),
    showBracket: ({ context }) => context.navigate(`/tournaments/${context.id}`),
  },
  guards: {
    isOpen: ({ context }) => lifecycle(context).matches('open'),
    mayEditMaps: ({ context }) => lifecycle(context).can({ type: 'tournament.editMaps' }),
    startsOnSave: ({ context }) => lifecycle(context).can({ type: 'tournament.start' }),
    someRoundUndefined: ({ context }) => context.rounds.some((r) => !context.values[r]?.trim()),
  },
}).createMachine({
  id: 'mapsAndModes',
  context: ({ input }) => ({ id: input.id, navigate: input.navigate, tournament: null, rounds: [], values: {}, showMissing: false }),
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
        { guard: 'isOpen', target: 'refused', actions: 'refuseOpen' },
        { guard: 'mayEditMaps', target: 'editing' },
        { target: 'refused', actions: 'refuseOther' },
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
          { guard: 'someRoundUndefined', actions: ['refuseMissing', 'markMissing'] },
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
        onDone: { target: 'started', actions: ['notifyStarted', 'showBracket'] },
        onError: { target: 'editing', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    started: { type: 'final' },
  },
});
