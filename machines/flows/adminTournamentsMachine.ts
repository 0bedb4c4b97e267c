import { assertEvent, assign, setup } from 'xstate';
import type { Tournament } from '../../src/api/contract/tournament';
import { TOURNAMENT_ACTIONS, TOURNAMENT_RESOURCE, type TournamentAction } from '../rules/tournamentActions';
import { tournamentSnapshotFor } from '../rules/tournamentMachine';
import { confirmingState, lifecycleActionActor, rowActTransitions } from './lifecycleTable';

/** The row actions that call the server (the others navigate): the rows of TOURNAMENT_ACTIONS. */
export type RowAction = TournamentAction;

/** Whether the tournament's lifecycle allows `action` in its current status. */
export const tournamentAllows = (tournament: Tournament, action: RowAction) =>
  tournamentSnapshotFor(tournament.status).can(TOURNAMENT_ACTIONS[action].event());

interface Context {
  target: Tournament | null;
  action: RowAction | null;
  /** The tournament in the add/edit dialog (null while adding). */
  editing: Tournament | null;
}

type Event =
  | { type: 'row.act'; tournament: Tournament; action: RowAction }
  | { type: 'action.confirm' }
  | { type: 'action.cancel' }
  | { type: 'form.open'; tournament: Tournament | null }
  | { type: 'form.close' }
  | { type: 'form.saved' };

/**
 * The admin tournaments table: idle, confirming (delete, Discord clean-up), working (the call), and the
 * add/edit dialog. An action runs only when the tournament's lifecycle allows it in its current status.
 * The view provides `notifyDone`, `reportError` and `reload` (the table reads its page again).
 */
export const adminTournamentsMachine = setup({
  types: { context: {} as Context, events: {} as Event },
  actors: {
    runAction: lifecycleActionActor(TOURNAMENT_RESOURCE, TOURNAMENT_ACTIONS),
  },
  actions: {
    select: assign(({ event }) => {
      assertEvent(event, 'row.act');
      return { target: event.tournament, action: event.action };
    }),
    clear: assign({ target: null, action: null }),
    notifyDone: (_, _params: { action: RowAction }) => {},
    reportError: (_, _params: { error: unknown }) => {},
    reload: () => {},
  },
  guards: {
    isAllowed: ({ event }) => event.type === 'row.act' && tournamentAllows(event.tournament, event.action),
    needsConfirmation: ({ event }) => event.type === 'row.act' && TOURNAMENT_ACTIONS[event.action].confirm !== null,
  },
}).createMachine({
  id: 'adminTournaments',
  context: { target: null, action: null, editing: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'row.act': [...rowActTransitions],
        'form.open': { target: 'editing', actions: assign({ editing: ({ event }) => event.tournament }) },
      },
    },
    confirming: confirmingState,
    working: {
      invoke: {
        src: 'runAction',
        input: ({ context }) => ({ id: context.target!.id, action: context.action! }),
        onDone: { target: 'idle', actions: [{ type: 'notifyDone', params: ({ context }) => ({ action: context.action! }) }, 'reload', 'clear'] },
        // The status may have moved under us: reload so the menu offers what is possible now.
        onError: { target: 'idle', actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, 'reload', 'clear'] },
      },
    },
    editing: {
      on: {
        'form.close': { target: 'idle', actions: assign({ editing: null }) },
        'form.saved': { target: 'idle', actions: [assign({ editing: null }), 'reload'] },
      },
    },
  },
});
