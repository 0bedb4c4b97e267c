import { integer, type } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { pageAnswer, toPage } from '../http/validate';
import { defineRoute } from '../http/route';
import { cancelTransfer, decideTransfer, listPendingTransfers, requestTransfer } from '../services/transfers';
import { cancelUnpaidTransfers, payForTransfer, registerTransferPurpose } from '../services/transferBilling';
import { TransferDecision, TransferRequest, TransferRequestBody } from '../../src/api/contract/team';
import { TransferOutcome } from '../../src/api/contract/transfer';
import { PaymentSecret } from '../../src/api/contract/billing';
import { IdParam, PageQuery, Paged } from '../../src/api/contract/common';
import { DEFAULT_SERVER_PAGE_SIZE } from '../../src/domain/constants';

const TeamAndUser = type({ teamId: IdParam, userId: IdParam });
const ByTeam = type({ teamId: IdParam });
const TRANSFER_ERRORS = { 409: 'No open request, or the team is not playing a season' };

/** Transfers (players-and-tournaments §7 Transfer, seasons-and-admin Pending Transfers) and the transfer fee's billing calls. */
export function transferRoutes(app: FastifyInstance, db: Db, config: Config) {
  const billing = app.billing;
  registerTransferPurpose(billing, () => config.transferFeeCents);

  defineRoute(
    app,
    { method: 'GET', url: '/v1/transfer', summary: 'Pending Transfers: the requests waiting for an admin, oldest first', access: 'staff', query: PageQuery, responses: Paged(TransferRequest) },
    async ({ query }) => {
      const page = toPage(query, DEFAULT_SERVER_PAGE_SIZE);
      const { rows, total } = await listPendingTransfers(db, page);
      return pageAnswer(page, total, rows);
    },
  );

  defineRoute(
    app,
    { method: 'PATCH', url: '/v1/transfer/:id', summary: 'Approve, or reject with a reason', access: 'staff', params: type({ id: IdParam }), body: TransferDecision, responses: TransferRequest, errors: TRANSFER_ERRORS },
    async ({ user, params, body }) => decideTransfer(db, billing, user, params.id, body, config.now()),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/v1/transfer/:teamId/:userId',
      summary: 'The captain asks to remove a member, or a player asks to join (accepting the invite), while the team plays a season',
      access: 'user',
      who: "the team's captain (a removal) or the invited player (a join)",
      params: TeamAndUser,
      responses: TransferOutcome,
      errors: TRANSFER_ERRORS,
    },
    async ({ user, params }) => requestTransfer(db, config.transferFeeCents, user, params.teamId, params.userId),
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/v1/transfer/:teamId/:userId',
      summary: 'Cancel an open request: withdraw a pending one, or the captain\'s Ok on a rejected one',
      access: 'user',
      who: 'whoever opened the request',
      params: TeamAndUser,
      responses: TransferRequest,
      errors: TRANSFER_ERRORS,
    },
    async ({ user, params }) => cancelTransfer(db, billing, user, params.teamId, params.userId),
  );

  defineRoute(
    app,
    { method: 'POST', url: '/v1/billing/transfer-request/:teamId', summary: "The transfer fee's payment secret", access: 'user', who: "the team's captain or the joining player", params: ByTeam, body: TransferRequestBody, responses: PaymentSecret, errors: TRANSFER_ERRORS },
    async ({ user, params, body }) => payForTransfer(db, billing, config.transferFeeCents, user, params.teamId, body),
  );

  defineRoute(
    app,
    { method: 'DELETE', url: '/v1/billing/transfer-request/:teamId', summary: "The payment was closed unpaid: the caller's requests waiting for it on this team are cancelled", access: 'user', params: ByTeam, responses: type({ cancelled: integer() }) },
    async ({ user, params }) => cancelUnpaidTransfers(db, billing, user, params.teamId),
  );
}
