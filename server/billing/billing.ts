/**
 * The billing service: one payment lifecycle for tournament entry, season entry, transfers and guest payments,
 * on Stripe (STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET) or on the local test provider (the default).
 *
 * Wiring: app.ts creates it once (`createBilling(db, config)`) right after the database and decorates the Fastify
 * instance with it, so every route module reaches it as `app.billing` (typed below). A module that sells something
 * registers its purpose once when its routes are registered and starts payments from its own route:
 *
 *   app.billing.registerPurpose('TOURNAMENT_ENTRY', { onSucceeded: (tx, payment) => createEntry(tx, payment) });
 *   return app.billing.createPayment({ purpose: 'TOURNAMENT_ENTRY', amountCents, userId, details: {...} });
 *
 * Completion is one code path for both providers (`complete`): it locks the payment row, applies the provider's
 * outcome once and runs the purpose's onSucceeded exactly once, so replayed or concurrent webhooks and confirmations
 * never buy twice. Refunds are idempotent the same way (`refundId` is set once, Stripe gets an idempotency key).
 */
import { and, eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { payments } from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { euros } from '../services/tournamentView';
import { CURRENCY, LOCAL_PROCESSING_MS } from '../../src/domain/constants';
import { PAYMENT_ERRORS } from '../../src/domain/messages';
import type { PaymentStatus } from '../../src/api/contract/billing';
import { createLocalProvider, localCardOutcome } from './localProvider';
import { createStripeProvider, type StripeProvider } from './stripeProvider';
import type { Billing, PaymentOutcome, PaymentPurpose, PaymentPurposeHandler, PaymentProvider, PaymentRow } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    /** The billing service (server/billing/billing.ts). */
    billing: Billing;
  }
}

/** Where the local provider keeps the moment its slow test card settles (in the payment's details). */
const LOCAL_SETTLES_AT = 'localSettlesAt';

/** Production without Stripe keys and without ALLOW_TEST_PAYMENTS=true: nothing can be paid for. */
export const PAYMENTS_OFF = 'Payments are not available: no payment provider is configured';

const toStatus = (p: PaymentRow): PaymentStatus => ({ status: p.status, message: p.failureMessage ?? '' });

/** A payment nothing can change any more: it succeeded, or it was refunded. */
const isSettled = (p: PaymentRow) => p.status === 'SUCCEEDED' || p.refundedAt !== null;

/**
 * A purpose's refusal of a payment the provider took (the money goes back): an HttpError 4xx, or a lifecycle machine's
 * refusal (a `statusCode` 4xx, e.g. a transfer already paid for by another payment).
 */
