import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createTestModel } from '@xstate/graph';
import { desc } from 'drizzle-orm';
import { useState, type ReactNode } from 'react';
import { api, ApiError } from '../../src/api/client';
import type { PaymentSecret, PaymentStatus } from '../../src/api/contract/billing';
import { createGuestPayment } from '../../src/api/endpoints/billing';
import { PaymentDialog } from '../../src/shared/payment/PaymentDialog';
import { ERRORS, PAYMENT_ERRORS } from '../../src/domain/messages';
import { LOCAL_PROCESSING_MS, PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_TIMEOUT_MS } from '../../src/domain/constants';
import { paymentMachine, type PaymentContext, type PaymentInput, type PaymentMethod } from '../../machines/flows/paymentMachine';
import { payments } from '../../server/db/schema';
import { useTestServer } from '../support/testServer';
import { AppProviders } from '../../src/app/App';
import { clearNotifications } from '../../src/ui/notify';
import { Network } from './support/network';
import { definedTransitions, toTestMachine, transitionKey } from './support/testMachine';
import { coverTransitions, transitionsOf } from './support/coverTransitions';

/**
 * Model-based test of machines/paymentMachine.ts itself (its graph through toTestMachine: nothing copied by hand)
 * through the real PaymentDialog and the real in-process server with the local provider. Every call the machine
 * makes is held on the network until the model says how it ends: the server's own answer for the card the customer
 * typed, the bank settling or refusing later, or a server failure; the machine's timers run on a fake clock the
 * model advances while the machine polls. Paths that together take every transition the machine defines are replayed
 * in the dialog, and every state is checked by what the customer sees (and what is in flight).
 */

type Variant = 'withCreate' | 'withSecret';
type Card = 'ok' | 'declined' | 'invalid' | 'slow';
const CARD_NUMBERS: Record<Card, string> = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  invalid: '4111 1111 1111 1111',
  slow: '4000 0000 0000 4444',
};
const BUSY = 'The database is busy';
const serverError = (status: number, message: string) => new ApiError(status, message, { message });
const cardOf = (method: PaymentMethod | null): Card | null =>
  method?.kind === 'testCard' ? ((Object.keys(CARD_NUMBERS) as Card[]).find((c) => CARD_NUMBERS[c] === method.cardNumber) ?? null) : null;

type Snap = { value: unknown; context: PaymentContext; can(event: never): boolean };
type ModelEvent = { type: string; method?: PaymentMethod; output?: PaymentSecret | PaymentStatus; error?: ApiError };

const status = (s: PaymentStatus['status'], message = ''): PaymentStatus => ({ status: s, message });
const CONFIRM_DONE = 'xstate.done.actor.confirmPayment';
const CONFIRM_ERROR = 'xstate.error.actor.confirmPayment';
/** What the local provider answers to each test card (an unknown number is refused with 400). */
const CONFIRM_ANSWERS: Record<Card, ModelEvent> = {
  ok: { type: CONFIRM_DONE, output: status('SUCCEEDED') },
  declined: { type: CONFIRM_DONE, output: status('FAILED', PAYMENT_ERRORS.cardDeclined) },
  invalid: { type: CONFIRM_ERROR, error: serverError(400, PAYMENT_ERRORS.invalidCardNumber) },
  slow: { type: CONFIRM_DONE, output: status('PROCESSING') },
};

const INPUTS: Record<Variant, PaymentInput> = {
  // The model never runs the call: the test machine takes its ends as events.
  withCreate: { create: () => Promise.reject(new Error('not called')) },
  withSecret: { clientSecret: 'lpi_model_secret' },
};

