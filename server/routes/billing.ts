import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { requireRole, STAFF } from '../auth/plugin';
import { badRequest, notFound } from '../http/errors';
import { idParam, parse } from '../http/validate';
import { refundTournamentEntry } from '../billing/tournamentRefund';
import { guestPaymentProblems, LocalConfirmBody, PaymentRequest } from '../../src/api/contract/billing';
import { PAYMENT_ERRORS, VALIDATION } from '../../src/domain/messages';

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/**
 * /v1/billing: guest payments, the local provider's card confirmation, payment status, Stripe's webhook and
 * tournament entry refunds. The join-tournament/join-season/transfer calls live with their own resources and use
 * `app.billing` (see server/billing/billing.ts).
 */
export function billingRoutes(app: FastifyInstance, db: Db, _config: Config) {
  const billing = app.billing;
  // A guest payment buys nothing in the platform: the payment row (email, amount, reference) is the record.
  billing.registerPurpose('GUEST', { onSucceeded: async () => {} });

  app.post('/v1/billing/payment', async (request) => {
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const body = { ...raw, email: trimmed(raw.email), reference: trimmed(raw.reference) };
    const problem = Object.values(guestPaymentProblems(body))[0];
    if (problem) throw badRequest(problem);
    const input = parse(PaymentRequest, body, VALIDATION.guestPayment);
    return billing.createPayment({
      purpose: 'GUEST',
      amountCents: Math.round(input.amount * 100),
      email: input.email,
      reference: input.reference,
      userId: request.user?.id ?? null,
      details: {},
      description: `Payment for reference ${input.reference}`,
    });
  });

  app.post('/v1/billing/local/confirm', async (request) => {
    if (billing.provider !== 'local') throw notFound(PAYMENT_ERRORS.localOnly);
    return billing.confirmLocal(parse(LocalConfirmBody, request.body, { cardNumber: PAYMENT_ERRORS.invalidCardNumber }), request.user?.id ?? null);
  });

  app.get('/v1/billing/payment-status', async (request) => {
    const { clientSecret } = (request.query ?? {}) as Record<string, unknown>;
    if (typeof clientSecret !== 'string' || !clientSecret) throw badRequest('"clientSecret" is required');
    return billing.status(clientSecret, request.user?.id ?? null);
  });

  app.post('/v1/billing/refund-tournament-entry/:tournamentId/:entryId', async (request) => {
    const admin = requireRole(request, STAFF);
    const params = request.params as Record<string, string>;
    await refundTournamentEntry(db, billing, idParam(params.tournamentId, 'tournamentId'), idParam(params.entryId, 'entryId'), admin);
    return { ok: true };
  });

  // Stripe signs the exact bytes it sent, so this one route reads its JSON body raw (the parser is scoped to it).
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/v1/billing/webhook', { config: { csrf: false, rateLimit: false } }, async (request) => {
      await billing.handleWebhook(request.body as Buffer, request.headers['stripe-signature']);
      return { received: true };
    });
  });
}
