import { api } from '../client';
import { PaymentSecret } from '../contract/billing';
import { TransferRequest, type TransferDecision, type TransferRequestBody } from '../contract/team';
import { TransferOutcome } from '../contract/transfer';

/** Pending Transfers (GET /v1/transfer?pageNo&perPage, staff), for usePagedList with the TransferRequest struct. */
export const TRANSFERS_ENDPOINT = '/transfer';

/** PATCH /v1/transfer/{id}: approve, or reject with a reason; answers the decided request. */
export const decideTransfer = (id: number, body: TransferDecision) => api.call(`/transfer/${id}`, TransferRequest, { method: 'PATCH', body });

/** POST /v1/transfer/{teamId}/{userId}: the captain asks to remove a member, or a player to join (their own id). */
export const requestTransfer = (teamId: number, userId: number) => api.call(`/transfer/${teamId}/${userId}`, TransferOutcome, { method: 'POST' });

/** DELETE /v1/transfer/{teamId}/{userId}: withdraw an open request, or the Ok on a rejected one. */
export const cancelTransfer = (teamId: number, userId: number) => api.call(`/transfer/${teamId}/${userId}`, TransferRequest, { method: 'DELETE' });

/** POST /v1/billing/transfer-request/{teamId}: the transfer fee's payment secret. */
export const payForTransfer = (body: TransferRequestBody) =>
  api.call(`/billing/transfer-request/${body.teamId}`, PaymentSecret, { method: 'POST', body });

/** DELETE /v1/billing/transfer-request/{teamId}: the payment was closed unpaid; the caller's unpaid requests there are cancelled. */
export const cancelUnpaidTransfers = (teamId: number) => api.send(`/billing/transfer-request/${teamId}`, { method: 'DELETE' });
