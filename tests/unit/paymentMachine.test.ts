import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { paymentMachine, ProviderError } from '../../machines/flows/paymentMachine';
import type { PaymentSecret, PaymentStatus } from '../../src/api/contract/billing';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_TIMEOUT_MS } from '../../src/domain/constants';

const secret: PaymentSecret = { clientSecret: 'lpi_1_secret_1', provider: 'local', amount: 5, currency: 'eur' };
const card = { kind: 'testCard', cardNumber: '4242 4242 4242 4242' } as const;

function start(opts: { create?: () => Promise<PaymentSecret>; clientSecret?: string; confirm?: () => Promise<PaymentStatus>; check?: () => Promise<PaymentStatus> }) {
  const reports: string[] = [];
  const logic = paymentMachine.provide({
    actors: {
      confirmPayment: fromPromise(async () => (opts.confirm ?? (async () => ({ status: 'SUCCEEDED', message: '' }) as PaymentStatus))()),
      checkStatus: fromPromise(async () => (opts.check ?? (async () => ({ status: 'PROCESSING', message: '' }) as PaymentStatus))()),
    },
    actions: {
      reportSucceeded: () => reports.push('succeeded'),
      reportFailed: (_, { message }) => reports.push(`failed: ${message}`),
      reportProcessing: () => reports.push('processing'),
    },
  });
  const actor = createActor(logic, { input: { create: opts.create, clientSecret: opts.clientSecret } }).start();
  return { actor, reports };
}

describe('paymentMachine', () => {
  afterEach(() => vi.useRealTimers());

  it('starts at awaitingConfirmation with a secret in hand and never calls create', async () => {
    const create = vi.fn(async () => secret);
    const { actor } = start({ clientSecret: 'pi_1_secret_1', create });
    expect(actor.getSnapshot().value).toBe('awaitingConfirmation');
    await new Promise((r) => setTimeout(r, 10));
    expect(create).not.toHaveBeenCalled();
  });

  it('ignores a submit without card details', () => {
    const { actor } = start({ clientSecret: 'x' });
    expect(actor.getSnapshot().can({ type: 'payment.submit', method: { kind: 'testCard', cardNumber: '  ' } })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'payment.submit', method: card })).toBe(true);
  });

  it('reports the provider message of a Stripe refusal, and retries with the same intent', async () => {
    const { actor, reports } = start({ create: async () => secret, confirm: async () => Promise.reject(new ProviderError('Your card was declined.')) });
    await waitFor(actor, (s) => s.matches('awaitingConfirmation'));
    actor.send({ type: 'payment.submit', method: card });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(reports).toEqual(['failed: Your card was declined.']);
    actor.send({ type: 'payment.retry' });
    expect(actor.getSnapshot().value).toBe('awaitingConfirmation');
  });

  it('reports a card that succeeds at once in the spec’s order: Payment Received, then Payment Processing', async () => {
    const { actor, reports } = start({ clientSecret: 'x' });
    actor.send({ type: 'payment.submit', method: card });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(reports).toEqual(['succeeded', 'processing']);
  });

  it('polls every 2 s while processing and rests in pending after 20 s, then checks again on demand', async () => {
    vi.useFakeTimers();
    const check = vi.fn(async (): Promise<PaymentStatus> => ({ status: 'PROCESSING', message: '' }));
    const { actor, reports } = start({ clientSecret: 'x', confirm: async () => ({ status: 'PROCESSING', message: '' }), check });
    actor.send({ type: 'payment.submit', method: card });
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().matches('processing')).toBe(true);
    expect(check).toHaveBeenCalledTimes(Math.ceil(PAYMENT_POLL_TIMEOUT_MS / PAYMENT_POLL_INTERVAL_MS));
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('pending');
    expect(reports).toEqual(['processing']);
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_TIMEOUT_MS);
    expect(check).toHaveBeenCalledTimes(Math.ceil(PAYMENT_POLL_TIMEOUT_MS / PAYMENT_POLL_INTERVAL_MS));

    check.mockResolvedValue({ status: 'SUCCEEDED', message: '' });
    actor.send({ type: 'payment.check' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(reports).toEqual(['processing', 'succeeded', 'processing']);
  });
});
