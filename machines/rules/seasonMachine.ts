import { createActor, getNextSnapshot, setup, type SnapshotFrom } from 'xstate';
import type { SeasonType } from '../../src/domain/constants';
import { SEASON_ERRORS } from '../../src/domain/messages';
import { divisionSplitsError } from '../../src/domain/season/divisionSplits';

/**
 * The admin lifecycle of a season (spec: seasons-and-admin §4):
 * - OPEN: close signups (to CLOSED); a team may be removed;
 * - CLOSED: reopen signups, view the season preview, specify the division splits, start the group stages
 *   (both need splits that cover every joined team); a team may be removed;
 * - GROUP_STAGES: reset to CLOSED (drops the groups and their matches) or start the playoffs;
 * - PLAYOFFS: revert to the group stages, reset one division's bracket, and complete once every division's
 *   grand final is decided (the server completes it after the last grand final);
 * - edit and delete in any state.
 *
 * The SPA asks `snapshot.can(event)` which actions to offer; the server calls `assertSeasonTransition` with the
 * very same definition before changing a season. Events that need facts carry them, so the guards read as
 * questions about the event. No I/O here: the machine is the rulebook.
 */
export type SeasonEvent =
  | { type: 'season.closeSignups' }
  | { type: 'season.reopenSignups' }
  | { type: 'season.preview' }
  | { type: 'season.setDivisionSplits'; divisionSplits: readonly number[]; joinedTeamsCount: number }
  | { type: 'season.startGroupStages'; divisionSplits: readonly number[]; joinedTeamsCount: number }
  | { type: 'season.resetGroupStages' }
  | { type: 'season.startPlayoffs' }
  | { type: 'season.revertToGroupStages' }
  | { type: 'season.resetBracket' }
  | { type: 'season.complete'; undecidedDivisions: number }
  | { type: 'season.removeTeam' }
  | { type: 'season.edit' }
  | { type: 'season.delete' };

export type SeasonEventType = SeasonEvent['type'];

export const SEASON_EVENT_TYPES: readonly SeasonEventType[] = [
  'season.closeSignups',
  'season.reopenSignups',
  'season.preview',
  'season.setDivisionSplits',
  'season.startGroupStages',
  'season.resetGroupStages',
  'season.startPlayoffs',
  'season.revertToGroupStages',
  'season.resetBracket',
  'season.complete',
  'season.removeTeam',
  'season.edit',
  'season.delete',
];

type StateKey = 'open' | 'closed' | 'groupStages' | 'playoffs' | 'complete';

const STATE_OF: Record<SeasonType, StateKey> = {
  OPEN: 'open',
  CLOSED: 'closed',
  GROUP_STAGES: 'groupStages',
  PLAYOFFS: 'playoffs',
  COMPLETE: 'complete',
};

const TYPE_OF: Record<StateKey, SeasonType> = {
  open: 'OPEN',
  closed: 'CLOSED',
  groupStages: 'GROUP_STAGES',
  playoffs: 'PLAYOFFS',
  complete: 'COMPLETE',
};

/**
 * Why the facts an event carries refuse it, whatever the state; null when they allow it.
 * The guards ask the same question, so the 409 names the very reason `can` said no.
 */
export function seasonEventBlocker(event: SeasonEvent): string | null {
  switch (event.type) {
    case 'season.setDivisionSplits':
    case 'season.startGroupStages':
      return divisionSplitsError(event.divisionSplits, event.joinedTeamsCount);
    case 'season.complete':
      return event.undecidedDivisions > 0 ? SEASON_ERRORS.grandFinalsUndecided(event.undecidedDivisions) : null;
    default:
      return null;
  }
}

// Edit and delete keep the state; they are listed in every state (a targetless transition would not count for `can`).
const anyState = (state: StateKey) => ({
  'season.edit': { target: state },
  'season.delete': { target: state },
});

