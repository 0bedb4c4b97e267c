import { api } from '../client';
import { PaymentSecret, PaymentStatus, RefundAnswer, type LocalConfirmBody, type PaymentRequest } from '../contract/billing';

/** POST /v1/billing/payment: a guest payment of a stated amount against a reference; answers the client secret. */
export const createGuestPayment = (body: PaymentRequest) =>
  api.call('/billing/payment', PaymentSecret, { method: 'POST', body });

/** POST /v1/billing/local/confirm: the local test provider's card form (only when Stripe is not configured). */
export const confirmLocalPayment = (body: LocalConfirmBody) =>
  api.call('/billing/local/confirm', PaymentStatus, { method: 'POST', body });

/** GET /v1/billing/payment-status: where a payment stands (the dialog polls it after confirming). */
export const getPaymentStatus = (clientSecret: string) =>
  api.call('/billing/payment-status', PaymentStatus, { query: { clientSecret } });

/** POST /v1/billing/refund-tournament-entry/{tournamentId}/{entryId} (ADMIN/OWNER; paid tournaments only). */
export const refundTournamentEntry = (tournamentId: number, entryId: number) =>
  api.call(`/billing/refund-tournament-entry/${tournamentId}/${entryId}`, RefundAnswer, { method: 'POST' });
