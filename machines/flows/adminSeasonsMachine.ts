import { assign, fromPromise, setup } from 'xstate';
import type { Season, SeasonBody } from '../../src/api/contract/season';
import { createSeason, saveDivisionSplits, updateSeason } from '../../src/api/endpoints/seasons';
import { setAnnouncementWebhook } from '../../src/api/endpoints/announcements';
import { divisionSplitsError, normaliseSplits } from '../../src/domain/season/divisionSplits';
import { SEASON_ACTIONS, SEASON_RESOURCE, type SeasonAction } from '../rules/seasonActions';
import { seasonSnapshotFor, type SeasonEvent } from '../rules/seasonMachine';
import { confirmingState, lifecycleActionActor, rowActTransitions } from './lifecycleTable';

export type { SeasonAction } from '../rules/seasonActions';

/** The lifecycle event each action stands for: the season machine decides whether the menu offers it. */
export function lifecycleEvent(season: Season, action: SeasonAction | 'edit' | 'preview' | 'splits'): SeasonEvent {
  switch (action) {
    case 'edit':
      return { type: 'season.edit' };
    case 'preview':
      return { type: 'season.preview' };
    case 'splits':
      // Offered whenever some split could be saved: all the teams in one division is one.
      return { type: 'season.setDivisionSplits', divisionSplits: [season.joinedTeamsCount], joinedTeamsCount: season.joinedTeamsCount };
    default:
      return SEASON_ACTIONS[action].event(season);
  }
}

/** Whether the season's lifecycle allows `action` in its current state. */
export const seasonAllows = (season: Season, action: Parameters<typeof lifecycleEvent>[1]) =>
  seasonSnapshotFor(season.seasonType).can(lifecycleEvent(season, action));

export interface AdminSeasonsContext {
  target: Season | null;
  action: SeasonAction | null;
  /** The season in the add/edit dialog (null while adding). */
  editing: Season | null;
  /** The splits being edited, Division 1 first. */
  splits: number[];
}

export type AdminSeasonsEvent =
  | { type: 'row.act'; season: Season; action: SeasonAction }
  | { type: 'action.confirm' }
  | { type: 'action.cancel' }
  | { type: 'form.open'; season: Season | null }
  /** `webhook`: the Discord webhook to set after saving, null to remove it, undefined to leave it. */
  | { type: 'form.submit'; body: SeasonBody; webhook?: string | null }
  | { type: 'form.close' }
  | { type: 'splits.open'; season: Season }
  | { type: 'splits.change'; index: number; value: number }
  | { type: 'splits.add' }
  | { type: 'splits.save' }
  | { type: 'splits.close' };

const requested = (event: AdminSeasonsEvent) => (event.type === 'row.act' ? event : null);

/**
 * The admin seasons table: idle; confirming then working for the lifecycle actions of the OPTIONS menu; the
 * add/edit dialog (editing → saving); the division splits editor (splitting → savingSplits).
 * Effects are named actions the view provides: `notifyDone` (params: the action done and the season),
 * `notifySaved` (params: whether it was an edit), `notifySplitsSaved`, `reportError` and `reload` (the table).
 */