const isRefusal = (err: unknown) => {
  const status = err instanceof HttpError ? err.status : (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/**
 * A purchase is bound to its price: a payment started before the price changed (an entry fee raised or lowered
 * meanwhile) buys nothing and is refunded. Purposes call it in onSucceeded with what the thing costs now.
 */
export function assertPaidPrice(payment: Pick<PaymentRow, 'amountCents'>, priceCents: number): void {
  if (payment.amountCents !== priceCents) throw conflict(PAYMENT_ERRORS.priceChanged);
}

/** A payment started by a signed-in user is theirs to confirm or follow: anyone else is told it does not exist. */
const assertPayer = (p: PaymentRow, payer: number | null) => {
  if (p.userId !== null && p.userId !== payer) throw notFound(PAYMENT_ERRORS.notFound);
};

/** Outcome names of the payments metric (server/ops/metrics.ts): a status, or what a refund means. */
export type PaymentEvent = 'created' | 'succeeded' | 'failed' | 'processing' | 'cancelled' | 'refused' | 'refunded';

/**
 * `onEvent` hears each change of a payment once it is committed (the metrics count payments by outcome; a rolled-back
 * change is never heard).
 */
export function createBilling(db: Db, config: Config, onEvent: (event: PaymentEvent) => void = () => {}): Billing {
  const stripe: StripeProvider | null = config.stripe ? createStripeProvider(config.stripe) : null;
  const provider: PaymentProvider = stripe ?? createLocalProvider();
  const purposes = new Map<PaymentPurpose, PaymentPurposeHandler>();

  const lockByIntent = (tx: Tx, intentId: string) =>
    tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider.name), eq(payments.intentId, intentId)))
      .for('update')
      .then((rows) => rows[0] ?? null);

  async function findBySecret(clientSecret: string): Promise<PaymentRow> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider.name), eq(payments.clientSecret, clientSecret)));
    if (!row) throw notFound(PAYMENT_ERRORS.notFound);
    return row;
  }

  /** Runs `write` in a transaction; once it committed, reports `event` when `write` named one. */
  async function reporting<T>(write: (tx: Tx, report: (event: PaymentEvent) => void) => Promise<T>): Promise<T> {
    let event: PaymentEvent | null = null;
    const result = await db.transaction((tx) => write(tx, (e) => (event = e)));
    if (event) onEvent(event);
    return result;
  }

  /** Applies a non-success outcome (FAILED, PROCESSING, CANCELLED) to a payment that is not settled. */
  async function record(
    tx: Tx,
    p: PaymentRow,
    outcome: Exclude<PaymentOutcome, { status: 'SUCCEEDED' }>,
    report: (event: PaymentEvent) => void,
    details = p.details,
  ) {
    const failureMessage = outcome.status === 'FAILED' ? outcome.message : null;
    if (p.status === outcome.status && p.failureMessage === failureMessage && details === p.details) return p;
    if (p.status !== outcome.status) report(outcome.status.toLowerCase() as PaymentEvent);
    const [row] = await tx
      .update(payments)
      .set({ status: outcome.status, failureMessage, details })
      .where(eq(payments.id, p.id))
      .returning();
    return row;
  }

  /**
   * The purpose refused a payment the provider already took (the tournament filled up meanwhile): mark it FAILED
   * with the reason and give the money back.
   */
  function refuseAndRefund(intentId: string, reason: string) {
    return reporting(async (tx, report) => {
      const p = await lockByIntent(tx, intentId);
      if (!p || isSettled(p)) return p;
      const { refundId } = await provider.refund(p.intentId, `clutch-refund-${p.id}`);
      const [row] = await tx
        .update(payments)
        .set({
          status: 'FAILED',
          failureMessage: PAYMENT_ERRORS.refusedAndRefunded(reason),
          refundedAt: config.now(),
          refundId,
        })
        .where(eq(payments.id, p.id))
        .returning();
      report('refused');
      return row;
    });
  }

  async function complete(intentId: string, outcome: PaymentOutcome): Promise<PaymentRow | null> {
    try {
      return await reporting(async (tx, report) => {
        const p = await lockByIntent(tx, intentId);
        // Unknown intents (another system's, or created before a reset) are acknowledged and ignored.
        if (!p || isSettled(p)) return p;
        if (outcome.status !== 'SUCCEEDED') return record(tx, p, outcome, report);
        const handler = purposes.get(p.purpose as PaymentPurpose);
        if (!handler) throw new Error(`No handler is registered for payments of purpose ${p.purpose}`);
        const [done] = await tx
          .update(payments)
          .set({ status: 'SUCCEEDED', failureMessage: null, completedAt: config.now() })
          .where(eq(payments.id, p.id))
          .returning();
        await handler.onSucceeded(tx, done);
        report('succeeded');
        return done;
      });
    } catch (err) {
      if (outcome.status === 'SUCCEEDED' && isRefusal(err)) {
        return refuseAndRefund(intentId, (err as Error).message);
      }
      throw err;
    }
  }

  /** The payment's status by client secret (its payer's, when signed in); asks the provider when nothing is settled yet. */
  async function status(clientSecret: string, payer: number | null): Promise<PaymentStatus> {
    const p = await findBySecret(clientSecret);
    assertPayer(p, payer);
    if (isSettled(p) || p.status === 'CANCELLED') return toStatus(p);
    let outcome: PaymentOutcome | null = null;
    if (provider.name === 'local') {
      const settlesAt = Number(p.details[LOCAL_SETTLES_AT]);
      if (p.status === 'PROCESSING' && settlesAt <= config.now()) outcome = { status: 'SUCCEEDED' };
    } else {
      // Ask Stripe: the SPA polls right after confirmPayment, possibly before the webhook arrives.
      outcome = await provider.retrieveOutcome(p.intentId);
    }
    if (!outcome) return toStatus(p);
    return toStatus((await complete(p.intentId, outcome)) ?? p);
  }

  return {
    provider: provider.name,

    registerPurpose(purpose, handler) {
      if (purposes.has(purpose)) throw new Error(`The payment purpose ${purpose} is already registered`);
      purposes.set(purpose, handler);
    },

    hasPurpose: (purpose) => purposes.has(purpose),

    async createPayment(input) {
      // A production site without Stripe must not hand paid entries to anyone who knows the public test card.
      if (provider.name === 'local' && !config.allowTestPayments) throw new HttpError(503, PAYMENTS_OFF);
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
        throw new Error(`A payment needs a positive whole number of cents, got ${input.amountCents}`);
      }
      const metadata: Record<string, string> = { purpose: input.purpose };
      if (input.userId) metadata.userId = String(input.userId);
      if (input.reference) metadata.reference = input.reference;
      const intent = await provider.createIntent({
        amountCents: input.amountCents,
        currency: CURRENCY,
        description: input.description ?? input.purpose,
        email: input.email,
        metadata,
      });
      await db.insert(payments).values({
        provider: provider.name,
        intentId: intent.intentId,
        clientSecret: intent.clientSecret,
        amountCents: input.amountCents,
        currency: CURRENCY,
        purpose: input.purpose,
        details: input.details,
        userId: input.userId ?? null,
        email: input.email ?? null,
        reference: input.reference ?? null,
      });
      onEvent('created');
      return { clientSecret: intent.clientSecret, provider: provider.name, amount: euros(input.amountCents), currency: CURRENCY };
    },

    async refund(paymentId, on = db) {
      let refunded = false;
      await on.transaction(async (tx) => {
        const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
        if (!p) throw notFound(PAYMENT_ERRORS.notFound);
        if (p.refundId) return;
        if (p.status !== 'SUCCEEDED') throw conflict(PAYMENT_ERRORS.notRefundable);
        // Holding the row lock while the provider refunds serialises concurrent refunds; the idempotency key
        // makes Stripe answer the same refund if we ever ask twice (a crash between its answer and our update).
        const { refundId } = await provider.refund(p.intentId, `clutch-refund-${p.id}`);
        await tx.update(payments).set({ refundedAt: config.now(), refundId }).where(eq(payments.id, p.id));
        refunded = true;
      });
      // Inside a caller's transaction (`on`), this counts before that transaction commits.
      if (refunded) onEvent('refunded');
    },

    complete,

    async confirmLocal({ clientSecret, cardNumber }, payer) {
      if (provider.name !== 'local') throw notFound(PAYMENT_ERRORS.localOnly);
      if (!config.allowTestPayments) throw new HttpError(503, PAYMENTS_OFF);
      const p = await findBySecret(clientSecret);
      assertPayer(p, payer);
      // A replayed confirmation answers what happened the first time and runs nothing again.
      if (isSettled(p)) return toStatus(p);
      if (p.status === 'CANCELLED') throw conflict(PAYMENT_ERRORS.cancelled);
      if (p.status === 'PROCESSING') return status(clientSecret, payer);
      const card = localCardOutcome(cardNumber);
      if (!card) throw badRequest(PAYMENT_ERRORS.invalidCardNumber);
      let row: PaymentRow | null;
      switch (card) {
        case 'succeeds':
          row = await complete(p.intentId, { status: 'SUCCEEDED' });
          break;
        case 'declined':
          row = await complete(p.intentId, { status: 'FAILED', message: PAYMENT_ERRORS.cardDeclined });
          break;
        case 'insufficientFunds':
          row = await complete(p.intentId, { status: 'FAILED', message: PAYMENT_ERRORS.insufficientFunds });
          break;
        case 'processing':
          row = await reporting(async (tx, report) => {
            const locked = await lockByIntent(tx, p.intentId);
            if (!locked || isSettled(locked) || locked.status === 'PROCESSING') return locked;
            const details = { ...locked.details, [LOCAL_SETTLES_AT]: config.now() + LOCAL_PROCESSING_MS };
            return record(tx, locked, { status: 'PROCESSING' }, report, details);
          });
          break;
      }
      return toStatus(row ?? p);
    },

    status,

    async handleWebhook(rawBody, signature) {
      if (!stripe) throw notFound(PAYMENT_ERRORS.stripeOnly);
      let event;
      try {
        event = stripe.parseWebhook(rawBody, signature);
      } catch {
        throw badRequest(PAYMENT_ERRORS.invalidSignature);
      }
      switch (event.type) {
        case 'payment_intent.succeeded':
          await complete(event.data.object.id, { status: 'SUCCEEDED' });
          break;
        case 'payment_intent.payment_failed': {
          const intent = event.data.object;
          await complete(intent.id, { status: 'FAILED', message: intent.last_payment_error?.message ?? PAYMENT_ERRORS.failed });
          break;
        }
        case 'payment_intent.processing':
          await complete(event.data.object.id, { status: 'PROCESSING' });
          break;
        case 'payment_intent.canceled':
          await complete(event.data.object.id, { status: 'CANCELLED' });
          break;
        default:
        // Every other event is acknowledged so Stripe stops sending it.
      }
    },
  };
}
