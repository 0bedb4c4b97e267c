import { number, type, type Infer } from 'superstruct';
import { TransferRequest } from './team';

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
