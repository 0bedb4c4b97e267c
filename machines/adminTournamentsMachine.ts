import { and, assign, fromPromise, setup } from 'xstate';
import type { Tournament } from '../src/api/contract/tournament';
import {
  cleanTournamentDiscord,
  closeTournament,
  deleteTournament,
  openTournament,
} from '../src/api/endpoints/adminTournaments';
import { SUCCESS } from '../src/domain/messages';
import { notifyError, notifySuccess } from '../src/ui/notify';
import { tournamentSnapshotFor, type TournamentEventType } from './tournamentMachine';

/** The row actions that call the server (the others navigate). */
export type RowAction = 'delete' | 'close' | 'open' | 'cleanDiscord';

/** The lifecycle event each action stands for: the lifecycle machine decides whether it is offered. */
export const LIFECYCLE_EVENT: Record<RowAction, TournamentEventType> = {
  delete: 'tournament.delete',
  close: 'tournament.close',
  open: 'tournament.open',
  cleanDiscord: 'tournament.cleanDiscord',
};

const CALL: Record<RowAction, (id: number) => Promise<unknown>> = {
  delete: deleteTournament,
  close: closeTournament,
  open: openTournament,
  cleanDiscord: cleanTournamentDiscord,
};

const DONE: Record<RowAction, { title: string; message: string }> = {
  delete: SUCCESS.tournamentDeleted,
  close: SUCCESS.tournamentClosed,
  open: SUCCESS.tournamentOpened,
  cleanDiscord: SUCCESS.tournamentDiscordCleanUp,
};

/** Irreversible actions ask first. */
const CONFIRMED: ReadonlySet<RowAction> = new Set(['delete', 'cleanDiscord']);

interface Context {
  /** Reloads the table after a change. */
  onChanged: () => void;
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

const requested = ({ event }: { event: Event }) => (event.type === 'row.act' ? event : null);

/**
 * The admin tournaments table: idle, confirming (delete, Discord clean-up), working (the call), and the
 * add/edit dialog. An action runs only when the tournament's lifecycle allows it in its current status.
 */
export const adminTournamentsMachine = setup({
  types: { context: {} as Context, events: {} as Event, input: {} as { onChanged: () => void } },
  actors: {
    runAction: fromPromise<unknown, { id: number; action: RowAction }>(({ input }) => CALL[input.action](input.id)),
  },
  actions: {
    select: assign({ target: ({ event }) => requested({ event })!.tournament, action: ({ event }) => requested({ event })!.action }),
    clear: assign({ target: null, action: null }),
    notifyDone: ({ context }) => notifySuccess(DONE[context.action!]),
    reportError: (_, params: { error: unknown }) => notifyError(params.error),
    reload: ({ context }) => context.onChanged(),
  },
  guards: {
    isAllowed: ({ event }) => {
      const e = requested({ event });
      return !!e && tournamentSnapshotFor(e.tournament.status).can({ type: LIFECYCLE_EVENT[e.action] });
    },
    needsConfirmation: ({ event }) => CONFIRMED.has(requested({ event })!.action),
  },
}).createMachine({
  id: 'adminTournaments',
  context: ({ input }) => ({ onChanged: input.onChanged, target: null, action: null, editing: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'row.act': [
          { guard: and(['isAllowed', 'needsConfirmation']), target: 'confirming', actions: 'select' },
          { guard: 'isAllowed', target: 'working', actions: 'select' },
        ],
        'form.open': { target: 'editing', actions: assign({ editing: ({ event }) => event.tournament }) },
      },
    },
    confirming: {
      on: { 'action.confirm': 'working', 'action.cancel': { target: 'idle', actions: 'clear' } },
    },
    working: {
      invoke: {
        src: 'runAction',
        input: ({ context }) => ({ id: context.target!.id, action: context.action! }),
        onDone: { target: 'idle', actions: ['notifyDone', 'reload', 'clear'] },
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
