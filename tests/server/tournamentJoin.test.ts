import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assert } from 'superstruct';
import { payments, temporaryTeamMembers, temporaryTeams, tournamentEntries, users } from '../../server/db/schema';
import { useTestServer, type Agent } from '../support/testServer';
import { createTournament, newPlayer, setStatus } from './tournaments.fixtures';
import { PaymentSecret } from '../../src/api/contract/billing';
import type { Tournament } from '../../src/api/contract/tournament';
import { PAYMENT_ERRORS, SERVER, TOURNAMENT_ERRORS, VALIDATION } from '../../src/domain/messages';

const DAY = 86_400_000;
const CARD_OK = '4242 4242 4242 4242';

describe('joining a tournament (POST /v1/billing/join-tournament/{tournamentId}/{teamOrUserId})', () => {
  const server = useTestServer({ seed: true });
  let admin: Agent;

  beforeAll(async () => {
    admin = await server.agent().signIn('AdminAce');
  });

  const db = () => server.db;
  const join = (agent: Agent, tournamentId: number, teamOrUserId: number, name?: string) =>
    agent.post(`/v1/billing/join-tournament/${tournamentId}/${teamOrUserId}`, name === undefined ? {} : { name });
  const detail = async (id: number, as: Agent) => (await as.get(`/v1/tournament/${id}`)).body as Tournament;
  const entriesOf = (tournamentId: number) => db().select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, tournamentId));
  const confirm = (agent: Agent, clientSecret: string) => agent.post('/v1/billing/local/confirm', { clientSecret, cardNumber: CARD_OK });

  describe('who may join', () => {
    it('asks guests to sign in (401)', async () => {
      const id = await createTournament(admin);
      const res = await join(server.agent(), id, 1);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(SERVER.unauthenticated);
    });

    it('never lets a banned player in', async () => {
      const id = await createTournament(admin);
      const { user, agent } = await newPlayer(server);
      await db().update(users).set({ banned: true }).where(eq(users.id, user.id));
      const res = await join(agent, id, user.id);
      expect(res.status).toBe(403);
      expect(await entriesOf(id)).toEqual([]);
      const banned = (await newPlayer(server, { banned: false })).user;
      await db().update(users).set({ banned: true }).where(eq(users.id, banned.id));
      const byAdmin = await join(admin, id, banned.id);
      expect(byAdmin.status).toBe(403);
      expect(byAdmin.body.message).toBe(TOURNAMENT_ERRORS.banned);
    });

    it('lets a player sign up only themselves', async () => {
      const id = await createTournament(admin);
      const { agent } = await newPlayer(server);
      const other = (await newPlayer(server)).user;
      const res = await join(agent, id, other.id);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(TOURNAMENT_ERRORS.onlyYourself);
    });

    it('answers 404 for a missing tournament and 400 for malformed ids', async () => {
      const { user, agent } = await newPlayer(server);
      const missing = await join(agent, 999999, user.id);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Tournament not found');
      expect((await agent.post(`/v1/billing/join-tournament/abc/${user.id}`, {})).status).toBe(400);
    });
  });

  describe('free sign-ups', () => {
    it('enters a single player: true, then JOINED on the tournament', async () => {
      const id = await createTournament(admin);
      const { user, agent } = await newPlayer(server);
      const res = await join(agent, id, user.id);
      expect(res.status).toBe(200);
      expect(res.body).toBe(true);
      expect(await detail(id, agent)).toMatchObject({ userJoined: true, joinedUsersLength: 1, joinedTeamsLength: 0 });
      const [entry] = await entriesOf(id);
      expect(entry).toMatchObject({ userId: user.id, temporaryTeamId: null, paymentId: null, refunded: false });
    });

    it('refuses a second entry of the same player', async () => {
      const id = await createTournament(admin);
      const { user, agent } = await newPlayer(server);
      await join(agent, id, user.id);
      const again = await join(agent, id, user.id);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(TOURNAMENT_ERRORS.alreadyJoined);
      expect(await entriesOf(id)).toHaveLength(1);
    });

    it('enters a team tournament as the captain of a new temporary team', async () => {
      const id = await createTournament(admin, { teamLimit: 3 });
      const { user, agent } = await newPlayer(server);
      const res = await join(agent, id, user.id, '  Night Owls ');
      expect(res.body).toBe(true);
      const t = await detail(id, agent);
      expect(t).toMatchObject({ userJoined: true, joinedTeamsLength: 1, joinedUsersLength: 0 });
      expect(t.userTeam).toMatchObject({ name: 'Night Owls', users: [{ id: user.id, teamRole: 'CAPTAIN' }] });
      const [team] = await db().select().from(temporaryTeams).where(eq(temporaryTeams.tournamentId, id));
      expect(team.captainId).toBe(user.id);
      const [entry] = await entriesOf(id);
      expect(entry).toMatchObject({ temporaryTeamId: team.id, userId: null });
    });

    it.each([
      ['no name', undefined, 400, VALIDATION.teamName],
      ['a blank name', '   ', 400, VALIDATION.teamName],
      ['a name that is not text', 42, 400, VALIDATION.teamName],
      ['a name that is too long', 'x'.repeat(41), 400, TOURNAMENT_ERRORS.teamNameTooLong],
    ])('refuses a team sign-up with %s', async (_case, name, status, message) => {
      const id = await createTournament(admin, { teamLimit: 2 });
      const { user, agent } = await newPlayer(server);
      const res = await agent.post(`/v1/billing/join-tournament/${id}/${user.id}`, name === undefined ? {} : { name });
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
      expect(await entriesOf(id)).toEqual([]);
    });

    it('refuses a team name already used in the tournament', async () => {
      const id = await createTournament(admin, { teamLimit: 2 });
      const first = await newPlayer(server);
      await join(first.agent, id, first.user.id, 'Night Owls');
      const second = await newPlayer(server);
      const res = await join(second.agent, id, second.user.id, 'NIGHT OWLS');
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(TOURNAMENT_ERRORS.teamNameTaken);
    });

    it('refuses a player who already plays in another team of the tournament', async () => {
      const id = await createTournament(admin, { teamLimit: 2 });
      const captain = await newPlayer(server);
      await join(captain.agent, id, captain.user.id, 'Duo');
      const mate = await newPlayer(server);
      const [team] = await db().select().from(temporaryTeams).where(eq(temporaryTeams.tournamentId, id));
      await db().insert(temporaryTeamMembers).values({ teamId: team.id, userId: mate.user.id, tournamentId: id, slot: 1 });
      const res = await join(mate.agent, id, mate.user.id, 'My Own Duo');
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(TOURNAMENT_ERRORS.alreadyJoined);
      expect(await entriesOf(id)).toHaveLength(1);
    });

    it('enters SWITCHEROO players alone, whatever name they send', async () => {
      const id = await createTournament(admin, { tournamentType: 'SWITCHEROO', switcherooType: 'DOUBLES' });
      const { user, agent } = await newPlayer(server);
      expect((await join(agent, id, user.id, 'ignored')).body).toBe(true);
      const [entry] = await entriesOf(id);
      expect(entry).toMatchObject({ userId: user.id, temporaryTeamId: null });
      expect(await db().select().from(temporaryTeams).where(eq(temporaryTeams.tournamentId, id))).toEqual([]);
    });
  });

  describe('when sign-ups are closed', () => {
    it('refuses when allowSignups is off', async () => {
      const id = await createTournament(admin, { allowSignups: false });
      const { user, agent } = await newPlayer(server);
      const res = await join(agent, id, user.id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(TOURNAMENT_ERRORS.signupsClosed);
    });

    it('refuses after the sign-up close date', async () => {
      const id = await createTournament(admin, { signUpClose: Date.now() - DAY });
      const { user, agent } = await newPlayer(server);
      const res = await join(agent, id, user.id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(TOURNAMENT_ERRORS.signupsClosed);
    });

    it('refuses when the tournament is CLOSED, and when it has started or finished', async () => {
      const { user, agent } = await newPlayer(server);
      for (const [status, message] of [
        ['CLOSED', TOURNAMENT_ERRORS.signupsClosed],
        ['ACTIVE', TOURNAMENT_ERRORS.started],
        ['COMPLETED', TOURNAMENT_ERRORS.started],
      ] as const) {
        const id = await createTournament(admin);
        await setStatus(server, id, status);
        const res = await join(agent, id, user.id);
        expect(res.status, status).toBe(409);
        expect(res.body.message, status).toBe(message);
      }
    });
  });

  describe('limits', () => {
    it('refuses once the sign-up limit is reached; refunded entries no longer count', async () => {
      const id = await createTournament(admin, { signUpLimit: 2 });
      const [a, b, c] = [await newPlayer(server), await newPlayer(server), await newPlayer(server)];
      expect((await join(a.agent, id, a.user.id)).body).toBe(true);
      expect((await join(b.agent, id, b.user.id)).body).toBe(true);
      const full = await join(c.agent, id, c.user.id);
      expect(full.status).toBe(409);
      expect(full.body.message).toBe('This tournament is full');
      await db().update(tournamentEntries).set({ refunded: true }).where(eq(tournamentEntries.userId, a.user.id));
      expect((await join(c.agent, id, c.user.id)).body).toBe(true);
      // The refunded player may come back: the old entry is reused, not duplicated.
      const back = await join(a.agent, id, a.user.id);
      expect(back.status).toBe(409);
      await admin.patch(`/v1/tournament/${id}`, { signUpLimit: 3 });
      expect((await join(a.agent, id, a.user.id)).body).toBe(true);
      expect((await entriesOf(id)).filter((e) => e.userId === a.user.id)).toHaveLength(1);
    });

    it('counts teams against the limit of a team tournament', async () => {
      const id = await createTournament(admin, { teamLimit: 4, signUpLimit: 2 });
      const captains = [await newPlayer(server), await newPlayer(server), await newPlayer(server)];
      expect((await join(captains[0].agent, id, captains[0].user.id, 'One')).body).toBe(true);
      expect((await join(captains[1].agent, id, captains[1].user.id, 'Two')).body).toBe(true);
      const res = await join(captains[2].agent, id, captains[2].user.id, 'Three');
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(TOURNAMENT_ERRORS.full);
    });

    it('counts the predefined names against the limit, before and after they become bracket entries', async () => {
      const id = await createTournament(admin, { signUpLimit: 3 });
      const patched = await admin.patch(`/v1/tournament/${id}`, { definedEntries: { definedUsers: [{ name: 'Ghost One' }, { name: '  ' }, { name: 'Ghost Two' }], definedTeams: [] } });
      expect(patched.status).toBe(200);
      const [a, b] = [await newPlayer(server), await newPlayer(server)];
      expect((await join(a.agent, id, a.user.id)).body).toBe(true);
      expect(await detail(id, admin)).toMatchObject({ joinedUsersLength: 1 });
      const full = await join(b.agent, id, b.user.id);
      expect(full.status).toBe(409);
      expect(full.body.message).toBe(TOURNAMENT_ERRORS.full);
      // Once the bracket makes the names entries (as starting does), they still count once.
      await db().insert(tournamentEntries).values([{ tournamentId: id, definedName: 'Ghost One' }, { tournamentId: id, definedName: 'Ghost Two' }]);
      expect((await admin.patch(`/v1/tournament/${id}`, { signUpLimit: 3 })).status).toBe(200);
      const lower = await admin.patch(`/v1/tournament/${id}`, { signUpLimit: 2 });
      expect(lower.status).toBe(409);
      expect(lower.body.message).toBe(TOURNAMENT_ERRORS.signUpLimitBelowEntries(3));
    });

    it('lets exactly as many players in as there are places when they join at once', async () => {
      const id = await createTournament(admin, { signUpLimit: 3 });
      const players = await Promise.all(Array.from({ length: 6 }, () => newPlayer(server)));
      const answers = await Promise.all(players.map((p) => join(p.agent, id, p.user.id)));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
      expect(answers.filter((r) => r.status === 409).every((r) => r.body.message === TOURNAMENT_ERRORS.full)).toBe(true);
      expect(await entriesOf(id)).toHaveLength(3);
    });
  });

  describe('staff', () => {
    it('may enter a CLOSED tournament and one without sign-ups, but not one that started', async () => {
      const owner = await server.agent().signIn('ClutchOwner');
      const [{ id: ownerId }] = await db().select({ id: users.id }).from(users).where(eq(users.discordName, 'ClutchOwner'));
      const closed = await createTournament(admin, { allowSignups: false, signUpClose: Date.now() - DAY });
      await setStatus(server, closed, 'CLOSED');
      expect((await join(owner, closed, ownerId)).body).toBe(true);
      const active = await createTournament(admin);
      await setStatus(server, active, 'ACTIVE');
      const res = await join(owner, active, ownerId);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(TOURNAMENT_ERRORS.started);
    });

    it('may sign up another player, for free even when there is a fee', async () => {
      const id = await createTournament(admin, { entryFee: 10, teamLimit: 2 });
      const { user, agent } = await newPlayer(server);
      const res = await join(admin, id, user.id, 'Staff Made');
      expect(res.body).toBe(true);
      expect((await detail(id, agent)).userTeam).toMatchObject({ name: 'Staff Made', users: [{ id: user.id, teamRole: 'CAPTAIN' }] });
      expect((await entriesOf(id))[0].paymentId).toBeNull();
      const again = await join(admin, id, user.id, 'Another');
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(TOURNAMENT_ERRORS.playerAlreadyJoined);
      const nobody = await join(admin, id, 999999, 'Ghosts');
      expect(nobody.status).toBe(404);
      expect(nobody.body.message).toBe(TOURNAMENT_ERRORS.playerNotFound);
    });
  });

  describe('with an entry fee (local payment provider)', () => {
    it('answers a payment secret, and the entry appears once the payment succeeds — exactly once', async () => {
      const id = await createTournament(admin, { entryFee: 5 });
      const { user, agent } = await newPlayer(server);
      const res = await join(agent, id, user.id);
      expect(res.status).toBe(200);
      assert(res.body, PaymentSecret);
      expect(res.body).toMatchObject({ provider: 'local', amount: 5, currency: 'eur' });
      expect(await entriesOf(id)).toEqual([]);
      expect((await detail(id, agent)).userJoined).toBe(false);

      const paid = await confirm(agent, res.body.clientSecret);
      expect(paid.body.status).toBe('SUCCEEDED');
      const again = await confirm(agent, res.body.clientSecret);
      expect(again.body.status).toBe('SUCCEEDED');
      const entries = await entriesOf(id);
      expect(entries).toHaveLength(1);
      const [payment] = await db().select().from(payments).where(eq(payments.clientSecret, res.body.clientSecret));
      expect(entries[0]).toMatchObject({ userId: user.id, paymentId: payment.id });
      expect(payment).toMatchObject({ amountCents: 500, purpose: 'TOURNAMENT_ENTRY', userId: user.id });
      expect((await detail(id, agent)).userJoined).toBe(true);
      const adminList = await admin.get(`/v1/tournament/${id}/entries/admin?notPaginated=true`);
      expect(adminList.body.results[0]).toMatchObject({ userId: user.id, paid: true, refunded: false });
    });

    it('creates the team once the captain has paid', async () => {
      const id = await createTournament(admin, { entryFee: 20, teamLimit: 4 });
      const { user, agent } = await newPlayer(server);
      const res = await join(agent, id, user.id, 'Paid Up');
      expect(res.body.amount).toBe(20);
      expect(await db().select().from(temporaryTeams).where(eq(temporaryTeams.tournamentId, id))).toEqual([]);
      await confirm(agent, res.body.clientSecret);
      const t = await detail(id, agent);
      expect(t).toMatchObject({ userJoined: true, joinedTeamsLength: 1 });
      expect(t.userTeam).toMatchObject({ name: 'Paid Up', users: [{ id: user.id, teamRole: 'CAPTAIN' }] });
    });

    it('refunds a second payment for the same entry instead of entering twice', async () => {
      const id = await createTournament(admin, { entryFee: 5 });
      const { user, agent } = await newPlayer(server);
      const first = (await join(agent, id, user.id)).body;
      const second = (await join(agent, id, user.id)).body;
      expect(first.clientSecret).not.toBe(second.clientSecret);
      expect((await confirm(agent, first.clientSecret)).body.status).toBe('SUCCEEDED');
      const refused = await confirm(agent, second.clientSecret);
      expect(refused.body).toEqual({ status: 'FAILED', message: PAYMENT_ERRORS.refusedAndRefunded(TOURNAMENT_ERRORS.alreadyJoined) });
      expect(await entriesOf(id)).toHaveLength(1);
      // Once entered, the player is not offered a payment again.
      const third = await join(agent, id, user.id);
      expect(third.status).toBe(409);
      expect(third.body.message).toBe(TOURNAMENT_ERRORS.alreadyJoined);
    });

    it('refunds a payment that completes after the tournament filled up', async () => {
      const id = await createTournament(admin, { entryFee: 5, signUpLimit: 2 });
      const late = await newPlayer(server);
      const secret = (await join(late.agent, id, late.user.id)).body.clientSecret as string;
      for (let i = 0; i < 2; i++) expect((await join(admin, id, (await newPlayer(server)).user.id)).body).toBe(true);
      const res = await confirm(late.agent, secret);
      expect(res.body).toEqual({ status: 'FAILED', message: PAYMENT_ERRORS.refusedAndRefunded(TOURNAMENT_ERRORS.full) });
      const [payment] = await db().select().from(payments).where(eq(payments.clientSecret, secret));
      expect(payment.refundedAt).not.toBeNull();
      expect((await entriesOf(id)).some((e) => e.userId === late.user.id)).toBe(false);
    });

    it('refunds a payment that completes after the tournament started', async () => {
      const id = await createTournament(admin, { entryFee: 5 });
      const { user, agent } = await newPlayer(server);
      const secret = (await join(agent, id, user.id)).body.clientSecret as string;
      await setStatus(server, id, 'ACTIVE');
      const res = await confirm(agent, secret);
      expect(res.body.status).toBe('FAILED');
      expect(await entriesOf(id)).toEqual([]);
    });
  });
});
