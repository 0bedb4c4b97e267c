import { assign, fromPromise, setup } from 'xstate';
import type { AdminTeamPatch, TeamSummary } from '../../src/api/contract/team';
import { editTeam, getTeamSummary } from '../../src/api/endpoints/adminTeams';

export interface AdminTeamsContext {
  /** The team whose Edit Team dialog is open (or opening). */
  team: TeamSummary | null;
  /** /admin/teams/{id}: the team to open the dialog for once it is read. */
  openId: number | null;
}

export type AdminTeamsEvent =
  | { type: 'edit.open'; team: TeamSummary }
  | { type: 'edit.submit'; body: AdminTeamPatch }
  | { type: 'edit.close' };

/**
 * The admin teams screen (seasons-and-admin §2): closed → editing → saving → closed; at /admin/teams/{id} it first
 * reads that team (loading) and opens its dialog. The view provides `notifySaved`, `reportError` and `reload`.
 */
export const adminTeamsMachine = setup({
  types: { context: {} as AdminTeamsContext, events: {} as AdminTeamsEvent, input: {} as { openId: number | null } },
  actors: {
    loadTeam: fromPromise<TeamSummary, number>(({ input }) => getTeamSummary(input)),
    saveTeam: fromPromise<TeamSummary, { id: number; body: AdminTeamPatch }>(({ input }) => editTeam(input.id, input.body)),
  },
  actions: {
    notifySaved: () => {},
    reportError: (_, _params: { error: unknown }) => {},
    reload: () => {},
  },
  guards: {
    hasOpenId: ({ context }) => context.openId !== null,
  },
}).createMachine({
  id: 'adminTeams',
  context: ({ input }) => ({ team: null, openId: input.openId }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasOpenId', target: 'loading' }, { target: 'closed' }] },
    loading: {
      invoke: {
        src: 'loadTeam',
        input: ({ context }) => context.openId!,
        onDone: { target: 'editing', actions: assign({ team: ({ event }) => event.output }) },
        onError: { target: 'closed', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    closed: {
      on: { 'edit.open': { target: 'editing', actions: assign({ team: ({ event }) => event.team }) } },
    },
    editing: {
      on: {
        'edit.submit': 'saving',
        'edit.close': { target: 'closed', actions: assign({ team: null }) },
      },
    },
    saving: {
      invoke: {
        src: 'saveTeam',
        input: ({ context, event }) => ({ id: context.team!.id, body: (event as Extract<AdminTeamsEvent, { type: 'edit.submit' }>).body }),
        onDone: { target: 'closed', actions: ['notifySaved', 'reload', assign({ team: null })] },
        onError: { target: 'editing', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
