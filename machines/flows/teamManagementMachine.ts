import { and, assign, fromPromise, setup } from 'xstate';
import type { TeamManagementRow, TransferRequestBody } from '../../src/api/contract/team';
import type { TransferOutcome } from '../../src/api/contract/transfer';
import type { Invitee } from '../../src/api/contract/user';
import { TEAM_MANAGEMENT_APIS, type ManagedTeam, type TeamAction, type TeamKind } from '../../src/api/endpoints/teamManagement';
import { VALIDATION } from '../../src/domain/messages';

export interface TeamManagementInput {
  /** A tournament (temporary) team, or a league (permanent) team: which calls the dialog makes. */
  kind: TeamKind;
  teamId: number;
  viewerId: number;
  /** Opened through "Manage Team (Admin)": staff paths, Force Add instead of Send Invite, no logo upload. */
  asAdmin: boolean;
}

export type { ManagedTeam, TeamAction, TeamKind };

export interface TeamManagementContext extends TeamManagementInput {
  team: ManagedTeam | null;
  rows: TeamManagementRow[];
  search: string;
  results: Invitee[];
  selected: Invitee | null;
  pending: TeamAction | null;
  errors: { name?: string; substitutes?: string };
  /** A transfer the captain just asked for that waits for its fee (the payment dialog, method REMOVE). */
  fee: { request: TransferRequestBody; amount: number; name: string } | null;
}

export type TeamManagementOutcome = 'done' | 'left' | 'disbanded' | 'handedOver';

export type TeamManagementEvent =
  | { type: 'team.reload' }
  | { type: 'team.rename'; name: string }
  | { type: 'substitutes.save'; names: string[] }
  | { type: 'logo.upload'; file: File }
  | { type: 'logo.remove' }
  | { type: 'search.change'; search: string }
  | { type: 'search.submit' }
  | { type: 'user.select'; user: Invitee | null }
  | { type: 'user.invite' }
  | { type: 'member.remove'; member: TeamManagementRow }
  | { type: 'member.promote'; member: TeamManagementRow }
  | { type: 'invite.revoke'; member: TeamManagementRow }
  | { type: 'transfer.cancel'; member: TeamManagementRow }
  | { type: 'fee.done' }
  | { type: 'team.leave' }
  | { type: 'team.disband' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'dialog.done' };

const isBlank = (s: string) => s.trim().length === 0;

/**
 * The team management dialog of a tournament team or a league team (the calls of each kind: TEAM_MANAGEMENT_APIS;
 * only tournament teams have free substitutes and can be disbanded): loads the team and its rows, then renames, edits free
 * substitutes, uploads or removes the logo, searches players to invite (or force-add, for staff), removes
 * members, assigns a new captain, revokes invites, leaves and disbands. Destructive actions and invites are confirmed first. The view
 * provides `notifyDone` (the success notification of an action), `notifyInvalidUser`, `reportError` and `finish`.
 */
