import { createActor, getNextSnapshot, setup, type SnapshotFrom } from 'xstate';
import type { TournamentStatus } from '../../src/domain/constants';

/**
 * The admin lifecycle of a tournament (spec: players-and-tournaments §4, seasons-and-admin §4):
 * - OPEN or ACTIVE can be closed; CLOSED can be reopened or started (through the maps and modes page);
 * - maps and modes are edited while ACTIVE, and while CLOSED as part of starting;
 * - a COMPLETED tournament allows the Discord clean-up;
 * - edit and delete are allowed in any status;
 * - the server completes an ACTIVE tournament when its last decisive match is played.
 *
 * The SPA asks `snapshot.can({ type })` which actions to offer; the server calls `assertTournamentTransition`
 * with the very same definition before changing a tournament. No I/O here: the machine is the rulebook.
 */
export type TournamentEvent =
  | { type: 'tournament.close' }
  | { type: 'tournament.open' }
  | { type: 'tournament.start' }
  | { type: 'tournament.editMaps' }
  | { type: 'tournament.cleanDiscord' }
  | { type: 'tournament.edit' }
  | { type: 'tournament.delete' }
  | { type: 'tournament.complete' };

export type TournamentEventType = TournamentEvent['type'];

export const TOURNAMENT_EVENT_TYPES: readonly TournamentEventType[] = [
  'tournament.close',
  'tournament.open',
  'tournament.start',
  'tournament.editMaps',
  'tournament.cleanDiscord',
  'tournament.edit',
  'tournament.delete',
  'tournament.complete',
];

const STATE_OF: Record<TournamentStatus, 'open' | 'closed' | 'active' | 'completed'> = {
  OPEN: 'open',
  CLOSED: 'closed',
  ACTIVE: 'active',
  COMPLETED: 'completed',
};

const STATUS_OF: Record<string, TournamentStatus> = {
  open: 'OPEN',
  closed: 'CLOSED',
  active: 'ACTIVE',
  completed: 'COMPLETED',
};

// Edit and delete keep the status; they are listed in every state (a targetless transition would not count for `can`).
const anyStatus = (state: string) => ({
  'tournament.edit': { target: state },
  'tournament.delete': { target: state },
});

export const tournamentMachine = setup({
  types: {
    events: {} as TournamentEvent,
  },
}).createMachine({
  id: 'tournament',
  initial: 'open',
  states: {
    open: {
      on: {
        ...anyStatus('open'),
        'tournament.close': { target: 'closed' },
      },
    },
    closed: {
      on: {
        ...anyStatus('closed'),
        'tournament.open': { target: 'open' },
        // Saving maps and modes from CLOSED is the first half of starting.
        'tournament.editMaps': { target: 'closed' },
        'tournament.start': { target: 'active' },
      },
    },
    active: {
      on: {
        ...anyStatus('active'),
        'tournament.close': { target: 'closed' },
        'tournament.editMaps': { target: 'active' },
        'tournament.complete': { target: 'completed' },
      },
    },
    completed: {
      on: {
        ...anyStatus('completed'),
        'tournament.cleanDiscord': { target: 'completed' },
      },
    },
  },
});

export type TournamentSnapshot = SnapshotFrom<typeof tournamentMachine>;

/** The machine's snapshot for a tournament in `status` (restore an actor with `createActor(tournamentMachine, { snapshot })`). */
export function tournamentSnapshotFor(status: TournamentStatus): TournamentSnapshot {
  return tournamentMachine.resolveState({ value: STATE_OF[status] });
}

/** A started actor sitting in `status`, for views that send events and read `can`. */
export function tournamentActorFor(status: TournamentStatus) {
  return createActor(tournamentMachine, { snapshot: tournamentSnapshotFor(status) }).start();
}

/** The status a snapshot stands for. */
export const statusOfSnapshot = (snapshot: TournamentSnapshot): TournamentStatus => STATUS_OF[snapshot.value as string];

/** Whether the lifecycle allows `eventType` for a tournament in `status`. */
export function canTournament(status: TournamentStatus, eventType: TournamentEventType): boolean {
  return tournamentSnapshotFor(status).can({ type: eventType });
}

/** The status after `eventType`, or null when the lifecycle does not allow it. */
export function nextTournamentStatus(status: TournamentStatus, eventType: TournamentEventType): TournamentStatus | null {
  const snapshot = tournamentSnapshotFor(status);
  if (!snapshot.can({ type: eventType })) return null;
  return statusOfSnapshot(getNextSnapshot(tournamentMachine, snapshot, { type: eventType }));
}

const VERBS: Record<TournamentEventType, string> = {
  'tournament.close': 'close',
  'tournament.open': 'reopen',
  'tournament.start': 'start',
  'tournament.editMaps': 'edit maps and modes of',
  'tournament.cleanDiscord': 'clean up Discord for',
  'tournament.edit': 'edit',
  'tournament.delete': 'delete',
  'tournament.complete': 'complete',
};

/** The refusal message, e.g. "Cannot close a tournament that is COMPLETED". */
export const transitionRefusal = (status: TournamentStatus, eventType: TournamentEventType) =>
  `Cannot ${VERBS[eventType]} a tournament that is ${status}`;

/**
 * A lifecycle refusal. `statusCode` 409 lets the server's error handler answer it as a conflict
 * with this message wherever it is thrown.
 */
export class TournamentTransitionError extends Error {
  readonly statusCode = 409;
  readonly code = 'TOURNAMENT_TRANSITION';
  constructor(
    readonly status: TournamentStatus,
    readonly eventType: TournamentEventType,
  ) {
    super(transitionRefusal(status, eventType));
    this.name = 'TournamentTransitionError';
  }
}

/** The status after `eventType`; throws TournamentTransitionError (409) when the lifecycle refuses it. */
export function assertTournamentTransition(status: TournamentStatus, eventType: TournamentEventType): TournamentStatus {
  const next = nextTournamentStatus(status, eventType);
  if (next === null) throw new TournamentTransitionError(status, eventType);
  return next;
}
