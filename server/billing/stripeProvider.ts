import Stripe from 'stripe';
import { PAYMENT_ERRORS } from '../../src/domain/messages';
import type { PaymentOutcome, PaymentProvider } from './types';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (tests point it at a loopback fake), e.g. http://127.0.0.1:4010. */
  apiBase?: string;
}

export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  /** Verifies the `stripe-signature` header on the raw body; throws when it does not match. */
  parseWebhook(rawBody: Buffer, signature: string | string[] | undefined): Stripe.Event;
}

function addressOf(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** What a PaymentIntent's status means for us (null: nothing decided yet). */
export function outcomeOfIntent(intent: Stripe.PaymentIntent): PaymentOutcome | null {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'SUCCEEDED' };
    case 'processing':
      return { status: 'PROCESSING' };
    case 'canceled':
      return { status: 'CANCELLED' };
    case 'requires_payment_method':
      // After a failed attempt Stripe returns the intent to requires_payment_method with the card's error.
      return intent.last_payment_error
        ? { status: 'FAILED', message: intent.last_payment_error.message ?? PAYMENT_ERRORS.failed }
        : null;
    default:
      return null;
  }
}

/** Stripe PaymentIntents in euros with automatic payment methods; refunds through Stripe's refunds API. */
export function createStripeProvider(settings: StripeSettings): StripeProvider {
  const stripe = new Stripe(settings.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...addressOf(settings.apiBase) });
  return {
    name: 'stripe',
    async createIntent({ amountCents, currency, description, email, metadata }) {
      const intent = await stripe.paymentIntents.create({
        amount: amountCents,
        currency,
        // No redirects: the dialog confirms in place (cards, wallets), so nobody leaves the SPA mid-payment.
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        description,
        metadata,
        ...(email ? { receipt_email: email } : {}),
      });
      if (!intent.client_secret) throw new Error(`Stripe answered PaymentIntent ${intent.id} without a client secret`);
      return { intentId: intent.id, clientSecret: intent.client_secret };
    },
    async retrieveOutcome(intentId) {
      return outcomeOfIntent(await stripe.paymentIntents.retrieve(intentId));
    },
    async refund(intentId, idempotencyKey) {
      const refund = await stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey });
      return { refundId: refund.id };
    },
    parseWebhook(rawBody, signature) {
      if (typeof signature !== 'string') throw new Error('missing stripe-signature header');
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
    },
  };
}