/** The events worth trying in a model state: only those the machine takes there. */
function eventsFor(s: Snap): ModelEvent[] {
  const card = cardOf(s.context.method);
  const candidates: ModelEvent[] = [
    { type: 'xstate.done.actor.createPayment', output: { clientSecret: 'lpi_model_secret', provider: 'local', amount: 5, currency: 'eur' } },
    // The server refuses the amount.
    { type: 'xstate.error.actor.createPayment', error: serverError(400, PAYMENT_ERRORS.amountRange) },
    ...(Object.keys(CARD_NUMBERS) as Card[]).map((c) => ({ type: 'payment.submit', method: { kind: 'testCard' as const, cardNumber: CARD_NUMBERS[c] } })),
    ...(card ? [CONFIRM_ANSWERS[card]] : []),
    { type: CONFIRM_ERROR, error: serverError(500, BUSY) },
    // The bank still deciding, done (the slow card settles), or refusing after all; or the status check failing.
    { type: 'xstate.done.actor.checkStatus', output: status('PROCESSING') },
    { type: 'xstate.done.actor.checkStatus', output: status('SUCCEEDED') },
    { type: 'xstate.done.actor.checkStatus', output: status('FAILED', PAYMENT_ERRORS.insufficientFunds) },
    { type: 'xstate.error.actor.checkStatus', error: serverError(500, BUSY) },
    { type: 'xstate.after.pollInterval' },
    { type: 'xstate.after.pollTimeout' },
    { type: 'payment.check' },
    { type: 'payment.retry' },
    { type: 'payment.cancel' },
  ];
  return candidates.filter((e) => s.can(e as never));
}

/** An event with what tells its kinds apart: the card, the answer's status, the failure's status code. */
const describeEvent = (e: ModelEvent) => {
  if (e.method) return `${e.type}(${cardOf(e.method)})`;
  if (e.error) return `${e.type}(${e.error.status})`;
  if (e.output && 'status' in e.output) return `${e.type}(${e.output.status})`;
  return e.type;
};

const testMachine = toTestMachine(paymentMachine);
const pathsFor = (variant: Variant) =>
  createTestModel(testMachine, {
    input: INPUTS[variant],
    serializeState: transitionKey(
      (s: Snap) => ({ value: s.value, secret: s.context.clientSecret !== null, card: cardOf(s.context.method), error: s.context.error }),
      describeEvent,
    ) as never,
  })
    .getShortestPaths({ events: eventsFor as never })
    .map((path) => ({ variant, path, transitions: transitionsOf(path, `start(${variant})`, describeEvent) }));
const { kept: PATHS, all: WALKED } = coverTransitions([...pathsFor('withCreate'), ...pathsFor('withSecret')]);

const guestPayment = { email: 'model@example.com', amount: 5, reference: 'MODEL-1' };
const CONFIRM = /^POST \/v1\/billing\/local\/confirm$/;
const STATUS = /^GET \/v1\/billing\/payment-status\?/;

/**
 * While the machine polls, its timers and the clock (the server's too) are fake and only the model moves them; the
 * testing library's waits need real timers, so those states are checked with this wait on the real clock.
 */
const realSetTimeout = globalThis.setTimeout;
async function eventually(check: () => void, timeoutMs = 10_000) {
  const since = performance.now();
  for (;;) {
    try {
      return check();
    } catch (err) {
      if (performance.now() - since > timeoutMs) throw err;
      await new Promise((resolve) => realSetTimeout(resolve, 20));
    }
  }
}
const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

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

/** The dialog's host inside the app's own providers (theme, modals, the notification stack), as the app shows it. */
function renderInApp(ui: ReactNode) {
  clearNotifications();
  return render(<AppProviders>{ui}</AppProviders>);
}

