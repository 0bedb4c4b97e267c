import { assign, fromPromise, setup } from 'xstate';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { ApiError } from '../../src/api/client';
import type { PaymentSecret, PaymentStatus } from '../../src/api/contract/billing';
import { confirmLocalPayment, getPaymentStatus } from '../../src/api/endpoints/billing';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_TIMEOUT_MS } from '../../src/domain/constants';

/** How the customer confirms: the local provider's test card form, or Stripe's Payment Element. */
export type PaymentMethod =
  | { kind: 'testCard'; cardNumber: string }
  | { kind: 'stripe'; stripe: Stripe; elements: StripeElements };

/** A refusal from the payment provider itself (Stripe.js), carrying its message for the customer. */
export class ProviderError extends Error {}

export interface PaymentInput {
  /** A client secret already in hand (join-tournament answers one): the machine starts at awaitingConfirmation. */
  clientSecret?: string | null;
  /** Otherwise the call that creates the payment (guest page, season entry, transfer). */
  create?: (() => Promise<PaymentSecret>) | null;
}

export interface PaymentContext {
  create: (() => Promise<PaymentSecret>) | null;
  clientSecret: string | null;
  method: PaymentMethod | null;
  /** The provider's (or server's) message of the last failure; null when it gave none. */
  error: string | null;
}

export type PaymentEvent =
  | { type: 'payment.submit'; method: PaymentMethod }
  | { type: 'payment.cancel' }
  | { type: 'payment.retry' }
  | { type: 'payment.check' };

/** The customer-facing message of a failure: the server's or the provider's own words, else null. */
export function failureMessage(error: unknown): string | null {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof ProviderError) return error.message || null;
  return null;
}

/**
 * Confirms with the chosen method. The local form answers our server's verdict at once; after Stripe.js confirms,
 * our server only knows once the webhook (or its own status check) has run, so the answer is PROCESSING and the
 * machine polls.
 */
async function confirm({ clientSecret, method }: { clientSecret: string; method: PaymentMethod }): Promise<PaymentStatus> {
  if (method.kind === 'testCard') return confirmLocalPayment({ clientSecret, cardNumber: method.cardNumber.trim() });
  const result = await method.stripe.confirmPayment({ elements: method.elements, redirect: 'if_required' });
  if (result.error) throw new ProviderError(result.error.message ?? '');
  return { status: 'PROCESSING', message: '' };
}

const failedWith = ({ output }: { output: PaymentStatus }) => output.message || null;

/**
 * One payment, whatever it buys: creating → awaitingConfirmation → processing → succeeded | failed, with cancel
 * (before money moves) and retry (with the same intent when there is one, else a new one). Processing polls the
 * payment's status every 2 s for at most 20 s, then rests in `pending` ("Payment Processing"); the customer may check
 * again. A success reports in the spec's order (players-and-tournaments §4 and §8): "Payment Received", then
 * "Payment Processing" (what the payment buys is being processed), also for a card that succeeds at once.
 * The view provides the report actions (notifications and the caller's onSucceeded).
 */
export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
  },
  actors: {
    createPayment: fromPromise<PaymentSecret, { create: (() => Promise<PaymentSecret>) | null }>(async ({ input }) => {
      if (!input.create) throw new Error('paymentMachine needs a client secret or a create call');
      return input.create();
    }),
    confirmPayment: fromPromise<PaymentStatus, { clientSecret: string; method: PaymentMethod }>(({ input }) => confirm(input)),
    checkStatus: fromPromise<PaymentStatus, { clientSecret: string }>(({ input }) => getPaymentStatus(input.clientSecret)),
  },
  actions: {
    reportSucceeded: () => {},
    reportFailed: (_, _params: { message: string | null }) => {},
    /** "Payment Processing": the bank is still deciding (pending), or the payment succeeded and its purpose follows. */
    reportProcessing: () => {},
  },
  guards: {
    hasIntent: ({ context }) => context.clientSecret !== null,
    hasPaymentDetails: ({ event }) =>
      event.type === 'payment.submit' && (event.method.kind === 'stripe' || event.method.cardNumber.trim().length > 0),
    hasSucceeded: (_, params: { output: PaymentStatus }) => params.output.status === 'SUCCEEDED',
    hasFailed: (_, params: { output: PaymentStatus }) => params.output.status === 'FAILED' || params.output.status === 'CANCELLED',
  },
  delays: {
    pollInterval: PAYMENT_POLL_INTERVAL_MS,
    pollTimeout: PAYMENT_POLL_TIMEOUT_MS,
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    create: input.create ?? null,
    clientSecret: input.clientSecret ?? null,
    method: null,
    error: null,
  }),
  initial: 'creating',
  states: {
    creating: {
      always: { guard: 'hasIntent', target: 'awaitingConfirmation' },
      invoke: {
        id: 'createPayment',
        src: 'createPayment',
        input: ({ context }) => ({ create: context.create }),
        onDone: {
          target: 'awaitingConfirmation',
          actions: assign({ clientSecret: ({ event }) => event.output.clientSecret }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
      on: { 'payment.cancel': 'cancelled' },
    },
    awaitingConfirmation: {
      on: {
        'payment.submit': {
          guard: 'hasPaymentDetails',
          target: 'processing',
          actions: assign({ method: ({ event }) => event.method, error: null }),
        },
        'payment.cancel': 'cancelled',
      },
    },
    processing: {
      initial: 'confirming',
      states: {
        confirming: {
          invoke: {
            id: 'confirmPayment',
            src: 'confirmPayment',
            input: ({ context }) => ({ clientSecret: context.clientSecret!, method: context.method! }),
            onDone: [
              { guard: { type: 'hasSucceeded', params: ({ event }) => event }, target: '#payment.succeeded' },
              {
                guard: { type: 'hasFailed', params: ({ event }) => event },
                target: '#payment.failed',
                actions: assign({ error: ({ event }) => failedWith(event) }),
              },
              { target: 'polling' },
            ],
            onError: { target: '#payment.failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
          },
        },
        polling: {
          initial: 'checking',
          // Bounded: a bank that takes longer leaves the payment to finish in the background.
          after: { pollTimeout: '#payment.pending' },
          states: {
            checking: {
              invoke: {
                id: 'checkStatus',
                src: 'checkStatus',
                input: ({ context }) => ({ clientSecret: context.clientSecret! }),
                onDone: [
                  { guard: { type: 'hasSucceeded', params: ({ event }) => event }, target: '#payment.succeeded' },
                  {
                    guard: { type: 'hasFailed', params: ({ event }) => event },
                    target: '#payment.failed',
                    actions: assign({ error: ({ event }) => failedWith(event) }),
                  },
                  { target: 'waiting' },
                ],
                // A lost status check is not a failed payment: keep asking until the bound.
                onError: 'waiting',
              },
            },
            waiting: { after: { pollInterval: 'checking' } },
          },
        },
      },
    },
    pending: {
      entry: 'reportProcessing',
      on: { 'payment.check': 'processing.polling' },
    },
    succeeded: { type: 'final', entry: ['reportSucceeded', 'reportProcessing'] },
    failed: {
      entry: { type: 'reportFailed', params: ({ context }) => ({ message: context.error }) },
      on: {
        'payment.retry': [
          { guard: 'hasIntent', target: 'awaitingConfirmation', actions: assign({ error: null }) },
          { target: 'creating', actions: assign({ error: null }) },
        ],
        'payment.cancel': 'cancelled',
      },
    },
    cancelled: { type: 'final' },
  },
});
