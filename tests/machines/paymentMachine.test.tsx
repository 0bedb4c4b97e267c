import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createTestModel } from '@xstate/graph';
import { assign, setup } from 'xstate';
import { useState, type ReactNode } from 'react';
import { api } from '../../src/api/client';
import type { PaymentSecret } from '../../src/api/contract/billing';
import { createGuestPayment } from '../../src/api/endpoints/billing';
import { PaymentDialog } from '../../src/features/payment/PaymentDialog';
import { PAYMENT_ERRORS } from '../../src/domain/messages';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_TIMEOUT_MS } from '../../src/domain/constants';
import { startTestServer, type Agent, type TestServer } from '../support/testServer';
import { AppProviders } from '../../src/app/App';
import { clearNotifications } from '../../src/ui/notify';

/**
 * Model-based test of machines/paymentMachine.ts through the real PaymentDialog and the real in-process server with
 * the local provider. The model below mirrors the payment machine's states with what a customer (or the bank, or the
 * clock) does; every shortest path to every transition is replayed in the dialog, and every state is checked by what
 * the customer sees.
 */

/** The dialog's host inside the app's own providers (theme, modals, the notification stack), as the app shows it. */
function renderInApp(ui: ReactNode) {
  clearNotifications();
  return render(<AppProviders>{ui}</AppProviders>);
}

type Card = 'ok' | 'declined' | 'invalid' | 'slow';
const CARD_NUMBERS: Record<Card, string> = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  invalid: '4111 1111 1111 1111',
  slow: '4000 0000 0000 4444',
};

type ModelEvent =
  | { type: 'open.withCreate' }
  | { type: 'open.withSecret' }
  | { type: 'create.succeed' }
  | { type: 'create.fail' }
  | { type: 'payment.submit'; card: Card }
  | { type: 'provider.answer' }
  | { type: 'clock.advance' }
  | { type: 'payment.check' }
  | { type: 'payment.retry' }
  | { type: 'payment.cancel' };

interface ModelContext {
  card: Card | null;
  /** Whether the dialog holds a client secret (retry reuses it) or must create one. */
  hasIntent: boolean;
  /** What the last failure said. */
  failure: string | null;
  /** How often the customer asked to check again after the dialog stopped polling. */
  checks: number;
}