describe('paymentMachine through the PaymentDialog (model-based)', () => {
  const server = useTestServer();
  const net = new Network();
  let user: UserEvent;
  /** Each create call waits for the model's decision: the real server succeeds, or refuses the amount. */
  let createDecision: ReturnType<typeof deferred<'ok' | 'fail'>> | null = null;
  /** When the machine last started polling (fake clock): the bound runs out 20 s later. */
  let pollingSince = 0;

  beforeAll(() => {
    net.reset(server.agent());
    api.configure({ fetch: net.fetch });
  });
  afterEach(() => {
    cleanup();
    net.release();
    vi.useRealTimers();
  });
  afterAll(() => net.release());

  const dialog = () => screen.getByRole('dialog', { name: 'Payment' });
  const heldCall = (pattern: RegExp) => net.held.some((r) => pattern.test(r));
  /** The machine's call is on its way: held on the network until the model lets it end. */
  const calling = (pattern: RegExp) => eventually(() => expect(heldCall(pattern)).toBe(true));
  const processingShown = () =>
    eventually(() => {
      expect(within(dialog()).getByRole('status').textContent).toContain('Processing your payment...');
      expect(within(dialog()).getByRole('button', { name: 'Pay' })).toHaveProperty('disabled', true);
      expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    });
  /** Lets the held call matching `pattern` have its answer. */
  const answer = async (pattern: RegExp) => {
    await calling(pattern);
    await act(() => net.letThrough(pattern));
  };

  const checks: Record<string, (s: Snap) => Promise<void>> = {
    creating: async () => {
      await waitFor(() => expect(createDecision).not.toBeNull());
      expect(within(dialog()).getByRole('status').textContent).toContain('Preparing your payment...');
      expect(within(dialog()).queryByRole('button', { name: 'Pay' })).toBeNull();
    },
    awaitingConfirmation: async () => {
      const d = await screen.findByRole('dialog', { name: 'Payment' });
      const card = await within(d).findByRole('textbox', { name: /^Card number/ });
      expect(card).toHaveProperty('disabled', false);
      expect(within(d).getByText('Test mode — no real money')).toBeTruthy();
      expect(within(d).queryByText('Payment Error')).toBeNull();
      expect(within(d).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', false);
    },
    'processing.confirming': async () => {
      await calling(CONFIRM);
      await processingShown();
    },
    'processing.polling.checking': async () => {
      await calling(STATUS);
      await processingShown();
    },
    'processing.polling.waiting': async () => {
      await processingShown();
      expect(net.held).toEqual([]);
    },
    pending: async () => {
      const d = await screen.findByRole('dialog', { name: 'Payment' });
      await within(d).findByText('Payment processing, please check back in a few moments!');
      expect(within(d).getByRole('button', { name: 'Check again' })).toBeTruthy();
      const notifications = screen.getByRole('region', { name: 'Notifications' });
      expect(within(notifications).getByText('Payment Processing')).toBeTruthy();
    },
    failed: async (s) => {
      const d = await screen.findByRole('dialog', { name: 'Payment' });
      const message = s.context.error ?? ERRORS.paymentError.fallback;
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

  // Out of polling the clock is real again (the machine has no timer running there).
  const states = Object.fromEntries(
    Object.entries(checks).map(([key, check]) => [
      key,
      (s: Snap) => {
        if (!key.startsWith('processing.polling')) vi.useRealTimers();
        return check(s);
      },
    ]),
  );

  const decideCreate = async (decision: 'ok' | 'fail') => {
    await waitFor(() => expect(createDecision).not.toBeNull());
    const pending = createDecision!;
    createDecision = null;
    pending.resolve(decision);
    await act(() => net.settled());
  };
  /** The payment the dialog is paying (each path creates its own, the newest). */
  const currentPayment = async () => (await server.db.select().from(payments).orderBy(desc(payments.id)).limit(1))[0];

  const events = {
    'xstate.done.actor.createPayment': () => decideCreate('ok'),
    'xstate.error.actor.createPayment': () => decideCreate('fail'),
    'payment.submit': async ({ event }: { event: ModelEvent }) => {
      const card = within(dialog()).getByRole('textbox', { name: /^Card number/ });
      await user.clear(card);
      await user.type(card, (event.method as Extract<PaymentMethod, { kind: 'testCard' }>).cardNumber);
      await user.click(within(dialog()).getByRole('button', { name: 'Pay' }));
    },
    // The server answers for the card typed (the model offers only that answer).
    [CONFIRM_DONE]: async ({ event }: { event: ModelEvent }) => {
      await calling(CONFIRM);
      if ((event.output as PaymentStatus).status === 'PROCESSING') {
        fakeClock();
        pollingSince = Date.now();
      }
      await answer(CONFIRM);
    },
    [CONFIRM_ERROR]: async ({ event }: { event: ModelEvent }) => {
      if (event.error!.status === 500) server.failNext('POST /v1/billing/local/confirm', 500, BUSY);
      await answer(CONFIRM);
    },
    'xstate.done.actor.checkStatus': async ({ event }: { event: ModelEvent }) => {
      const outcome = event.output as PaymentStatus;
      // The slow card settles LOCAL_PROCESSING_MS after it was confirmed; a bank may still refuse later (as
      // Stripe's webhook reports it).
      if (outcome.status === 'SUCCEEDED') vi.setSystemTime(Date.now() + LOCAL_PROCESSING_MS);
      if (outcome.status === 'FAILED') await server.app.billing.complete((await currentPayment()).intentId, outcome as never);
      await answer(STATUS);
    },
    'xstate.error.actor.checkStatus': async () => {
      server.failNext('GET /v1/billing/payment-status', 500, BUSY);
      await answer(STATUS);
    },
    'xstate.after.pollInterval': async () => {
      await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS));
    },
    'xstate.after.pollTimeout': async () => {
      await act(() => vi.advanceTimersByTimeAsync(pollingSince + PAYMENT_POLL_TIMEOUT_MS - Date.now()));
    },
    'payment.check': async () => {
      // The machine polls again from this click: the clock is fake from here, and the click a plain DOM click
      // (user-event waits on a real timer after each action).
      fakeClock();
      pollingSince = Date.now();
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Check again' }));
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

  it('walks every transition the machine defines, with every card and every kind of answer', () => {
    const plain = (t: string) => t.replace(/\([^)]*\)-->/, '-->');
    expect(new Set([...WALKED].filter((t) => !t.startsWith('start')).map(plain))).toEqual(definedTransitions(testMachine));
    for (const card of Object.keys(CARD_NUMBERS)) {
      expect(WALKED).toContain(`"awaitingConfirmation" --payment.submit(${card})--> {"processing":"confirming"}`);
    }
    expect(WALKED).toContain('{"processing":"confirming"} --xstate.error.actor.confirmPayment(400)--> "failed"');
    expect(WALKED).toContain('{"processing":"confirming"} --xstate.error.actor.confirmPayment(500)--> "failed"');
    expect(new Set([...WALKED].filter((t) => t.startsWith('start')))).toEqual(
      new Set(['start(withCreate) --> "creating"', 'start(withSecret) --> "awaitingConfirmation"']),
    );
  });

  for (const { variant, path } of PATHS) {
    it(`${variant}: ${path.description}`, async () => {
      user = userEvent.setup({ delay: null });
      net.reset(server.agent());
      net.hold(new RegExp(`${CONFIRM.source}|${STATUS.source}`));
      if (variant === 'withSecret') {
        // The secret comes from an earlier call of the page (as joining a tournament answers one), so the client
        // holds its CSRF token already.
        const { clientSecret } = await createGuestPayment(guestPayment);
        renderInApp(<Host clientSecret={clientSecret} />);
      } else {
        const create = async () => {
          createDecision = deferred<'ok' | 'fail'>();
          const decision = await createDecision.promise;
          return createGuestPayment(decision === 'ok' ? guestPayment : { ...guestPayment, amount: 0.1 });
        };
        renderInApp(<Host create={create} />);
      }
      await screen.findByRole('dialog', { name: 'Payment' });
      await path.test({ states, events } as never);
    });
  }
});
