import { enums, literal, min, number, object, pattern, size, string, type, type Infer } from 'superstruct';
import { NonBlank } from './common';
import { PAYMENT_MAX_EUROS, PAYMENT_MIN_EUROS, PAYMENT_REFERENCE_MAX, PAYMENT_STATUSES } from '../../domain/constants';
import { PAYMENT_ERRORS, VALIDATION } from '../../domain/messages';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** POST /v1/billing/payment: a guest pays a stated amount against a reference. */
export const PaymentRequest = object({
  email: pattern(size(string(), 3, 254), EMAIL_PATTERN),
  amount: min(number(), 0.5),
  reference: size(NonBlank, 1, 120),
});
export type PaymentRequest = Infer<typeof PaymentRequest>;

/** Every call that starts a payment answers the provider's client secret. */
export const PaymentSecret = type({
  clientSecret: string(),
  provider: enums(['stripe', 'local']),
  amount: number(),
  currency: string(),
});
export type PaymentSecret = Infer<typeof PaymentSecret>;

/** POST /v1/billing/local/confirm: the local test provider's card form. */
export const LocalConfirmBody = object({
  clientSecret: string(),
  cardNumber: pattern(string(), /^[0-9 ]{12,23}$/),
});
export type LocalConfirmBody = Infer<typeof LocalConfirmBody>;

export const PaymentStatus = type({
  status: enums(PAYMENT_STATUSES),
  message: string(),
});
export type PaymentStatus = Infer<typeof PaymentStatus>;

/** POST /v1/billing/refund-tournament-entry/{tournamentId}/{entryId} (and the season refund) answer this. */
export const RefundAnswer = type({ ok: literal(true) });
export type RefundAnswer = Infer<typeof RefundAnswer>;

export type GuestPaymentField = 'email' | 'amount' | 'reference';

/**
 * The guest payment's rules, shared by the page (field messages) and the server (400): the first problem of each
 * field, in the spec's words where the spec has them.
 */
export function guestPaymentProblems(input: { email?: unknown; amount?: unknown; reference?: unknown }) {
  const problems: Partial<Record<GuestPaymentField, string>> = {};
  const email = typeof input.email === 'string' ? input.email.trim() : '';
  if (!email) problems.email = VALIDATION.guestPayment.email;
  else if (email.length > 254 || !EMAIL_PATTERN.test(email)) problems.email = PAYMENT_ERRORS.invalidEmail;
  const amount = input.amount;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) problems.amount = VALIDATION.guestPayment.amount;
  else if (amount < PAYMENT_MIN_EUROS || amount > PAYMENT_MAX_EUROS) problems.amount = PAYMENT_ERRORS.amountRange;
  else if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) problems.amount = PAYMENT_ERRORS.amountCents;
  const reference = typeof input.reference === 'string' ? input.reference.trim() : '';
  if (!reference) problems.reference = VALIDATION.guestPayment.reference;
  else if (reference.length > PAYMENT_REFERENCE_MAX) problems.reference = PAYMENT_ERRORS.referenceTooLong;
  return problems;
}