export const seasonMachine = setup({
  types: {
    events: {} as SeasonEvent,
  },
  guards: {
    splitsCoverAllTeams: ({ event }) => seasonEventBlocker(event) === null,
    everyGrandFinalDecided: ({ event }) => seasonEventBlocker(event) === null,
  },
}).createMachine({
  id: 'season',
  initial: 'open',
  states: {
    open: {
      on: {
        ...anyState('open'),
        'season.closeSignups': { target: 'closed' },
        'season.removeTeam': { target: 'open' },
      },
    },
    closed: {
      on: {
        ...anyState('closed'),
        'season.reopenSignups': { target: 'open' },
        'season.preview': { target: 'closed' },
        'season.setDivisionSplits': { target: 'closed', guard: 'splitsCoverAllTeams' },
        'season.startGroupStages': { target: 'groupStages', guard: 'splitsCoverAllTeams' },
        'season.removeTeam': { target: 'closed' },
      },
    },
    groupStages: {
      on: {
        ...anyState('groupStages'),
        'season.resetGroupStages': { target: 'closed' },
        'season.startPlayoffs': { target: 'playoffs' },
      },
    },
    playoffs: {
      on: {
        ...anyState('playoffs'),
        'season.revertToGroupStages': { target: 'groupStages' },
        'season.resetBracket': { target: 'playoffs' },
        'season.complete': { target: 'complete', guard: 'everyGrandFinalDecided' },
      },
    },
    complete: {
      on: anyState('complete'),
    },
  },
});

export type SeasonSnapshot = SnapshotFrom<typeof seasonMachine>;

/** The machine's snapshot for a season in `seasonType` (restore an actor with `createActor(seasonMachine, { snapshot })`). */
export function seasonSnapshotFor(seasonType: SeasonType): SeasonSnapshot {
  return seasonMachine.resolveState({ value: STATE_OF[seasonType] });
}

/** A started actor sitting in `seasonType`, for views that send events and read `can`. */
export function seasonActorFor(seasonType: SeasonType) {
  return createActor(seasonMachine, { snapshot: seasonSnapshotFor(seasonType) }).start();
}

/** The season type a snapshot stands for. */
export const seasonTypeOfSnapshot = (snapshot: SeasonSnapshot): SeasonType => TYPE_OF[snapshot.value as StateKey];

/** Whether the lifecycle allows `event` for a season in `seasonType` (guards included). */
export function canSeason(seasonType: SeasonType, event: SeasonEvent): boolean {
  return seasonSnapshotFor(seasonType).can(event);
}

/** The season type after `event`, or null when the lifecycle refuses it. */
export function nextSeasonType(seasonType: SeasonType, event: SeasonEvent): SeasonType | null {
  const snapshot = seasonSnapshotFor(seasonType);
  if (!snapshot.can(event)) return null;
  return seasonTypeOfSnapshot(getNextSnapshot(seasonMachine, snapshot, event));
}

/** Whether `seasonType` lists `eventType` at all, before any guard looks at the event's facts. */
export function stateListsEvent(seasonType: SeasonType, eventType: SeasonEventType): boolean {
  return seasonMachine.states[STATE_OF[seasonType]].on[eventType] !== undefined;
}

const ACTIONS: Record<SeasonEventType, string> = {
  'season.closeSignups': 'close signups',
  'season.reopenSignups': 'reopen signups',
  'season.preview': 'preview the divisions',
  'season.setDivisionSplits': 'change the division splits',
  'season.startGroupStages': 'start the group stages',
  'season.resetGroupStages': 'reset the group stages',
  'season.startPlayoffs': 'start the playoffs',
  'season.revertToGroupStages': 'revert to the group stages',
  'season.resetBracket': 'reset a division bracket',
  'season.complete': 'complete the playoffs',
  'season.removeTeam': 'remove a team',
  'season.edit': 'edit',
  'season.delete': 'delete',
};

/** The state refusal, e.g. "Cannot start the playoffs while the season is CLOSED". */
export const seasonTransitionRefusal = (seasonType: SeasonType, eventType: SeasonEventType) =>
  `Cannot ${ACTIONS[eventType]} while the season is ${seasonType}`;

/**
 * A lifecycle refusal. `statusCode` 409 lets the server's error handler answer it as a conflict
 * with this message wherever it is thrown.
 */
export class SeasonTransitionError extends Error {
  readonly statusCode = 409;
  readonly code = 'SEASON_TRANSITION';
  constructor(
    readonly seasonType: SeasonType,
    readonly eventType: SeasonEventType,
    message: string,
  ) {
    super(message);
    this.name = 'SeasonTransitionError';
  }
}

/**
 * The season type after `event`; throws SeasonTransitionError (409) when the lifecycle refuses it, with the
 * state refusal when the state does not offer the action, else the reason its facts fail the guard.
 */
export function assertSeasonTransition(seasonType: SeasonType, event: SeasonEvent): SeasonType {
  const next = nextSeasonType(seasonType, event);
  if (next !== null) return next;
  const reason = stateListsEvent(seasonType, event.type) ? seasonEventBlocker(event) : null;
  throw new SeasonTransitionError(seasonType, event.type, reason ?? seasonTransitionRefusal(seasonType, event.type));
}
