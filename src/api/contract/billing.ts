import { enums, min, number, object, pattern, size, string, type, type Infer } from 'superstruct';
import { NonBlank } from './common';

/** POST /v1/billing/payment: a guest pays a stated amount against a reference. */
export const PaymentRequest = object({
  email: pattern(size(string(), 3, 254), /^[^\s@]+@[^\s@]+\.[^\s@]+$/),
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
  status: enums(['REQUIRES_CONFIRMATION', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'CANCELLED']),
  message: string(),
});
export type PaymentStatus = Infer<typeof PaymentStatus>;
