import type { Db, Tx } from '../db/client';
import type { payments } from '../db/schema';
import type { LocalConfirmBody, PaymentSecret, PaymentStatus } from '../../src/api/contract/billing';

export type PaymentRow = typeof payments.$inferSelect;

/** What a payment buys. Each purpose registers what happens when its payment succeeds. */
export type PaymentPurpose = 'TOURNAMENT_ENTRY' | 'SEASON_ENTRY' | 'TRANSFER' | 'GUEST';

export interface PaymentPurposeHandler {
  /**
   * Runs exactly once per payment, inside the transaction that marks it SUCCEEDED (idempotent completion:
   * a replayed webhook or confirmation never calls it again). Throwing rolls the completion back; throwing an
   * HttpError (a business refusal such as "This tournament is full") marks the payment FAILED with that message
   * and refunds it through the provider, since the money was already taken.
   */
  onSucceeded(tx: Tx, payment: PaymentRow): Promise<void>;
}

export interface CreatePaymentInput {
  purpose: PaymentPurpose;
  amountCents: number;
  userId?: number | null;
  email?: string | null;
  reference?: string | null;
  /** Purpose-specific data kept with the payment (e.g. { tournamentId, teamOrUserId, name }). */
  details: Record<string, unknown>;
  /** Shown on the provider's dashboard and receipts (default: the purpose). */
  description?: string;
}

/** What the provider says happened to an intent. */
export type PaymentOutcome =
  | { status: 'SUCCEEDED' }
  | { status: 'FAILED'; message: string }
  | { status: 'PROCESSING' }
  | { status: 'CANCELLED' };

/**
 * The billing service (server/billing/billing.ts implements it with the Stripe or the local provider).
 * Created once in app.ts and handed to the routes that take payments (`app.billing`).
 */
export interface Billing {
  readonly provider: 'stripe' | 'local';
  /** Registers what a purpose does when its payment succeeds. Once per purpose (a second registration throws). */
  registerPurpose(purpose: PaymentPurpose, handler: PaymentPurposeHandler): void;
  hasPurpose(purpose: PaymentPurpose): boolean;
  /** Creates a payment intent with the provider and stores it; the SPA confirms it with the client secret. */
  createPayment(input: CreatePaymentInput): Promise<PaymentSecret>;
  /**
   * Refunds a succeeded payment through the provider (idempotent: a second call does nothing). Pass the caller's
   * transaction to refund and update its own rows atomically. 409 when the payment has not succeeded.
   */
  refund(paymentId: number, db?: Db | Tx): Promise<void>;
  /**
   * The one completion path (Stripe webhook, local confirmation, status reconciliation): locks the payment, applies
   * the provider's outcome once, and runs the purpose's onSucceeded exactly once. Unknown intents answer null.
   */
  complete(intentId: string, outcome: PaymentOutcome): Promise<PaymentRow | null>;
  /**
   * The local provider's card form (404 when Stripe is configured). `payer` is the signed-in caller: a payment a
   * signed-in user started is only theirs to confirm (404 "Payment not found" for anyone else).
   */
  confirmLocal(body: LocalConfirmBody, payer: number | null): Promise<PaymentStatus>;
  /** The payment's status by client secret (its payer's, like confirmLocal); asks the provider when it is not final yet. */
  status(clientSecret: string, payer: number | null): Promise<PaymentStatus>;
  /** A Stripe webhook: verifies the signature on the raw body (400 when wrong) and completes the payment. */
  handleWebhook(rawBody: Buffer, signature: string | string[] | undefined): Promise<void>;
}

/** A payment provider: only the calls that differ between Stripe and the local test provider. */
export interface PaymentProvider {
  readonly name: 'stripe' | 'local';
  createIntent(input: {
    amountCents: number;
    currency: string;
    description: string;
    email?: string | null;
    metadata: Record<string, string>;
  }): Promise<{ intentId: string; clientSecret: string }>;
  /** The provider's view of an intent (null: the provider has nothing more to say than our own row). */
  retrieveOutcome(intentId: string): Promise<PaymentOutcome | null>;
  /** Refunds the whole payment; `idempotencyKey` makes a repeated call return the same refund. */
  refund(intentId: string, idempotencyKey: string): Promise<{ refundId: string }>;
}
