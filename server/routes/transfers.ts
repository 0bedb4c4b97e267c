import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { requireRole, requireUser } from '../auth/plugin';
import { idParam, pageQuery, parse } from '../http/validate';
import { cancelTransfer, decideTransfer, listPendingTransfers, requestTransfer } from '../services/transfers';
import { cancelUnpaidTransfers, payForTransfer, registerTransferPurpose } from '../services/transferBilling';
import { TransferDecision, TransferRequestBody } from '../../src/api/contract/team';
import { DEFAULT_SERVER_PAGE_SIZE } from '../../src/domain/constants';

const params = (request: FastifyRequest) => request.params as Record<string, string>;
const teamAndUser = (request: FastifyRequest) => ({
  teamId: idParam(params(request).teamId, 'teamId'),
  userId: idParam(params(request).userId, 'userId'),
});

/** Transfers (players-and-tournaments §7 Transfer, seasons-and-admin Pending Transfers) and the transfer fee's billing calls. */
export function transferRoutes(app: FastifyInstance, db: Db, config: Config) {
  const billing = app.billing;
  registerTransferPurpose(billing, () => config.transferFeeCents);

  /** Pending Transfers (staff): the requests waiting for an admin, oldest first. */
  app.get('/v1/transfer', async (request) => {
    requireRole(request);
    const page = pageQuery(request.query, DEFAULT_SERVER_PAGE_SIZE);
    const { rows, total } = await listPendingTransfers(db, page);
    return { pageNo: page.pageNo, pageSize: page.perPage, total, results: rows };
  });

  /** Approve, or reject with a reason (staff). */
  app.patch('/v1/transfer/:id', async (request) => {
    const actor = requireRole(request);
    const id = idParam(params(request).id);
    const decision = parse(TransferDecision, request.body);
    return decideTransfer(db, billing, actor, id, decision, config.now());
  });

  /** The captain asks to remove a member, or a player asks to join (accepting the team's invite), while the team plays a season. */
  app.post('/v1/transfer/:teamId/:userId', async (request) => {
    const caller = requireUser(request);
    const { teamId, userId } = teamAndUser(request);
    return requestTransfer(db, config.transferFeeCents, caller, teamId, userId);
  });

  /** Cancel an open request: withdraw a pending one, or the captain's Ok on a rejected one ("Transfer Cancelled"). */
  app.delete('/v1/transfer/:teamId/:userId', async (request) => {
    const caller = requireUser(request);
    const { teamId, userId } = teamAndUser(request);
    return cancelTransfer(db, billing, caller, teamId, userId);
  });

  /** The transfer fee's payment secret (method ADD or REMOVE in the SPA, from addPlayer). */
  app.post('/v1/billing/transfer-request/:teamId', async (request) => {
    const caller = requireUser(request);
    const teamId = idParam(params(request).teamId, 'teamId');
    return payForTransfer(db, billing, config.transferFeeCents, caller, teamId, parse(TransferRequestBody, request.body));
  });

  /** The payment was closed unpaid: the caller's requests waiting for it on this team are cancelled. */
  app.delete('/v1/billing/transfer-request/:teamId', async (request) => {
    const caller = requireUser(request);
    return cancelUnpaidTransfers(db, billing, caller, idParam(params(request).teamId, 'teamId'));
  });
}