export const teamManagementMachine = setup({
  types: {
    context: {} as TeamManagementContext,
    events: {} as TeamManagementEvent,
    input: {} as TeamManagementInput,
  },
  actors: {
    loadTeam: fromPromise<{ team: ManagedTeam; rows: TeamManagementRow[] }, { kind: TeamKind; teamId: number }>(({ input }) =>
      TEAM_MANAGEMENT_APIS[input.kind].load(input.teamId),
    ),
    searchUsers: fromPromise<Invitee[], { kind: TeamKind; teamId: number; search: string }>(({ input }) =>
      TEAM_MANAGEMENT_APIS[input.kind].searchInvitees(input.teamId, input.search),
    ),
    performAction: fromPromise<TransferOutcome | void, { kind: TeamKind; teamId: number; asAdmin: boolean; action: TeamAction }>(({ input }) =>
      TEAM_MANAGEMENT_APIS[input.kind].perform(input.teamId, input.asAdmin, input.action),
    ),
  },
  actions: {
    notifyDone: (_, _params: { action: TeamAction; team: ManagedTeam | null }) => {},
    notifyInvalidUser: () => {},
    /** The dialog closes: Done, or the viewer left or disbanded the team. */
    finish: (_, _params: { outcome: TeamManagementOutcome }) => {},
    reportError: (_, _params: { error: unknown }) => {},
    clearPending: assign({ pending: null }),
    /** A transfer request that waits for its fee opens the payment. */
    holdFee: assign({
      fee: (_, outcome: TransferOutcome | void) =>
        outcome && outcome.amountDue > 0
          ? {
              request: { teamId: outcome.transfer.teamId, addPlayer: outcome.transfer.addPlayer, userId: outcome.transfer.userId },
              amount: outcome.amountDue,
              name: outcome.transfer.userName,
            }
          : null,
    }),
    /** The player just invited or added is no longer someone to look for: the search starts afresh. */
    forgetSearchWhenAdded: assign(({ context }) =>
      context.pending?.kind === 'invite' || context.pending?.kind === 'forceAdd' ? { selected: null, search: '', results: [] } : { selected: null },
    ),
    /** The action about to run (after confirming it, for the ones the spec confirms). */
    hold: assign({ pending: (_, action: TeamAction) => action, errors: {} }),
    showError: assign({ errors: ({ context }, error: { name?: string; substitutes?: string }) => ({ ...context.errors, ...error }) }),
  },
  guards: {
    isCaptain: ({ context }) => !context.asAdmin && context.team?.captainId === context.viewerId,
    canManage: ({ context }) => context.asAdmin || context.team?.captainId === context.viewerId,
    /** Free substitutes and disbanding belong to tournament teams. */
    isTournamentTeam: ({ context }) => context.kind === 'temporary',
    /** Leave Team: the viewer is a member, and has not asked to leave already (a removal pending or rejected). */
    isMember: ({ context }) =>
      !context.asAdmin &&
      context.rows.some((r) => r.type === 'MEMBER' && r.id === context.viewerId && !r.isRemoving && r.rejectedReason === null),
    hasSearchTerm: ({ context }) => !isBlank(context.search),
    hasSelectedUser: ({ context }) => context.selected !== null,
    isNewNameBlank: ({ event }) => event.type === 'team.rename' && isBlank(event.name),
    hasBlankSubstitute: ({ event }) => event.type === 'substitutes.save' && event.names.some(isBlank),
    isOtherMember: ({ context, event }) =>
      event.type === 'member.remove' &&
      event.member.type === 'MEMBER' &&
      event.member.id !== context.viewerId &&
      // A removal already asked for (or rejected, until its Ok) is not asked again.
      !event.member.isRemoving &&
      event.member.rejectedReason === null,
    isInvitee: ({ event }) => event.type === 'invite.revoke' && event.member.type === 'INVITE',
    /** A REJECTED row (a transfer an admin turned down): its Ok cancels the entry. */
    isRejectedTransfer: ({ event }) => event.type === 'transfer.cancel' && event.member.rejectedReason !== null,
    /**
     * Assign captain: a member who is not the captain already (nobody re-assigns themselves), and not one whose
     * removal waits for the admins or was rejected (PENDING REMOVAL, REJECTED: the captain settles that first).
     */
    isMemberButNotCaptain: ({ context, event }) =>
      event.type === 'member.promote' &&
      event.member.type === 'MEMBER' &&
      event.member.id !== context.team?.captainId &&
      !event.member.isRemoving &&
      event.member.rejectedReason === null,
    /**
     * After leaving or disbanding the viewer no longer manages this team; nor does a captain who made someone else
     * captain (staff go on managing it). Leaving a team that plays a season only asks for the removal (the answer is
     * the transfer request): the viewer stays on the team until an admin approves.
     */
    endsManagement: ({ context }, params: { output: TransferOutcome | void }) =>
      (context.pending?.kind === 'leave' && !params.output) ||
      context.pending?.kind === 'disband' ||
      (context.pending?.kind === 'promote' && !context.asAdmin),
  },
}).createMachine({
  id: 'teamManagement',
  context: ({ input }) => ({
    ...input,
    team: null,
    rows: [],
    search: '',
    results: [],
    selected: null,
    pending: null,
    errors: {},
    fee: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTeam',
        src: 'loadTeam',
        input: ({ context }) => ({ kind: context.kind, teamId: context.teamId }),
        onDone: {
          target: 'ready',
          actions: assign({ team: ({ event }) => event.output.team, rows: ({ event }) => event.output.rows }),
        },
        onError: {
          target: 'failed',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      on: { 'team.reload': 'loading', 'dialog.done': 'done' },
    },
    ready: {
      on: {
        'team.rename': [
          { guard: 'isNewNameBlank', actions: { type: 'showError', params: { name: VALIDATION.newTeamName } } },
          { guard: 'canManage', target: 'saving', actions: { type: 'hold', params: ({ event }) => ({ kind: 'rename', name: event.name }) } },
        ],
        'substitutes.save': [
          { guard: 'hasBlankSubstitute', actions: { type: 'showError', params: { substitutes: VALIDATION.substituteName } } },
          {
            guard: and(['canManage', 'isTournamentTeam']),
            target: 'saving',
            actions: { type: 'hold', params: ({ event }) => ({ kind: 'saveSubstitutes', names: event.names }) },
          },
        ],
        'logo.upload': {
          guard: 'isCaptain',
          target: 'saving',
          actions: { type: 'hold', params: ({ event }) => ({ kind: 'uploadLogo', file: event.file }) },
        },
        'logo.remove': { guard: 'canManage', target: 'confirming', actions: { type: 'hold', params: { kind: 'removeLogo' } } },
        'search.change': { actions: assign({ search: ({ event }) => event.search }) },
        'search.submit': { guard: and(['canManage', 'hasSearchTerm']), target: 'searching' },
        'user.select': { actions: assign({ selected: ({ event }) => event.user }) },
        'user.invite': [
          {
            guard: and(['canManage', 'hasSelectedUser']),
            target: 'confirming',
            actions: {
              type: 'hold',
              params: ({ context }) => ({ kind: context.asAdmin ? 'forceAdd' : 'invite', user: context.selected! }),
            },
          },
          { guard: 'canManage', actions: 'notifyInvalidUser' },
        ],
        'member.remove': {
          guard: and(['canManage', 'isOtherMember']),
          target: 'confirming',
          actions: { type: 'hold', params: ({ event }) => ({ kind: 'removeMember', member: event.member }) },
        },
        'member.promote': {
          guard: and(['canManage', 'isMemberButNotCaptain']),
          target: 'confirming',
          actions: { type: 'hold', params: ({ event }) => ({ kind: 'promote', member: event.member }) },
        },
        'invite.revoke': {
          guard: and(['isCaptain', 'isInvitee']),
          target: 'confirming',
          actions: { type: 'hold', params: ({ event }) => ({ kind: 'revokeInvite', member: event.member }) },
        },
        'transfer.cancel': {
          guard: and(['canManage', 'isRejectedTransfer']),
          target: 'saving',
          actions: { type: 'hold', params: ({ event }) => ({ kind: 'cancelTransfer', member: event.member }) },
        },
        'fee.done': { target: 'loading', actions: assign({ fee: null }) },
        'team.leave': { guard: 'isMember', target: 'confirming', actions: { type: 'hold', params: { kind: 'leave' } } },
        'team.disband': { guard: and(['canManage', 'isTournamentTeam']), target: 'confirming', actions: { type: 'hold', params: { kind: 'disband' } } },
        'dialog.done': 'done',
      },
    },
    searching: {
      invoke: {
        id: 'searchUsers',
        src: 'searchUsers',
        input: ({ context }) => ({ kind: context.kind, teamId: context.teamId, search: context.search.trim() }),
        onDone: { target: 'ready', actions: assign({ results: ({ event }) => event.output, selected: null }) },
        onError: { target: 'ready', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirming: {
      on: {
        'confirm.accept': 'saving',
        'confirm.cancel': { target: 'ready', actions: 'clearPending' },
      },
    },
    saving: {
      invoke: {
        id: 'performAction',
        src: 'performAction',
        input: ({ context }) => ({ kind: context.kind, teamId: context.teamId, asAdmin: context.asAdmin, action: context.pending! }),
        onDone: [
          {
            guard: { type: 'endsManagement', params: ({ event }) => ({ output: event.output }) },
            target: 'gone',
            actions: { type: 'notifyDone', params: ({ context }) => ({ action: context.pending!, team: context.team }) },
          },
          {
            target: 'loading',
            actions: [
              { type: 'notifyDone', params: ({ context }) => ({ action: context.pending!, team: context.team }) },
              { type: 'holdFee', params: ({ event }) => event.output },
              'forgetSearchWhenAdded',
              'clearPending',
            ],
          },
        ],
        onError: {
          target: 'ready',
          actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, 'clearPending'],
        },
      },
    },
    /** The viewer left or disbanded the team, or handed it to a new captain. */
    gone: {
      type: 'final',
      entry: {
        type: 'finish',
        params: ({ context }) => ({
          outcome: context.pending?.kind === 'disband' ? 'disbanded' : context.pending?.kind === 'promote' ? 'handedOver' : 'left',
        }),
      },
    },
    done: { type: 'final', entry: { type: 'finish', params: { outcome: 'done' } } },
  },
});
