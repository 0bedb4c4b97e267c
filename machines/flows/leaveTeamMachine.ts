import { assign, fromPromise, setup } from 'xstate';
import type { TransferRequestBody } from '../../src/api/contract/team';
import { isTransferOutcome, type LeagueTeamLeft } from '../../src/api/contract/transfer';
import { leaveTeam } from '../../src/api/endpoints/teams';

/**
 * Leave Team on a league team's page (players-and-tournaments, team profile: "Leave Team (a player of this team)"):
 * idle → confirming → leaving → idle, off the team; or, while the team plays a season (transferMode), the server opens
 * a request for the member's own removal instead (the transfer lifecycle, as the captain's Remove does) and the member
 * stays until an admin approves; with a transfer fee its payment comes first (paying). `leave.ask` carries the facts of the
 * page (is the viewer a member, have they asked to leave already), so `snapshot.can` says whether to offer it.
 * The view provides `notifyLeft`, `notifyRequested`, `reportError` and `refresh` (the team and the session again).
 */
export type LeaveTeamEvent =
  | { type: 'leave.ask'; isMember: boolean; removalAsked: boolean }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' }
  /** The transfer fee's payment closed: `sent` when the request went to the admins (paid or still settling). */
  | { type: 'fee.done'; sent: boolean };

interface Context {
  teamId: number;
  /** The removal request waiting for its fee (the payment dialog, method REMOVE). */
  fee: { request: TransferRequestBody; amount: number } | null;
}

export const leaveTeamMachine = setup({
  types: { context: {} as Context, events: {} as LeaveTeamEvent, input: {} as { teamId: number } },
  actors: {
    leave: fromPromise<LeagueTeamLeft, number>(({ input }) => leaveTeam(input)),
  },
  actions: {
    notifyLeft: () => {},
    notifyRequested: () => {},
    reportError: (_, _params: { error: unknown }) => {},
    /** The team page (and the session's user, whose teamId may have changed) read again. */
    refresh: () => {},
    holdFee: assign({
      fee: (_, answer: LeagueTeamLeft) =>
        isTransferOutcome(answer)
          ? { request: { teamId: answer.transfer.teamId, addPlayer: false, userId: answer.transfer.userId }, amount: answer.amountDue }
          : null,
    }),
    dropFee: assign({ fee: null }),
  },
  guards: {
    /** A member who has not asked to leave already (their removal pending, or rejected until the captain's Ok). */
    mayLeave: ({ event }) => event.type === 'leave.ask' && event.isMember && !event.removalAsked,
    isRequest: (_, answer: LeagueTeamLeft) => isTransferOutcome(answer),
    feeIsDue: (_, answer: LeagueTeamLeft) => isTransferOutcome(answer) && answer.amountDue > 0,
    wasSent: ({ event }) => event.type === 'fee.done' && event.sent,
  },
}).createMachine({
  id: 'leaveTeam',
  context: ({ input }) => ({ teamId: input.teamId, fee: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'leave.ask': { guard: 'mayLeave', target: 'confirming' } } },
    confirming: { on: { 'leave.confirm': 'leaving', 'leave.cancel': 'idle' } },
    leaving: {
      invoke: {
        src: 'leave',
        input: ({ context }) => context.teamId,
        onDone: [
          {
            guard: { type: 'feeIsDue', params: ({ event }) => event.output },
            target: 'paying',
            actions: { type: 'holdFee', params: ({ event }) => event.output },
          },
          { guard: { type: 'isRequest', params: ({ event }) => event.output }, target: 'idle', actions: ['notifyRequested', 'refresh'] },
          { target: 'idle', actions: ['notifyLeft', 'refresh'] },
        ],
        onError: { target: 'idle', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    paying: {
      on: {
        'fee.done': [
          { guard: 'wasSent', target: 'idle', actions: ['dropFee', 'notifyRequested', 'refresh'] },
          // Closed unpaid: the request is cancelled (the payment dialog says "Transfer Cancelled").
          { target: 'idle', actions: ['dropFee', 'refresh'] },
        ],
      },
    },
  },
});
