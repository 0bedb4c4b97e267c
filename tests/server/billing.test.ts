import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { useTestServer, type Agent, type TestServer } from '../support/testServer';
import { startFakeStripe, type FakeStripe } from '../support/fakeStripe';
import { payments, tournamentEntries, tournaments, users } from '../../server/db/schema';
import { HttpError } from '../../server/http/errors';
import { LOCAL_PROCESSING_MS } from '../../src/domain/constants';
import { PAYMENT_ERRORS, SERVER, TOURNAMENT_ERRORS, VALIDATION } from '../../src/domain/messages';

const DAY = 86_400_000;
const CARD = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', noFunds: '4000 0000 0000 9995', slow: '4000 0000 0000 4444' };

let names = 0;

/** Small fixtures inserted straight into the database: a fresh player, a tournament with a fee. */
function fixtures(server: TestServer) {
  const { db } = server.database;
  return {
    async player(): Promise<{ id: number; agent: Agent }> {
      const [u] = await db.insert(users).values({ discordName: `Payer${++names}` }).returning();
      return { id: u.id, agent: await server.agent().signIn(u.discordName) };
    },
    async tournament(entryFeeCents: number, signUpLimit = 16) {
      const now = Date.now();
      const [t] = await db
        .insert(tournaments)
        .values({
          title: `Cup ${++names}`,
          game: 'CODMW3',
          entryFeeCents,
          signUpLimit,
          startDate: now + 7 * DAY,
          endDate: now + 8 * DAY,
          signUpClose: now + 6 * DAY,
        })
        .returning();
      return t.id;
    },
    async entries(tournamentId: number) {
      return db.select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, tournamentId));
    },
    async paymentBySecret(clientSecret: string) {
      const [p] = await db.select().from(payments).where(eq(payments.clientSecret, clientSecret));
      return p;
    },
    async liveEntryCount(tournamentId: number) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(tournamentEntries)
        .where(and(eq(tournamentEntries.tournamentId, tournamentId), eq(tournamentEntries.refunded, false)));
      return Number(n);
    },
  };
}

/** A player joins a paid tournament through the real join call, which answers the payment's client secret. */
async function joinPaid(player: { id: number; agent: Agent }, tournamentId: number): Promise<string> {
  const res = await player.agent.post(`/v1/billing/join-tournament/${tournamentId}/${player.id}`, {});
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ clientSecret: expect.any(String), amount: 12.5, currency: 'eur' });
  return res.body.clientSecret as string;
}

const guestPayment = { email: 'fan@example.com', amount: 12.5, reference: 'INV-2041' };

