import type { Season } from '../../src/api/contract/season';
import type { SeasonType } from '../../src/domain/constants';
import { CONFIRM, SUCCESS } from '../../src/domain/messages';
import { stepActions, type LifecycleAction, type StepActionOf } from './lifecycleActions';
import type { SeasonEvent } from './seasonMachine';

/** The resource the season actions' endpoints hang off (`/v1` + this + `/{id}`). */
export const SEASON_RESOURCE = '/season';

const asIs = (notice: { title: string; message: string }) => () => notice;
const named = (notice: (season: string) => { title: string; message: string }) => (season: Season) => notice(season.name);

/**
 * Every admin action on a season that calls the server (seasons-and-admin §4, §7, §8), in OPTIONS menu order:
 * the menu item, whether and how it asks first, the endpoint, the success notice. The season machine says in which
 * states each is offered; the admin machine, the OPTIONS menu, the page and the server routes all read this table.
 */
export const SEASON_ACTIONS = {
  closeSignups: {
    event: () => ({ type: 'season.closeSignups' }),
    label: 'Close Signups',
    confirm: { title: 'Close Signups', text: 'No more teams can join this season until signups reopen.', label: 'Close Signups', danger: false },
    endpoint: { method: 'POST', path: 'close-signups' },
    notice: asIs(SUCCESS.signupsClosed),
    destructive: false,
  },
  reopenSignups: {
    event: () => ({ type: 'season.reopenSignups' }),
    label: 'Reopen Signups',
    confirm: { title: 'Reopen Signups', text: 'Teams can join this season again.', label: 'Reopen Signups', danger: false },
    endpoint: { method: 'POST', path: 'reopen-signups' },
    notice: asIs(SUCCESS.signupsReopened),
    destructive: false,
  },
  startGroupStages: {
    event: (season) => ({ type: 'season.startGroupStages', divisionSplits: season.divisionSplits, joinedTeamsCount: season.joinedTeamsCount }),
    label: 'Start Group Stages',
    // The one action that runs at once (seasons-and-admin §8 lists no confirmation for it).
    confirm: null,
    endpoint: { method: 'POST', path: 'progress-playoffs' },
    notice: asIs(SUCCESS.groupStagesStarted),
    destructive: false,
  },
  resetGroupStages: {
    event: () => ({ type: 'season.resetGroupStages' }),
    label: 'Reset to Closed',
    confirm: {
      title: 'Reset to Closed',
      text: 'This resets the group stages generation: the groups and every group match are removed and the season returns to CLOSED.',
      label: 'Reset',
      danger: false,
    },
    endpoint: { method: 'POST', path: 'reset-group-stages' },
    notice: named(SUCCESS.groupStagesReset),
    destructive: false,
  },
  startPlayoffs: {
    event: () => ({ type: 'season.startPlayoffs' }),
    label: 'Start Playoffs',
    confirm: { title: 'Start Playoffs', text: 'The group standings seed each division’s double elimination bracket.', label: 'Start Playoffs', danger: false },
    endpoint: { method: 'POST', path: 'progress-double-elim' },
    notice: named(SUCCESS.doubleElimStarted),
    destructive: false,
  },
  revertToGroupStages: {
    event: () => ({ type: 'season.revertToGroupStages' }),
    label: 'Reset to Group Stages',
    confirm: {
      title: 'Reset to Group Stages',
      text: 'The playoff brackets and their matches are removed and the season returns to the group stages.',
      label: 'Reset',
      danger: false,
    },
    endpoint: { method: 'POST', path: 'revert-to-group-stages' },
    notice: named(SUCCESS.seasonReverted),
    destructive: false,
  },
  delete: {
    event: () => ({ type: 'season.delete' }),
    label: 'Delete',
    confirm: { title: 'Delete Season', text: CONFIRM.deleteSeason, label: 'Delete', danger: true },
    endpoint: { method: 'DELETE', path: '' },
    notice: asIs(SUCCESS.seasonDeleted),
    destructive: true,
  },
} satisfies Record<string, LifecycleAction<Season, SeasonEvent>>;

export type SeasonAction = keyof typeof SEASON_ACTIONS;

/** The actions that are one POST step of the lifecycle (the server registers one route per step). */
export type SeasonStepAction = StepActionOf<typeof SEASON_ACTIONS>;
export const SEASON_STEP_ACTIONS = stepActions(SEASON_ACTIONS);

/** The badge colour of each state in the admin table. */
export const SEASON_STATE_COLOR: Record<SeasonType, string> = { OPEN: 'green', CLOSED: 'yellow', GROUP_STAGES: 'blue', PLAYOFFS: 'grape', COMPLETE: 'gray' };
