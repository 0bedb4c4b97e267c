import { literal, type } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { badRequest, notFound } from '../http/errors';
import { defineRoute, input } from '../http/route';
import { refundTournamentEntry } from '../billing/tournamentRefund';
import { guestPaymentProblems, LocalConfirmBody, PaymentRequest, PaymentSecret, PaymentStatus, RefundAnswer } from '../../src/api/contract/billing';
import { IdParam, NonBlank } from '../../src/api/contract/common';
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

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/v1/billing/payment',
      summary: 'A guest payment (email, amount in euros, reference): answers the payment secret',
      access: 'public',
      body: input(PaymentRequest, {
        messages: VALIDATION.guestPayment,
        prepare: (raw) => {
          const body = { ...raw, email: trimmed(raw.email), reference: trimmed(raw.reference) };
          const problem = Object.values(guestPaymentProblems(body))[0];
          if (problem) throw badRequest(problem);
          return body;
        },
      }),
      responses: PaymentSecret,
    },
    async ({ user, body }) =>
      billing.createPayment({
        purpose: 'GUEST',
        amountCents: Math.round(body.amount * 100),
        email: body.email,
        reference: body.reference,
        userId: user?.id ?? null,
        details: {},
        description: `Payment for reference ${body.reference}`,
      }),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/v1/billing/local/confirm',
      summary: "The local payment provider's card form (development and tests; 404 with Stripe)",
      access: 'public',
      body: input(LocalConfirmBody, {
        messages: { cardNumber: PAYMENT_ERRORS.invalidCardNumber },
        prepare: (raw) => {
          if (billing.provider !== 'local') throw notFound(PAYMENT_ERRORS.localOnly);
          return raw;
        },
      }),
      responses: PaymentStatus,
    },
    async ({ user, body }) => billing.confirmLocal(body, user?.id ?? null),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/v1/billing/payment-status',
      summary: 'Where a payment stands, by its client secret',
      access: 'public',
      query: input(type({ clientSecret: NonBlank }), { messages: { clientSecret: '"clientSecret" is required' } }),
      responses: PaymentStatus,
    },
    async ({ user, query }) => billing.status(query.clientSecret, user?.id ?? null),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/v1/billing/refund-tournament-entry/:tournamentId/:entryId',
      summary: "Refund a tournament entry's fee",
      access: 'staff',
      params: type({ tournamentId: IdParam, entryId: IdParam }),
      responses: RefundAnswer,
      errors: { 409: 'Nothing to refund' },
    },
    async ({ user, params }) => {
      await refundTournamentEntry(db, billing, params.tournamentId, params.entryId, user);
      return { ok: true as const };
    },
  );

  // Stripe signs the exact bytes it sent, so this one route reads its JSON body raw (the parser is scoped to it).
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    defineRoute(
      scope,
      {
        method: 'POST',
        url: '/v1/billing/webhook',
        summary: "Stripe's webhook: payment events, checked against the Stripe-Signature header",
        access: 'public',
        body: { raw: true, contentType: 'application/json', description: 'A Stripe event, exactly as Stripe signed it' },
        responses: type({ received: literal(true) }),
        errors: { 400: 'The signature does not match' },
        options: { config: { csrf: false, rateLimit: false } },
      },
      async ({ request }) => {
        await billing.handleWebhook(request.body as Buffer, request.headers['stripe-signature']);
        return { received: true };
      },
    );
  });
}