const paymentModel = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    cardIs: ({ context }, card: Card) => context.card === card,
    cardFails: ({ context }) => context.card === 'declined' || context.card === 'invalid',
    hasIntent: ({ context }) => context.hasIntent,
    bankHasSettled: ({ context }) => context.checks > 0,
  },
}).createMachine({
  id: 'paymentModel',
  context: { card: null, hasIntent: false, failure: null, checks: 0 },
  initial: 'opening',
  states: {
    opening: {
      on: {
        'open.withCreate': 'creating',
        'open.withSecret': { target: 'awaitingConfirmation', actions: assign({ hasIntent: true }) },
      },
    },
    creating: {
      on: {
        'create.succeed': { target: 'awaitingConfirmation', actions: assign({ hasIntent: true }) },
        'create.fail': { target: 'failed', actions: assign({ failure: PAYMENT_ERRORS.amountRange }) },
        'payment.cancel': 'cancelled',
      },
    },
    awaitingConfirmation: {
      on: {
        'payment.submit': { target: 'processing', actions: assign({ card: ({ event }) => event.card }) },
        'payment.cancel': 'cancelled',
      },
    },
    processing: {
      initial: 'confirming',
      states: {
        confirming: {
          on: {
            'provider.answer': [
              { guard: { type: 'cardIs', params: 'ok' }, target: '#paymentModel.succeeded' },
              {
                guard: 'cardFails',
                target: '#paymentModel.failed',
                actions: assign({
                  failure: ({ context }) => (context.card === 'declined' ? PAYMENT_ERRORS.cardDeclined : PAYMENT_ERRORS.invalidCardNumber),
                }),
              },
              { target: 'polling' },
            ],
          },
        },
        polling: {
          on: {
            'clock.advance': [{ guard: 'bankHasSettled', target: '#paymentModel.succeeded' }, { target: '#paymentModel.pending' }],
          },
        },
      },
    },
    pending: {
      on: { 'payment.check': { target: 'processing.polling', actions: assign({ checks: ({ context }) => context.checks + 1 }) } },
    },
    failed: {
      on: {
        'payment.retry': [
          { guard: 'hasIntent', target: 'awaitingConfirmation', actions: assign({ card: null, failure: null }) },
          { target: 'creating', actions: assign({ failure: null }) },
        ],
        'payment.cancel': 'cancelled',
      },
    },
    succeeded: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

const model = createTestModel(paymentModel, {
  events: [
    { type: 'payment.submit', card: 'ok' },
    { type: 'payment.submit', card: 'declined' },
    { type: 'payment.submit', card: 'invalid' },
    { type: 'payment.submit', card: 'slow' },
  ],
});

const guestPayment = { email: 'model@example.com', amount: 5, reference: 'MODEL-1' };

/** A promise the test resolves by hand. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The caller of the dialog: shows whether it is open and whether it reported a payment. */
function Host({ clientSecret, create }: { clientSecret?: string; create?: () => Promise<PaymentSecret> }) {
  const [open, setOpen] = useState(true);
  const [paid, setPaid] = useState(false);
  return (
    <>
      <p>{paid ? 'Caller: paid' : open ? 'Caller: dialog open' : 'Caller: dialog closed'}</p>
      <PaymentDialog
        opened={open}
        clientSecret={clientSecret}
        create={create}
        amount={guestPayment.amount}
        description="Model payment"
        onSucceeded={() => {
          setPaid(true);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

describe('paymentMachine through the PaymentDialog (model-based)', () => {
  let server: TestServer;
  let agent: Agent;
  let user: UserEvent;
  /** Each create call waits for the model's decision: the real server succeeds, or refuses the amount. */
  let createDecision: ReturnType<typeof deferred<'ok' | 'fail'>> | null = null;
  /** The next card confirmation is held here until the model lets the provider answer. */
  let confirmGate: ReturnType<typeof deferred<void>> | null = null;
  let inFlight = 0;

  beforeAll(async () => {
    server = await startTestServer();
    agent = server.agent();
    api.configure({
      fetch: async (input, init) => {
        inFlight++;
        try {
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          const gate = url.includes('/billing/local/confirm') ? confirmGate : null;
          if (gate) await gate.promise;
          return await agent.fetch(input, init);
        } finally {
          inFlight--;
        }
      },
    });
  }, 60_000);
  afterAll(() => server.close());
  afterEach(() => vi.useRealTimers());

  const dialog = () => screen.getByRole('dialog', { name: 'Payment' });
  const settle = () => waitFor(() => expect(inFlight).toBe(0));

  const states: Record<string, (state: ReturnType<typeof paymentModel.resolveState>) => Promise<void>> = {
    opening: async () => {},
    creating: async () => {
      expect(within(dialog()).getByRole('status').textContent).toContain('Preparing your payment...');
      expect(within(dialog()).queryByRole('button', { name: 'Pay' })).toBeNull();
    },
    awaitingConfirmation: async () => {
      const d = await screen.findByRole('dialog', { name: 'Payment' });
      const card = await within(d).findByRole('textbox', { name: /^Card number/ });
      expect(card).toHaveProperty('disabled', false);
      expect(within(d).getByText('Test mode — no real money')).toBeTruthy();
      expect(within(d).queryByText('Payment Error')).toBeNull();
    },
    'processing.confirming': async () => {
      expect(within(dialog()).getByRole('status').textContent).toContain('Processing your payment...');
      expect(within(dialog()).getByRole('button', { name: 'Pay' })).toHaveProperty('disabled', true);
      expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    },
    'processing.polling': async () => {
      await settle();
      expect(within(dialog()).getByRole('status').textContent).toContain('Processing your payment...');
      expect(within(dialog()).getByRole('button', { name: 'Pay' })).toHaveProperty('disabled', true);
    },
    pending: async () => {
      const d = dialog();
      expect(within(d).getByText('Payment processing, please check back in a few moments!')).toBeTruthy();
      expect(within(d).getByRole('button', { name: 'Check again' })).toBeTruthy();
      const notifications = screen.getByRole('region', { name: 'Notifications' });
      expect(within(notifications).getByText('Payment Processing')).toBeTruthy();
    },
    failed: async (state) => {
      const d = await screen.findByRole('dialog', { name: 'Payment' });
      const message = state.context.failure!;
      await within(d).findByText(message);
      expect(within(d).getByText('Payment Error')).toBeTruthy();
      expect(within(d).getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(within(d).queryByRole('button', { name: 'Pay' })).toBeNull();
      const notifications = screen.getByRole('region', { name: 'Notifications' });
      expect(within(notifications).getAllByText('Payment Error').length).toBeGreaterThan(0);
      expect(within(notifications).getAllByText(message).length).toBeGreaterThan(0);
    },
    succeeded: async () => {
      await screen.findByText('Caller: paid');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(within(screen.getByRole('region', { name: 'Notifications' })).getByText('Payment Received')).toBeTruthy();
    },
    cancelled: async () => {
      await screen.findByText('Caller: dialog closed');
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  };

  const events = {
    'open.withCreate': async () => {
      const create = async () => {
        createDecision = deferred<'ok' | 'fail'>();
        const decision = await createDecision.promise;
        createDecision = null;
        return createGuestPayment(decision === 'ok' ? guestPayment : { ...guestPayment, amount: 0.1 });
      };
      renderInApp(<Host create={create} />);
      await screen.findByRole('dialog', { name: 'Payment' });
    },
    'open.withSecret': async () => {
      const { body } = await agent.post('/v1/billing/payment', guestPayment);
      renderInApp(<Host clientSecret={body.clientSecret} />);
    },
    'create.succeed': async () => {
      await waitFor(() => expect(createDecision).not.toBeNull());
      createDecision!.resolve('ok');
      await settle();
    },
    'create.fail': async () => {
      await waitFor(() => expect(createDecision).not.toBeNull());
      createDecision!.resolve('fail');
      await settle();
    },
    'payment.submit': async ({ event }: { event: { type: string } }) => {
      const card = within(dialog()).getByRole('textbox', { name: /^Card number/ });
      await user.clear(card);
      await user.type(card, CARD_NUMBERS[(event as Extract<ModelEvent, { type: 'payment.submit' }>).card]);
      confirmGate = deferred();
      await user.click(within(dialog()).getByRole('button', { name: 'Pay' }));
    },
    'provider.answer': async () => {
      confirmGate?.resolve();
      confirmGate = null;
      await settle();
    },
    'clock.advance': async () => {
      // Step through the polling one interval at a time, letting each status check reach the server.
      for (let elapsed = 0; elapsed < PAYMENT_POLL_TIMEOUT_MS; elapsed += PAYMENT_POLL_INTERVAL_MS) {
        await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS));
        await settle();
        if (!screen.queryByText('Processing your payment...')) break;
      }
    },
    'payment.check': async () => {
      await user.click(within(dialog()).getByRole('button', { name: 'Check again' }));
    },
    'payment.retry': async () => {
      await user.click(within(dialog()).getByRole('button', { name: 'Try again' }));
    },
    'payment.cancel': async () => {
      const cancel = within(dialog()).queryByRole('button', { name: 'Cancel' });
      // While the payment is being created there is no form yet: the keyboard closes the dialog.
      if (cancel) await user.click(cancel);
      else await user.keyboard('{Escape}');
    },
  };

  const paths = model.getShortestPaths();

  it('covers every state and transition of the payment machine', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const value of ['"creating"', '"awaitingConfirmation"', '{"processing":"confirming"}', '{"processing":"polling"}', '"pending"', '"failed"', '"succeeded"', '"cancelled"']) {
      expect(reached).toContain(value);
    }
    const transitions = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    expect([...transitions].sort()).toEqual(
      ['clock.advance', 'create.fail', 'create.succeed', 'open.withCreate', 'open.withSecret', 'payment.cancel', 'payment.check', 'payment.retry', 'payment.submit', 'provider.answer', 'xstate.init'].sort(),
    );
  });

  for (const path of paths) {
    it(path.description, async () => {
      // Fake timers (advancing with real time too) let the model fast-forward the 20 s polling bound; the server's
      // clock reads the same Date, so the slow test card settles after 30 s of fake time.
      vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
      user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await path.test({ states, events });
    });
  }
});
