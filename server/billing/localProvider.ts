import { randomBytes } from 'node:crypto';
import { LOCAL_TEST_CARDS, type LocalCardOutcome } from '../../src/domain/constants';
import type { PaymentProvider } from './types';

const token = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * The local test provider (no Stripe keys): intents live only in our `payments` table (ids `lpi_…`, client secrets
 * `lpi_…_secret_…`) and are confirmed by the SPA's test card form through POST /v1/billing/local/confirm.
 * Nothing leaves the machine and no real money moves.
 */
export function createLocalProvider(): PaymentProvider {
  return {
    name: 'local',
    async createIntent() {
      const intentId = `lpi_${token(12)}`;
      return { intentId, clientSecret: `${intentId}_secret_${token(16)}` };
    },
    // Our own row is the whole truth for a local intent.
    async retrieveOutcome() {
      return null;
    },
    async refund() {
      return { refundId: `lre_${token(12)}` };
    },
  };
}

/** What a test card does (Stripe's test numbers where Stripe has one), or null for any other number. */
export function localCardOutcome(cardNumber: string): LocalCardOutcome | null {
  const digits = cardNumber.replace(/\s+/g, '');
  return LOCAL_TEST_CARDS.find((card) => card.number.replace(/\s+/g, '') === digits)?.outcome ?? null;
}