describe('billing with the local test provider', () => {
  const server = useTestServer({ seed: true, config: { now: () => Date.now() + clockOffset } });
  let f: ReturnType<typeof fixtures>;
  let clockOffset = 0;
  let admin: Agent;

  beforeAll(async () => {
    f = fixtures(server);
    admin = await server.agent().signIn('AdminAce');
  });

  const confirm = (agent: Agent, clientSecret: string, cardNumber: string) =>
    agent.post('/v1/billing/local/confirm', { clientSecret, cardNumber });

  it('validates the guest payment with the spec messages', async () => {
    const guest = server.agent();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...guestPayment, email: '' }, VALIDATION.guestPayment.email],
      [{ amount: 5, reference: 'R' }, VALIDATION.guestPayment.email],
      [{ ...guestPayment, email: 'not-an-email' }, PAYMENT_ERRORS.invalidEmail],
      [{ ...guestPayment, amount: undefined }, VALIDATION.guestPayment.amount],
      [{ ...guestPayment, amount: 'ten' }, VALIDATION.guestPayment.amount],
      [{ ...guestPayment, amount: 0.2 }, PAYMENT_ERRORS.amountRange],
      [{ ...guestPayment, amount: 10_000.01 }, PAYMENT_ERRORS.amountRange],
      [{ ...guestPayment, amount: 1.005 }, PAYMENT_ERRORS.amountCents],
      [{ ...guestPayment, reference: '   ' }, VALIDATION.guestPayment.reference],
      [{ ...guestPayment, reference: 'x'.repeat(121) }, PAYMENT_ERRORS.referenceTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await guest.post('/v1/billing/payment', body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    const unknownField = await guest.post('/v1/billing/payment', { ...guestPayment, admin: true });
    expect(unknownField.status).toBe(400);
    const noCsrf = await guest.raw({ method: 'POST', url: '/v1/billing/payment', payload: guestPayment });
    expect(noCsrf.status).toBe(419);
  });

  it('takes a guest payment: create, confirm with 4242, and the status reads SUCCEEDED', async () => {
    const guest = server.agent();
    const created = await guest.post('/v1/billing/payment', { ...guestPayment, email: '  fan@example.com ' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ clientSecret: expect.stringMatching(/^lpi_\w+_secret_\w+$/), provider: 'local', amount: 12.5, currency: 'eur' });
    const secret = created.body.clientSecret;
    expect(await guest.get(`/v1/billing/payment-status?clientSecret=${secret}`)).toMatchObject({
      status: 200,
      body: { status: 'REQUIRES_CONFIRMATION', message: '' },
    });

    const confirmed = await confirm(guest, secret, CARD.ok);
    expect(confirmed).toMatchObject({ status: 200, body: { status: 'SUCCEEDED', message: '' } });

    const row = await f.paymentBySecret(secret);
    expect(row).toMatchObject({ purpose: 'GUEST', amountCents: 1250, email: 'fan@example.com', reference: 'INV-2041', status: 'SUCCEEDED' });
    expect(row.intentId).toMatch(/^lpi_/);
    expect((await guest.get(`/v1/billing/payment-status?clientSecret=${secret}`)).body.status).toBe('SUCCEEDED');
  });

  it('declines test cards with the provider message and lets the same payment be retried', async () => {
    const guest = server.agent();
    const secret = (await guest.post('/v1/billing/payment', guestPayment)).body.clientSecret;

    expect((await confirm(guest, secret, CARD.declined)).body).toEqual({ status: 'FAILED', message: 'Your card was declined.' });
    expect((await confirm(guest, secret, CARD.noFunds)).body).toEqual({ status: 'FAILED', message: 'Your card has insufficient funds.' });
    expect((await guest.get(`/v1/billing/payment-status?clientSecret=${secret}`)).body.status).toBe('FAILED');

    expect((await confirm(guest, secret, CARD.ok)).body).toEqual({ status: 'SUCCEEDED', message: '' });
    // A declined card after success changes nothing.
    expect((await confirm(guest, secret, CARD.declined)).body.status).toBe('SUCCEEDED');
  });

  it('answers 400 "Your card number is invalid." for any other number and changes nothing', async () => {
    const guest = server.agent();
    const secret = (await guest.post('/v1/billing/payment', guestPayment)).body.clientSecret;
    for (const cardNumber of ['4111 1111 1111 1111', '12', 'abcd efgh ijkl']) {
      const res = await confirm(guest, secret, cardNumber);
      expect(res).toMatchObject({ status: 400, body: { message: 'Your card number is invalid.' } });
    }
    expect((await f.paymentBySecret(secret)).status).toBe('REQUIRES_CONFIRMATION');
    expect((await confirm(guest, 'lpi_nope_secret_nope', CARD.ok)).status).toBe(404);
    expect((await guest.get('/v1/billing/payment-status')).status).toBe(400);
  });

  it('enters a paid tournament once: a replayed confirmation does not enter twice', async () => {
    const tournamentId = await f.tournament(1250);
    const player = await f.player();
    const secret = await joinPaid(player, tournamentId);
    expect(await f.entries(tournamentId)).toHaveLength(0);

    expect((await confirm(player.agent, secret, CARD.ok)).body.status).toBe('SUCCEEDED');
    expect((await confirm(player.agent, secret, CARD.ok)).body.status).toBe('SUCCEEDED');

    const entries = await f.entries(tournamentId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ userId: player.id, paymentId: (await f.paymentBySecret(secret)).id, refunded: false });
    const detail = await player.agent.get(`/v1/tournament/${tournamentId}`);
    expect(detail.body.userJoined).toBe(true);
  });

  it('runs the purpose once when the same confirmation arrives twice at the same time', async () => {
    const tournamentId = await f.tournament(1250);
    const player = await f.player();
    const secret = await joinPaid(player, tournamentId);

    const answers = await Promise.all([confirm(player.agent, secret, CARD.ok), confirm(player.agent, secret, CARD.ok), confirm(player.agent, secret, CARD.ok)]);

    expect(answers.map((a) => a.body.status)).toEqual(['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED']);
    expect(await f.entries(tournamentId)).toHaveLength(1);
  });

  it('keeps the slow test card PROCESSING for 30 s, then completes it on the next status check', async () => {
    const tournamentId = await f.tournament(1250);
    const player = await f.player();
    const secret = await joinPaid(player, tournamentId);

    expect((await confirm(player.agent, secret, CARD.slow)).body).toEqual({ status: 'PROCESSING', message: '' });
    expect((await player.agent.get(`/v1/billing/payment-status?clientSecret=${secret}`)).body.status).toBe('PROCESSING');
    expect(await f.entries(tournamentId)).toHaveLength(0);

    clockOffset += LOCAL_PROCESSING_MS;
    const [a, b] = await Promise.all([
      player.agent.get(`/v1/billing/payment-status?clientSecret=${secret}`),
      player.agent.get(`/v1/billing/payment-status?clientSecret=${secret}`),
    ]);
    expect([a.body.status, b.body.status]).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    expect(await f.entries(tournamentId)).toHaveLength(1);
  });

  it('refunds a payment the tournament can no longer accept, with the reason', async () => {
    const tournamentId = await f.tournament(1250, 1);
    const late = await f.player();
    const early = await f.player();
    const lateSecret = await joinPaid(late, tournamentId);
    const earlySecret = await joinPaid(early, tournamentId);
    expect((await confirm(early.agent, earlySecret, CARD.ok)).body.status).toBe('SUCCEEDED');

    const res = await confirm(late.agent, lateSecret, CARD.ok);

    expect(res.body).toEqual({ status: 'FAILED', message: `${TOURNAMENT_ERRORS.full}. Your payment has been refunded.` });
    const row = await f.paymentBySecret(lateSecret);
    expect(row.refundId).toMatch(/^lre_/);
    expect(row.refundedAt).not.toBeNull();
    expect((await f.entries(tournamentId)).map((e) => e.userId)).toEqual([early.id]);
    // The refunded payment stays refunded: confirming again changes nothing.
    expect((await confirm(late.agent, lateSecret, CARD.ok)).body.status).toBe('FAILED');
  });

  it('lets an admin refund a paid entry once', async () => {
    const tournamentId = await f.tournament(1250);
    const player = await f.player();
    const secret = await joinPaid(player, tournamentId);
    await confirm(player.agent, secret, CARD.ok);
    const [entry] = await f.entries(tournamentId);

    const url = `/v1/billing/refund-tournament-entry/${tournamentId}/${entry.id}`;
    expect(await player.agent.post(url)).toMatchObject({ status: 403, body: { message: SERVER.forbidden } });
    expect(await server.agent().post(url)).toMatchObject({ status: 401 });
    expect(await admin.post(url)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await admin.post(url)).toMatchObject({ status: 409, body: { message: 'This entry has already been refunded' } });

    const [after] = await f.entries(tournamentId);
    expect(after.refunded).toBe(true);
    expect((await f.paymentBySecret(secret)).refundId).toMatch(/^lre_/);
    expect(await f.liveEntryCount(tournamentId)).toBe(0);
    expect((await admin.post(`/v1/billing/refund-tournament-entry/${tournamentId}/999999`)).status).toBe(404);
    expect((await admin.post(`/v1/billing/refund-tournament-entry/abc/${entry.id}`)).status).toBe(400);
  });

  it('refuses to refund an entry of a free tournament, or an entry nobody paid for', async () => {
    const free = await f.tournament(0);
    const player = await f.player();
    expect((await player.agent.post(`/v1/billing/join-tournament/${free}/${player.id}`, {})).body).toBe(true);
    const [freeEntry] = await f.entries(free);
    const res = await admin.post(`/v1/billing/refund-tournament-entry/${free}/${freeEntry.id}`);
    expect(res).toMatchObject({ status: 409, body: { message: PAYMENT_ERRORS.freeTournament } });

    const paid = await f.tournament(1250);
    const [unpaid] = await server.db.insert(tournamentEntries).values({ tournamentId: paid, definedName: 'Walk-in' }).returning();
    const res2 = await admin.post(`/v1/billing/refund-tournament-entry/${paid}/${unpaid.id}`);
    expect(res2).toMatchObject({ status: 409, body: { message: PAYMENT_ERRORS.notPaid } });
  });

  it('refuses to refund a payment that has not succeeded (409) and ignores webhooks (404 without Stripe)', async () => {
    const guest = server.agent();
    const secret = (await guest.post('/v1/billing/payment', guestPayment)).body.clientSecret;
    const row = await f.paymentBySecret(secret);
    const error = await server.app.billing.refund(row.id).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 409, message: PAYMENT_ERRORS.notRefundable });

    const hook = await guest.raw({ method: 'POST', url: '/v1/billing/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(hook.status).toBe(404);
  });
});

