import { describe, expect, it, beforeAll } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { payments, seasonEntries, teams, tournamentEntries, transferRequests, tournaments } from '../../server/db/schema';
import { PAYMENT_ERRORS } from '../../src/domain/messages';
import { useTestServer, type Agent } from '../support/testServer';
import { insertUser } from '../support/fixtures';
import { createSeason, newTeam, seasonBody } from './seasons.fixtures';

const CARD_OK = '4242 4242 4242 4242';

/**
 * Issue 26, finding 6: a transfer fee paid twice is refunded like a season entry paid twice, and a purchase is bound to
 * its price and its payer.
 */
describe('payments bound to what they buy', () => {
  const server = useTestServer({ config: { transferFeeCents: 500 } });
  let admin: Agent;
  beforeAll(async () => {
    admin = await server.signIn((await insertUser(server.db, { role: 'ADMIN' })).discordName);
  });
  const confirm = (agent: Agent, clientSecret: string) => agent.post('/v1/billing/local/confirm', { clientSecret, cardNumber: CARD_OK });
  const paymentOf = async (clientSecret: string) => (await server.db.select().from(payments).where(eq(payments.clientSecret, clientSecret)))[0];

  it('refunds the second payment of one transfer request, as the second payment of a season entry', async () => {
    const { team, members, agent } = await newTeam(server, { players: 2 });
    await server.db.update(teams).set({ transferMode: true }).where(eq(teams.id, team.id));
    const asked = await agent.post(`/v1/transfer/${team.id}/${members[0].id}`);
    expect(asked.body.transfer.status).toBe('AWAITING_PAYMENT');
    const body = { teamId: team.id, addPlayer: false, userId: members[0].id };
    // Two payment dialogs for the same request (two tabs, or a retry after a slow answer).
    const first = (await agent.post(`/v1/billing/transfer-request/${team.id}`, body)).body.clientSecret as string;
    const second = (await agent.post(`/v1/billing/transfer-request/${team.id}`, body)).body.clientSecret as string;

    expect((await confirm(agent, first)).body).toEqual({ status: 'SUCCEEDED', message: '' });
    const again = await confirm(agent, second);

    expect(again.status).toBe(200);
    expect(again.body.status).toBe('FAILED');
    expect(again.body.message).toMatch(/Your payment has been refunded\.$/);
    expect((await paymentOf(second)).refundedAt).not.toBeNull();
    expect((await paymentOf(first)).refundedAt).toBeNull();
    const [request] = await server.db.select().from(transferRequests).where(eq(transferRequests.id, asked.body.transfer.id));
    expect(request).toMatchObject({ status: 'PENDING', paymentId: (await paymentOf(first)).id });
  });

  it('refunds a season entry paid at a fee that changed since the payment started, and enters nothing', async () => {
    const id = await createSeason(admin, { entryFee: 5 });
    const { team, agent } = await newTeam(server, { players: 3 });
    const secret = (await agent.post(`/v1/billing/join-season/${id}/${team.id}`, { termsAccepted: true })).body.clientSecret as string;
    expect((await paymentOf(secret)).amountCents).toBe(500);
    expect((await admin.patch(`/v1/season/${id}`, seasonBody({ entryFee: 500 }))).status).toBe(200);

    const res = await confirm(agent, secret);

    expect(res.body).toEqual({ status: 'FAILED', message: PAYMENT_ERRORS.refusedAndRefunded(PAYMENT_ERRORS.priceChanged) });
    expect((await paymentOf(secret)).refundedAt).not.toBeNull();
    expect(await server.db.select().from(seasonEntries).where(and(eq(seasonEntries.seasonId, id), eq(seasonEntries.teamId, team.id)))).toEqual([]);
    // At today's price the team enters.
    const now = (await agent.post(`/v1/billing/join-season/${id}/${team.id}`, { termsAccepted: true })).body.clientSecret as string;
    expect((await confirm(agent, now)).body.status).toBe('SUCCEEDED');
  });

  it('refunds a transfer fee paid at the old fee after TRANSFER_FEE_EUROS changed', async () => {
    const { team, members, agent } = await newTeam(server, { players: 2 });
    await server.db.update(teams).set({ transferMode: true }).where(eq(teams.id, team.id));
    await agent.post(`/v1/transfer/${team.id}/${members[0].id}`);
    const secret = (await agent.post(`/v1/billing/transfer-request/${team.id}`, { teamId: team.id, addPlayer: false, userId: members[0].id })).body.clientSecret as string;
    server.config.transferFeeCents = 50_000;
    try {
      const res = await confirm(agent, secret);
      expect(res.body).toEqual({ status: 'FAILED', message: PAYMENT_ERRORS.refusedAndRefunded(PAYMENT_ERRORS.priceChanged) });
    } finally {
      server.config.transferFeeCents = 500;
    }
    const [request] = await server.db.select().from(transferRequests).where(and(eq(transferRequests.teamId, team.id), eq(transferRequests.userId, members[0].id)));
    expect(request.status).toBe('AWAITING_PAYMENT');
  });

  it('refunds a tournament entry paid at a fee that changed meanwhile', async () => {
    const player = await insertUser(server.db);
    const agent = await server.signIn(player.discordName);
    const [t] = await server.db
      .insert(tournaments)
      .values({ title: `Paid ${Date.now()}`, startDate: Date.now() + 7 * 86_400_000, endDate: Date.now() + 8 * 86_400_000, signUpClose: Date.now() + 6 * 86_400_000, game: 'CODMW3', status: 'OPEN', signUpLimit: 8, allowSignups: true, entryFeeCents: 500 })
      .returning();
    const secret = (await agent.post(`/v1/billing/join-tournament/${t.id}/${player.id}`, {})).body.clientSecret as string;
    await server.db.update(tournaments).set({ entryFeeCents: 50_000 }).where(eq(tournaments.id, t.id));

    expect((await confirm(agent, secret)).body).toEqual({ status: 'FAILED', message: PAYMENT_ERRORS.refusedAndRefunded(PAYMENT_ERRORS.priceChanged) });
    expect(await server.db.select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, t.id))).toEqual([]);
  });

  it("refuses anyone but the payer confirming or following a signed-in user's payment (404, as for a secret that does not exist)", async () => {
    const id = await createSeason(admin, { entryFee: 5 });
    const { team, agent } = await newTeam(server, { players: 3 });
    const secret = (await agent.post(`/v1/billing/join-season/${id}/${team.id}`, { termsAccepted: true })).body.clientSecret as string;
    const stranger = await server.signIn((await insertUser(server.db)).discordName);

    for (const other of [stranger, server.agent()]) {
      const confirmed = await confirm(other, secret);
      expect(confirmed.status).toBe(404);
      expect(confirmed.body).toEqual({ message: PAYMENT_ERRORS.notFound });
      expect((await other.get(`/v1/billing/payment-status?clientSecret=${encodeURIComponent(secret)}`)).status).toBe(404);
    }
    expect((await paymentOf(secret)).status).not.toBe('SUCCEEDED');
    expect(await server.db.select().from(seasonEntries).where(eq(seasonEntries.seasonId, id))).toEqual([]);

    expect((await confirm(agent, secret)).body.status).toBe('SUCCEEDED');
    expect((await agent.get(`/v1/billing/payment-status?clientSecret=${encodeURIComponent(secret)}`)).body.status).toBe('SUCCEEDED');
  });

  it("still lets a guest pay a guest payment from any session that holds its secret", async () => {
    const guest = server.agent();
    const res = await guest.post('/v1/billing/payment', { amount: 12.5, email: 'guest@example.com', reference: 'INV-26' });
    expect(res.status).toBe(200);
    expect((await confirm(server.agent(), res.body.clientSecret)).body.status).toBe('SUCCEEDED');
  });
});