export const adminSeasonsMachine = setup({
  types: { context: {} as AdminSeasonsContext, events: {} as AdminSeasonsEvent },
  actors: {
    runAction: lifecycleActionActor(SEASON_RESOURCE, SEASON_ACTIONS),
    /**
     * Saves the season, then its Discord webhook when it changes. A refused webhook does not undo the saved season
     * (saving again would add a second one): it comes back as `webhookError` for the view to report.
     */
    saveSeason: fromPromise<{ webhookError: unknown }, { season: Season | null; body: SeasonBody; webhook?: string | null }>(
      async ({ input }) => {
        const saved = input.season ? await updateSeason(input.season.id, input.body) : await createSeason(input.body);
        if (input.webhook === undefined) return { webhookError: null };
        try {
          await setAnnouncementWebhook({ kind: 'season', id: saved.id }, input.webhook);
          return { webhookError: null };
        } catch (error) {
          return { webhookError: error };
        }
      },
    ),
    saveSplits: fromPromise<void, { id: number; splits: number[] }>(({ input }) =>
      saveDivisionSplits(input.id, { divisionSplits: normaliseSplits(input.splits) }),
    ),
  },
  actions: {
    notifyDone: (_, _params: { action: SeasonAction; season: Season }) => {},
    notifySaved: (_, _params: { edited: boolean }) => {},
    notifySplitsSaved: () => {},
    reportError: (_, _params: { error: unknown }) => {},
    reload: () => {},
    select: assign({ target: ({ event }) => requested(event)!.season, action: ({ event }) => requested(event)!.action }),
    clear: assign({ target: null, action: null }),
  },
  guards: {
    isAllowed: ({ event }) => {
      const e = requested(event);
      return !!e && seasonAllows(e.season, e.action);
    },
    needsConfirmation: ({ event }) => SEASON_ACTIONS[requested(event)!.action].confirm !== null,
    splitsBalanced: ({ context }) => divisionSplitsError(context.splits, context.target?.joinedTeamsCount ?? 0) === null,
  },
}).createMachine({
  id: 'adminSeasons',
  context: { target: null, action: null, editing: null, splits: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'row.act': [...rowActTransitions],
        'form.open': { target: 'editing', actions: assign({ editing: ({ event }) => event.season }) },
        'splits.open': {
          guard: ({ event }) => seasonAllows(event.season, 'splits'),
          target: 'splitting',
          // Start from the saved splits, or one division holding every team.
          actions: assign({
            target: ({ event }) => event.season,
            splits: ({ event }) => (event.season.divisionSplits.length > 0 ? [...event.season.divisionSplits] : [event.season.joinedTeamsCount]),
          }),
        },
      },
    },
    confirming: confirmingState,
    working: {
      invoke: {
        src: 'runAction',
        input: ({ context }) => ({ id: context.target!.id, action: context.action! }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'notifyDone', params: ({ context }) => ({ action: context.action!, season: context.target! }) }, 'reload', 'clear'],
        },
        // The state may have moved under us: reload so the menu offers what is possible now.
        onError: { target: 'idle', actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, 'reload', 'clear'] },
      },
    },
    editing: {
      on: {
        'form.submit': 'saving',
        'form.close': { target: 'idle', actions: assign({ editing: null }) },
      },
    },
    saving: {
      invoke: {
        src: 'saveSeason',
        input: ({ context, event }) => {
          const { body, webhook } = event as Extract<AdminSeasonsEvent, { type: 'form.submit' }>;
          return { season: context.editing, body, webhook };
        },
        onDone: [
          {
            guard: ({ event }) => event.output.webhookError !== null,
            target: 'idle',
            actions: [
              { type: 'notifySaved', params: ({ context }) => ({ edited: context.editing !== null }) },
              { type: 'reportError', params: ({ event }) => ({ error: event.output.webhookError }) },
              assign({ editing: null }),
              'reload',
            ],
          },
          {
            target: 'idle',
            actions: [{ type: 'notifySaved', params: ({ context }) => ({ edited: context.editing !== null }) }, assign({ editing: null }), 'reload'],
          },
        ],
        onError: { target: 'editing', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    splitting: {
      on: {
        'splits.change': {
          actions: assign({
            splits: ({ context, event }) => context.splits.map((n, i) => (i === event.index ? Math.max(0, Math.trunc(event.value) || 0) : n)),
          }),
        },
        'splits.add': { actions: assign({ splits: ({ context }) => [...context.splits, 0] }) },
        'splits.save': { guard: 'splitsBalanced', target: 'savingSplits' },
        'splits.close': { target: 'idle', actions: ['clear', assign({ splits: [] })] },
      },
    },
    savingSplits: {
      invoke: {
        src: 'saveSplits',
        input: ({ context }) => ({ id: context.target!.id, splits: context.splits }),
        onDone: { target: 'idle', actions: ['notifySplitsSaved', 'reload', 'clear', assign({ splits: [] })] },
        onError: { target: 'splitting', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
