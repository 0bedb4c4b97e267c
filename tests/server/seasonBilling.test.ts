import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assert } from 'superstruct';
import { payments, seasonEntries, users } from '../../server/db/schema';
import { useTestServer, type Agent, type Reply } from '../support/testServer';
import { createSeason, DAY, enterTeams, newTeam, setSeasonType } from './seasons.fixtures';
import { PaymentSecret } from '../../src/api/contract/billing';
import type { Season } from '../../src/api/contract/season';
import { JOIN_SEASON_TOOLTIPS as TIPS, PAYMENT_ERRORS, VALIDATION } from '../../src/domain/messages';

const CARD_OK = '4242 4242 4242 4242';

describe('joining a season and its billing (/v1/billing/join-season, remove-team, refund-entry)', () => {
  const server = useTestServer({ seed: true });
  const admin = server.signedIn('AdminAce');

  const db = () => server.database.db;
  const join = (agent: Agent, seasonId: number, teamId: number, termsAccepted: unknown = true) =>
    agent.post(`/v1/billing/join-season/${seasonId}/${teamId}`, { termsAccepted });
  const entriesOf = (seasonId: number) => db().select().from(seasonEntries).where(eq(seasonEntries.seasonId, seasonId));
  const confirm = (agent: Agent, clientSecret: string) => agent.post('/v1/billing/local/confirm', { clientSecret, cardNumber: CARD_OK });
  const season = async (id: number, as: Agent) => (await as.get(`/v1/season/${id}`)).body as Season;

  describe('who may join (the tooltips, word for word)', () => {
    it('answers each refusal with its tooltip and makes no entry', async () => {
      const id = await createSeason(admin);
      const captain = await newTeam(server);
      const alone = await newTeam(server, { players: 0 });
      const member = captain.members[0];
      const memberAgent = await server.agent().signIn(member.discordName);
      const [freeAgent] = await db().insert(users).values({ discordName: `SFree${Date.now()}` }).returning();
      const freeAgentAgent = await server.agent().signIn(freeAgent.discordName);

      const cases: [string, () => Promise<Reply>, number, string][] = [
        ['guest', () => join(server.agent(), id, captain.team.id), 401, TIPS.login],
        ['no team', () => join(freeAgentAgent, id, captain.team.id), 403, TIPS.noTeam],
        ['captain alone', () => join(alone.agent, id, alone.team.id), 409, TIPS.noMembers],
        ['not the captain', () => join(memberAgent, id, captain.team.id), 403, TIPS.notCaptain],
        ['captain of another team', () => join(alone.agent, id, captain.team.id), 403, TIPS.notCaptain],
      ];
      for (const [name, call, status, message] of cases) {
        const res = await call();
        expect(res.status, name).toBe(status);
        expect(res.body.message, name).toBe(message);
      }
      expect(await entriesOf(id)).toEqual([]);
    });

    it('asks for the terms box', async () => {
      const id = await createSeason(admin);
      const { agent, team } = await newTeam(server);
      for (const body of [{ termsAccepted: false }, {}]) {
        const res = await agent.post(`/v1/billing/join-season/${id}/${team.id}`, body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(VALIDATION.terms);
      }
      expect((await join(agent, id, team.id, 'yes')).status).toBe(400);
      expect(await entriesOf(id)).toEqual([]);
    });

    it('refuses a season that is not OPEN, or whose entry closed 3 days before the start', async () => {
      const { agent, team } = await newTeam(server);
      const closed = await createSeason(admin);
      await setSeasonType(server, closed, 'CLOSED');
      const res = await join(agent, closed, team.id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(TIPS.closed);
      // A guest on a closed season hears it is closed, as the tooltips check that first.
      expect((await join(server.agent(), closed, team.id)).body.message).toBe(TIPS.closed);

      const soon = await createSeason(admin, { startDate: Date.now() + 3 * DAY - 60_000 });
      expect((await join(agent, soon, team.id)).body.message).toBe(TIPS.closed);
      const later = await createSeason(admin, { startDate: Date.now() + 3 * DAY + 60 * 60_000 });
      expect((await join(agent, later, team.id)).status).toBe(200);
    });

    it('answers 404 for unknown seasons and teams, 400 for malformed ids', async () => {
      const { agent, team } = await newTeam(server);
      expect((await join(agent, 999999, team.id)).status).toBe(404);
      const id = await createSeason(admin);
      const noTeam = await join(agent, id, 999999);
      expect(noTeam.status).toBe(404);
      expect(noTeam.body.message).toBe('Team not found');
      expect((await agent.post(`/v1/billing/join-season/x/${team.id}`, { termsAccepted: true })).status).toBe(400);
    });
  });

  describe('free seasons', () => {
    it('enters the team at once, and only once', async () => {
      const id = await createSeason(admin);
      const { agent, team } = await newTeam(server);
      const res = await join(agent, id, team.id);
      expect(res.status).toBe(200);
      expect(res.body).toBe(true);
      expect(await season(id, agent)).toMatchObject({ userPartOfTeam: true, joinedTeamsCount: 1 });
      const again = await join(agent, id, team.id);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(TIPS.alreadyIn);
      expect(await entriesOf(id)).toHaveLength(1);
    });

    it('makes one entry when the same captain joins twice at once', async () => {
      const id = await createSeason(admin);
      const { agent, team } = await newTeam(server);
      const answers = await Promise.all([join(agent, id, team.id), join(agent, id, team.id), join(agent, id, team.id)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect(await entriesOf(id)).toHaveLength(1);
    });
  });

  describe('with an entry fee (local payment provider)', () => {
    it('answers a payment secret; the entry appears once the payment succeeds, exactly once', async () => {
      const id = await createSeason(admin, { entryFee: 25 });
      const { agent, team, captain } = await newTeam(server);
      const res = await join(agent, id, team.id);
      expect(res.status).toBe(200);
      assert(res.body, PaymentSecret);
      expect(res.body).toMatchObject({ provider: 'local', amount: 25, currency: 'eur' });
      expect(await entriesOf(id)).toEqual([]);

      expect((await confirm(agent, res.body.clientSecret)).body.status).toBe('SUCCEEDED');
      expect((await confirm(agent, res.body.clientSecret)).body.status).toBe('SUCCEEDED');
      const [payment] = await db().select().from(payments).where(eq(payments.clientSecret, res.body.clientSecret));
      // A replayed webhook reaches the same completion path and makes no second entry.
      await server.app.billing.complete(payment.intentId, { status: 'SUCCEEDED' });
      const entries = await entriesOf(id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ teamId: team.id, paymentId: payment.id, paidCents: 2500, refunded: false });
      expect(payment).toMatchObject({ purpose: 'SEASON_ENTRY', amountCents: 2500, userId: captain.id });
      expect(await season(id, agent)).toMatchObject({ userPartOfTeam: true, joinedTeamsCount: 1 });
      const teams = await admin.get(`/v1/season/${id}/teams`);
      expect(teams.body.results[0]).toMatchObject({ id: team.id, paid: true, refunded: false });
    });

    it('refunds a second payment for the same team instead of entering twice', async () => {
      const id = await createSeason(admin, { entryFee: 10 });
      const { agent, team } = await newTeam(server);
      const first = (await join(agent, id, team.id)).body;
      const second = (await join(agent, id, team.id)).body;
      expect((await confirm(agent, first.clientSecret)).body.status).toBe('SUCCEEDED');
      const refused = await confirm(agent, second.clientSecret);
      expect(refused.body).toEqual({ status: 'FAILED', message: PAYMENT_ERRORS.refusedAndRefunded(TIPS.alreadyIn) });
      const [payment] = await db().select().from(payments).where(eq(payments.clientSecret, second.clientSecret));
      expect(payment.refundedAt).not.toBeNull();
      expect(await entriesOf(id)).toHaveLength(1);
    });

    it('refunds a payment that completes after the season closed', async () => {
      const id = await createSeason(admin, { entryFee: 10 });
      const { agent, team } = await newTeam(server);
      const secret = (await join(agent, id, team.id)).body.clientSecret as string;
      expect((await admin.post(`/v1/season/${id}/close-signups`)).status).toBe(200);
      const res = await confirm(agent, secret);
      expect(res.body).toEqual({ status: 'FAILED', message: PAYMENT_ERRORS.refusedAndRefunded(TIPS.closed) });
      expect(await entriesOf(id)).toEqual([]);
    });

    it('lets staff refund a paid entry once; the team stays in the season', async () => {
      const id = await createSeason(admin, { entryFee: 10 });
      const { agent, team } = await newTeam(server);
      await confirm(agent, (await join(agent, id, team.id)).body.clientSecret);
      const res = await admin.post(`/v1/billing/refund-entry/${id}/${team.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      const [entry] = await entriesOf(id);
      expect(entry.refunded).toBe(true);
      const [payment] = await db().select().from(payments).where(eq(payments.id, entry.paymentId as number));
      expect(payment.refundedAt).not.toBeNull();
      const again = await admin.post(`/v1/billing/refund-entry/${id}/${team.id}`);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(PAYMENT_ERRORS.alreadyRefunded);
      const list = await admin.get(`/v1/season/${id}/teams`);
      expect(list.body.results[0]).toMatchObject({ id: team.id, paid: true, refunded: true });
    });

    it('has nothing to refund for a free or unpaid entry, or a team not in the season', async () => {
      const free = await createSeason(admin);
      const [entered] = await enterTeams(server, free, 1);
      const res = await admin.post(`/v1/billing/refund-entry/${free}/${entered.team.id}`);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This season has no entry fee, so there is nothing to refund');
      const paidSeason = await createSeason(admin, { entryFee: 5 });
      const [unpaid] = await enterTeams(server, paidSeason, 1);
      expect((await admin.post(`/v1/billing/refund-entry/${paidSeason}/${unpaid.team.id}`)).body.message).toBe(PAYMENT_ERRORS.notPaid);
      const missing = await admin.post(`/v1/billing/refund-entry/${paidSeason}/${entered.team.id}`);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('This team is not in this season');
    });
  });

  describe('removing a team', () => {
    it('takes the team out of a CLOSED season and drops a placement it no longer matches', async () => {
      const id = await createSeason(admin);
      const entered = await enterTeams(server, id, 4);
      await admin.post(`/v1/season/${id}/close-signups`);
      await admin.patch(`/v1/season/${id}/division-splits`, { divisionSplits: [4] });
      expect((await season(id, admin)).divisions).toHaveLength(1);
      const res = await admin.delete(`/v1/billing/remove-team/${id}/${entered[0].team.id}`);
      expect(res.status).toBe(204);
      const after = await season(id, admin);
      expect(after).toMatchObject({ joinedTeamsCount: 3, divisions: [] });
      const start = await admin.post(`/v1/season/${id}/progress-playoffs`);
      expect(start.status).toBe(409);
    });
  });
});
