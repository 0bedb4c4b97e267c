import type { Db, Tx } from '../db/client';
import type { payments } from '../db/schema';
import type { PaymentSecret } from '../../src/api/contract/billing';

export type PaymentRow = typeof payments.$inferSelect;

/** What a payment buys. Each purpose registers what happens when its payment succeeds. */
export type PaymentPurpose = 'TOURNAMENT_ENTRY' | 'SEASON_ENTRY' | 'TRANSFER' | 'GUEST';

export interface PaymentPurposeHandler {
  /**
   * Runs exactly once per payment, inside the transaction that marks it SUCCEEDED (idempotent completion:
   * a replayed webhook or confirmation never calls it again). Throwing rolls the completion back.
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
}

/**
 * The billing service (server/billing/billing.ts implements it with the Stripe or the local provider).
 * Created once in app.ts and handed to the routes that take payments.
 */
export interface Billing {
  readonly provider: 'stripe' | 'local';
  registerPurpose(purpose: PaymentPurpose, handler: PaymentPurposeHandler): void;
  /** Creates a payment intent with the provider and stores it; the SPA confirms it with the client secret. */
  createPayment(input: CreatePaymentInput): Promise<PaymentSecret>;
  /** Refunds a succeeded payment through the provider (idempotent: a second call does nothing). */
  refund(paymentId: number, db?: Db | Tx): Promise<void>;
}