describe('billing with Stripe (a loopback fake of its API)', () => {
  let stripe: FakeStripe;
  let f: ReturnType<typeof fixtures>;
  let admin: Agent;

  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(() => stripe.close());
  const server = useTestServer(() => ({
    seed: true,
    config: { stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.url } },
  }));
  beforeAll(async () => {
    f = fixtures(server);
    admin = await server.agent().signIn('AdminAce');
  });

  const sendWebhook = (hook: { payload: string; signature: string }) =>
    server.agent().raw({
      method: 'POST',
      url: '/v1/billing/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': hook.signature },
      payload: hook.payload,
    });

  const intentOf = (clientSecret: string) => {
    const intent = [...stripe.intents.values()].find((i) => i.client_secret === clientSecret);
    if (!intent) throw new Error('no intent at the fake for this secret');
    return intent;
  };

  it('creates a PaymentIntent in euros with automatic payment methods and answers its client secret', async () => {
    const res = await server.agent().post('/v1/billing/payment', guestPayment);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider: 'stripe', amount: 12.5, currency: 'eur' });
    const intent = intentOf(res.body.clientSecret);
    expect(intent).toMatchObject({
      amount: 1250,
      currency: 'eur',
      automatic_payment_methods: { enabled: true },
      receipt_email: 'fan@example.com',
      metadata: { purpose: 'GUEST', reference: 'INV-2041' },
    });
    expect((await f.paymentBySecret(res.body.clientSecret)).intentId).toBe(intent.id);
  });

  it('completes a paid entry once on payment_intent.succeeded, however often the webhook comes', async () => {
    const tournamentId = await f.tournament(1250);
    const player = await f.player();
    const intent = intentOf(await joinPaid(player, tournamentId));
    const hook = stripe.webhook('payment_intent.succeeded', stripe.succeed(intent.id));

    expect(await sendWebhook(hook)).toMatchObject({ status: 200, body: { received: true } });
    expect(await f.entries(tournamentId)).toHaveLength(1);

    // Replayed, and delivered twice at the same moment.
    const again = await Promise.all([sendWebhook(hook), sendWebhook(hook), sendWebhook(stripe.webhook('payment_intent.succeeded', intent))]);
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await f.entries(tournamentId)).toHaveLength(1);
    expect((await player.agent.get(`/v1/billing/payment-status?clientSecret=${intent.client_secret}`)).body.status).toBe('SUCCEEDED');
  });

  it('completes once when two duplicate webhooks arrive together before any other', async () => {
    const tournamentId = await f.tournament(1250);
    const player = await f.player();
    const intent = intentOf(await joinPaid(player, tournamentId));
    const hook = stripe.webhook('payment_intent.succeeded', stripe.succeed(intent.id));

    const answers = await Promise.all([sendWebhook(hook), sendWebhook(hook)]);

    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await f.entries(tournamentId)).toHaveLength(1);
  });

  it('answers 400 to a bad signature and changes nothing', async () => {
    const tournamentId = await f.tournament(1250);
    const player = await f.player();
    const secret = await joinPaid(player, tournamentId);
    const intent = stripe.succeed(intentOf(secret).id);

    const forged = stripe.webhook('payment_intent.succeeded', intent, 'whsec_someone_else');
    expect(await sendWebhook(forged)).toMatchObject({ status: 400, body: { message: PAYMENT_ERRORS.invalidSignature } });
    const genuine = stripe.webhook('payment_intent.succeeded', intent);
    const tampered = { payload: genuine.payload.replace('"livemode":false', '"livemode":true'), signature: genuine.signature };
    expect((await sendWebhook(tampered)).status).toBe(400);
    const unsigned = await server.agent().raw({ method: 'POST', url: '/v1/billing/webhook', headers: { 'content-type': 'application/json' }, payload: genuine.payload });
    expect(unsigned.status).toBe(400);

    expect(await f.entries(tournamentId)).toHaveLength(0);
    expect((await f.paymentBySecret(secret)).status).toBe('REQUIRES_CONFIRMATION');
  });

  it('marks a failed card FAILED with Stripe’s message (payment_intent.payment_failed)', async () => {
    const tournamentId = await f.tournament(1250);
    const player = await f.player();
    const secret = await joinPaid(player, tournamentId);
    const failed = stripe.fail(intentOf(secret).id, 'Your card was declined.');

    expect((await sendWebhook(stripe.webhook('payment_intent.payment_failed', failed))).status).toBe(200);

    expect(await f.paymentBySecret(secret)).toMatchObject({ status: 'FAILED', failureMessage: 'Your card was declined.' });
    expect((await player.agent.get(`/v1/billing/payment-status?clientSecret=${secret}`)).body).toEqual({
      status: 'FAILED',
      message: 'Your card was declined.',
    });
    expect(await f.entries(tournamentId)).toHaveLength(0);

    // The customer tries another card on the same intent, and it goes through.
    const ok = stripe.succeed(failed.id);
    await sendWebhook(stripe.webhook('payment_intent.succeeded', ok));
    expect(await f.entries(tournamentId)).toHaveLength(1);
    // A late failure event for the earlier attempt changes nothing.
    await sendWebhook(stripe.webhook('payment_intent.payment_failed', failed));
    expect((await f.paymentBySecret(secret)).status).toBe('SUCCEEDED');
  });

  it('completes from the status check when Stripe says succeeded before the webhook arrives', async () => {
    const tournamentId = await f.tournament(1250);
    const player = await f.player();
    const secret = await joinPaid(player, tournamentId);
    const statusUrl = `/v1/billing/payment-status?clientSecret=${secret}`;
    expect((await player.agent.get(statusUrl)).body.status).toBe('REQUIRES_CONFIRMATION');

    const intent = stripe.succeed(intentOf(secret).id);
    expect((await player.agent.get(statusUrl)).body.status).toBe('SUCCEEDED');
    await sendWebhook(stripe.webhook('payment_intent.succeeded', intent));

    expect(await f.entries(tournamentId)).toHaveLength(1);
  });

  it('acknowledges events it does not handle', async () => {
    const intent = intentOf((await server.agent().post('/v1/billing/payment', guestPayment)).body.clientSecret);
    expect((await sendWebhook(stripe.webhook('charge.updated', intent))).status).toBe(200);
    expect((await sendWebhook(stripe.webhook('payment_intent.succeeded', { ...intent, id: 'pi_unknown' }))).status).toBe(200);
  });

  it('refunds an entry through Stripe once; free tournaments and non-admins are refused', async () => {
    const tournamentId = await f.tournament(1250);
    const player = await f.player();
    const intent = intentOf(await joinPaid(player, tournamentId));
    await sendWebhook(stripe.webhook('payment_intent.succeeded', stripe.succeed(intent.id)));
    const [entry] = await f.entries(tournamentId);
    const url = `/v1/billing/refund-tournament-entry/${tournamentId}/${entry.id}`;

    expect((await player.agent.post(url)).status).toBe(403);
    const [first, second] = await Promise.all([admin.post(url), admin.post(url)]);

    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first.body, second.body]).toContainEqual({ message: 'This entry has already been refunded' });
    expect(stripe.refunds.filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
    const refund = stripe.refunds.find((r) => r.payment_intent === intent.id)!;
    expect(await f.paymentBySecret(intent.client_secret)).toMatchObject({ refundId: refund.id });
    expect((await f.entries(tournamentId))[0].refunded).toBe(true);

    const free = await f.tournament(0);
    const other = await f.player();
    await other.agent.post(`/v1/billing/join-tournament/${free}/${other.id}`, {});
    const [freeEntry] = await f.entries(free);
    expect((await admin.post(`/v1/billing/refund-tournament-entry/${free}/${freeEntry.id}`)).status).toBe(409);
  });

  it('does not offer the local test card confirmation', async () => {
    const secret = (await server.agent().post('/v1/billing/payment', guestPayment)).body.clientSecret;
    const res = await server.agent().post('/v1/billing/local/confirm', { clientSecret: secret, cardNumber: '4242 4242 4242 4242' });
    expect(res).toMatchObject({ status: 404, body: { message: PAYMENT_ERRORS.localOnly } });
  });
});
