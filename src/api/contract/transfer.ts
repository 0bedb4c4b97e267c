import { number, type, union, type Infer } from 'superstruct';
import { TeamLeft, TransferRequest } from './team';

/**
 * What asking for a transfer answers (POST /v1/transfer/{teamId}/{userId}, a league-team invite accepted or a member
 * removed while the team plays a season): the request, and what it costs in euros. `amountDue` 0: it went to the
 * admins at once; otherwise it waits for the payment (POST /v1/billing/transfer-request/{teamId}, method ADD or REMOVE).
 */
export const TransferOutcome = type({
  transfer: TransferRequest,
  amountDue: number(),
});
export type TransferOutcome = Infer<typeof TransferOutcome>;

/**
 * DELETE /v1/team/{id}/members (leave a league team): `{ locked }` once the member is off the team; while the team
 * plays a season, the request for the member's own removal that leaving opened.
 */
export const LeagueTeamLeft = union([TeamLeft, TransferOutcome]);
export type LeagueTeamLeft = Infer<typeof LeagueTeamLeft>;

/** Whether an answer is a transfer request (an admin decides) rather than the change itself. */
export const isTransferOutcome = (answer: unknown): answer is TransferOutcome =>
  typeof answer === 'object' && answer !== null && 'transfer' in answer;
