import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { transferRequests } from '../db/schema';
import { lockRowOr404 } from '../db/rowById';
import type { AuthUser } from '../auth/plugin';
import type { Billing, PaymentRow } from '../billing/types';
import { assertPaidPrice } from '../billing/billing';
import { badRequest, conflict, notFound } from '../http/errors';
import { cancelRequest } from './transfers';
import { assertTransferTransition } from '../../machines/rules/transferRequestMachine';
import type { PaymentSecret } from '../../src/api/contract/billing';
import type { TransferRequestBody } from '../../src/api/contract/team';
import { TRANSFER_ERRORS } from '../../src/domain/messages';
import { SEASON_SERVER_ERRORS } from './seasonStore';

/*
 * The transfer fee (TRANSFER_FEE_EUROS): whoever asked for a transfer pays it before the admins see the request.
 * The payment remembers the request; when it succeeds the TRANSFER purpose moves the request to PENDING, exactly once.
 */

interface TransferDetails {
  transferId: number;
}

/** The caller's request waiting for payment on this team for (addPlayer, userId); 404 when there is none. */
async function awaitingRequest(conn: Db | Tx, caller: AuthUser, teamId: number, body: Pick<TransferRequestBody, 'addPlayer' | 'userId'>) {
  const [row] = await conn
    .select()
    .from(transferRequests)
    .where(
      and(
        eq(transferRequests.teamId, teamId),
        eq(transferRequests.userId, body.userId),
        eq(transferRequests.addPlayer, body.addPlayer),
        eq(transferRequests.requestedBy, caller.id),
        eq(transferRequests.status, 'AWAITING_PAYMENT'),
      ),
    );
  if (!row) throw notFound(TRANSFER_ERRORS.noneAwaitingPayment);
  return row;
}

/** POST /v1/billing/transfer-request/{teamId} (body teamId, addPlayer, userId): the payment secret of the caller's request. */
export async function payForTransfer(db: Db, billing: Billing, feeCents: number, caller: AuthUser, teamId: number, body: TransferRequestBody): Promise<PaymentSecret> {
  if (body.teamId !== teamId) throw badRequest(TRANSFER_ERRORS.teamMismatch);
  const request = await awaitingRequest(db, caller, teamId, body);
  if (feeCents <= 0) throw conflict(SEASON_SERVER_ERRORS.paymentsUnavailable);
  return billing.createPayment({
    purpose: 'TRANSFER',
    amountCents: feeCents,
    userId: caller.id,
    details: { transferId: request.id } satisfies TransferDetails,
    description: `Transfer request ${request.id}`,
  });
}

/** DELETE /v1/billing/transfer-request/{teamId}: the caller closed the payment: their unpaid requests on the team are cancelled. */
export async function cancelUnpaidTransfers(db: Db, billing: Billing, caller: AuthUser, teamId: number): Promise<{ cancelled: number }> {
  return db.transaction(async (tx) => {
    const unpaid = await tx
      .select()
      .from(transferRequests)
      .where(and(eq(transferRequests.teamId, teamId), eq(transferRequests.requestedBy, caller.id), eq(transferRequests.status, 'AWAITING_PAYMENT')))
      .for('no key update');
    if (unpaid.length === 0) throw notFound(TRANSFER_ERRORS.noneAwaitingPayment);
    for (const request of unpaid) await cancelRequest(tx, billing, request);
    return { cancelled: unpaid.length };
  });
}

/**
 * The TRANSFER purpose: runs once per succeeded payment and sends the request to the admins. A request cancelled or
 * already paid meanwhile (a second payment of the same request) refuses (409), as does a payment of another fee than
 * today's, and billing refunds the payment.
 */
export function registerTransferPurpose(billing: Billing, feeCents: () => number) {
  if (billing.hasPurpose('TRANSFER')) return;
  billing.registerPurpose('TRANSFER', {
    async onSucceeded(tx: Tx, payment: PaymentRow) {
      const { transferId } = payment.details as Partial<TransferDetails>;
      const request = await lockRowOr404(tx, transferRequests, Number(transferId), TRANSFER_ERRORS.notFound);
      // The fee is the league's setting now (TRANSFER_FEE_EUROS may have changed with a restart since the secret).
      assertPaidPrice(payment, feeCents());
      const status = assertTransferTransition(request.status, { type: 'transfer.pay' });
      await tx.update(transferRequests).set({ status, paymentId: payment.id }).where(eq(transferRequests.id, request.id));
    },
  });
}
