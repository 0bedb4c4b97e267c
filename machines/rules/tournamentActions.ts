import type { Tournament } from '../../src/api/contract/tournament';
import { CONFIRM, SUCCESS } from '../../src/domain/messages';
import { stepActions, type LifecycleAction, type StepActionOf } from './lifecycleActions';
import type { TournamentEvent } from './tournamentMachine';

/** The resource the tournament actions' endpoints hang off (`/v1` + this + `/{id}`). */
export const TOURNAMENT_RESOURCE = '/tournament';

/**
 * Every admin action on a tournament that calls the server from the OPTIONS menu (seasons-and-admin §4,
 * players-and-tournaments §7), in menu order: the menu item, whether and how it asks first, the endpoint, the
 * success notice. The tournament machine says in which statuses each is offered. Start and Maps and Modes open the
 * maps page instead (its own machine makes the call).
 */
export const TOURNAMENT_ACTIONS = {
  close: {
    event: () => ({ type: 'tournament.close' }),
    label: 'Close',
    confirm: null,
    endpoint: { method: 'POST', path: 'close' },
    notice: () => SUCCESS.tournamentClosed,
    destructive: false,
  },
  open: {
    event: () => ({ type: 'tournament.open' }),
    label: 'Open',
    confirm: null,
    endpoint: { method: 'POST', path: 'open' },
    notice: () => SUCCESS.tournamentOpened,
    destructive: false,
  },
  cleanDiscord: {
    event: () => ({ type: 'tournament.cleanDiscord' }),
    label: 'Discord Clean Up',
    confirm: {
      title: 'Discord Clean Up',
      text: 'This removes every Discord role and channel of this tournament. This cannot be undone.',
      label: 'Clean Up',
      danger: true,
    },
    endpoint: { method: 'DELETE', path: 'discord' },
    notice: () => SUCCESS.tournamentDiscordCleanUp,
    destructive: false,
  },
  delete: {
    event: () => ({ type: 'tournament.delete' }),
    label: 'Delete',
    confirm: { title: 'Delete Tournament', text: CONFIRM.deleteTournament, label: 'Delete', danger: true },
    endpoint: { method: 'DELETE', path: '' },
    notice: () => SUCCESS.tournamentDeleted,
    destructive: true,
  },
} satisfies Record<string, LifecycleAction<Tournament, TournamentEvent>>;

export type TournamentAction = keyof typeof TOURNAMENT_ACTIONS;

/** The actions that are one POST step of the lifecycle (the server registers one route per step). */
export type TournamentStepAction = StepActionOf<typeof TOURNAMENT_ACTIONS>;
export const TOURNAMENT_STEP_ACTIONS = stepActions(TOURNAMENT_ACTIONS);
