import { describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { eq } from 'drizzle-orm';
import { Team } from '../../src/api/contract/team';
import { User } from '../../src/api/contract/user';
import { PROFILE, SERVER, USER_ADMIN } from '../../src/domain/messages';
import { seasonMatches, seasonDivisions, seasonEntries, seasons, teamInvites, teams } from '../../server/db/schema';
import { useTestServer } from '../support/testServer';
import { findUserRow, insertUser } from '../support/fixtures';
import { createSeason, newTeam, setSeasonType } from './seasons.fixtures';

describe('profiles: players and league teams', () => {
  const server = useTestServer();
  const as = (name: string) => server.agent().signIn(name);

  describe('GET /v1/user/{id}', () => {
    it('shows any player to guests in the contract shape, and hides banned players from everyone but staff', async () => {
      const player = await insertUser(server.db, { battleTag: 'Ace#1', twitchName: 'acelive' });
      const banned = await insertUser(server.db, { banned: true });
      const admin = await insertUser(server.db, { role: 'ADMIN' });
      const guest = server.agent();

      const res = await guest.get(`/v1/user/${player.id}`);
      expect(res.status).toBe(200);
      expect(is(res.body, User)).toBe(true);
      expect(res.body).toMatchObject({ id: player.id, battleTag: 'Ace#1', twitchName: 'acelive' });
      expect((await guest.get(`/v1/user/${banned.id}`)).body).toEqual({ message: USER_ADMIN.notFound });
      expect((await (await as(admin.discordName)).get(`/v1/user/${banned.id}`)).status).toBe(200);
      expect((await guest.get('/v1/user/999999')).status).toBe(404);
      expect((await guest.get('/v1/user/abc')).status).toBe(400);
    });
  });

  describe('PATCH /v1/user', () => {
    it('updates the own profile, sets the Activision ID once and refuses to change it after', async () => {
      const player = await insertUser(server.db);
      const agent = await as(player.discordName);

      const first = await agent.patch('/v1/user', {
        battleTag: ' Ace#42 ',
        twitterHandle: 'ace',
        twitchName: 'acelive',
        youtubeChannel: 'AceTube',
        freeAgent: true,
      });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ battleTag: 'Ace#42', twitterHandle: 'ace', twitchName: 'acelive', youtubeChannel: 'AceTube', freeAgent: true });

      const locked = await agent.patch('/v1/user', { battleTag: 'Other#1', twitterHandle: 'changed' });
      expect(locked.status).toBe(409);
      expect(locked.body).toEqual({ message: PROFILE.battleTagLocked });
      // The refused call changed nothing.
      expect(await findUserRow(server.db, player.id)).toMatchObject({ battleTag: 'Ace#42', twitterHandle: 'ace' });

      // Sending the same ID again (the form sends it back) is fine; an empty handle clears it.
      const again = await agent.patch('/v1/user', { battleTag: 'Ace#42', twitterHandle: '', freeAgent: false });
      expect(again.body).toMatchObject({ battleTag: 'Ace#42', twitterHandle: null, twitchName: 'acelive', freeAgent: false });
    });

    it('validates the body and needs a signed-in user', async () => {
      const player = await insertUser(server.db);
      const agent = await as(player.discordName);
      expect((await agent.patch('/v1/user', { battleTag: '   ' })).status).toBe(400);
      expect((await agent.patch('/v1/user', { twitterHandle: 'a\u0000b' })).status).toBe(400);
      expect((await agent.patch('/v1/user', { twitterHandle: 'x'.repeat(101) })).status).toBe(400);
      expect((await agent.patch('/v1/user', { role: 'OWNER' })).status).toBe(400);
      expect((await agent.patch('/v1/user', { freeAgent: 'yes' })).status).toBe(400);
      expect((await findUserRow(server.db, player.id)).role).toBe('USER');
      const guest = await server.agent().patch('/v1/user', { freeAgent: true });
      expect(guest.body).toEqual({ message: SERVER.unauthenticated });
    });
  });

  describe('GET /v1/team/{id}', () => {
    it('answers the roster captain first, the counts, and up to 3 undecided matches per live season', async () => {
      const { team, captain, members } = await newTeam(server, { players: 2, kr: 1200 });
      const rival = await newTeam(server);
      const admin = await as((await insertUser(server.db, { role: 'ADMIN' })).discordName);
      const seasonId = await createSeason(admin, { name: 'Spring Cup' });
      await server.db.update(seasons).set({ published: true }).where(eq(seasons.id, seasonId));
      await setSeasonType(server, seasonId, 'GROUP_STAGES');
      await server.db.insert(seasonEntries).values([{ seasonId, teamId: team.id }, { seasonId, teamId: rival.team.id }]);
      const [division] = await server.db.insert(seasonDivisions).values({ seasonId, name: 'Division 1', position: 0 }).returning();
      const match = (dueByDate: number, winningTeam: 'TeamA' | null = null) => ({
        seasonId,
        divisionId: division.id,
        matchType: 'GROUP_STAGE' as const,
        roundType: 'GROUPS' as const,
        teamAId: team.id,
        teamBId: rival.team.id,
        dueByDate,
        winningTeam,
      });
      await server.db.insert(seasonMatches).values([match(5000), match(1000), match(3000), match(2000), match(500, 'TeamA')]);

      const res = await server.agent().get(`/v1/team/${team.id}`);
      expect(res.status).toBe(200);
      expect(is(res.body, Team)).toBe(true);
      expect(res.body.users.map((u: { id: number }) => u.id)).toEqual([captain.id, ...members.map((m) => m.id)]);
      expect(res.body.users[0].teamRole).toBe('CAPTAIN');
      expect(res.body).toMatchObject({ activeSeasons: 1, averageKR: 1200 });
      expect(res.body.upcomingMatches.map((m: { dueByDate: number }) => m.dueByDate)).toEqual([1000, 2000, 3000]);
      expect(res.body.upcomingMatches[0]).toMatchObject({ seasonName: 'Spring Cup', teamA: { id: team.id }, teamB: { id: rival.team.id } });

      await setSeasonType(server, seasonId, 'COMPLETE');
      const after = (await server.agent().get(`/v1/team/${team.id}`)).body;
      expect(after).toMatchObject({ activeSeasons: 0, upcomingMatches: [] });
      expect((await server.agent().get('/v1/team/999999')).body).toEqual({ message: PROFILE.teamNotFound });
    });
  });

  describe('DELETE /v1/team/{id}/members (leave)', () => {
    it('passes the captaincy on, and the last member leaving locks the team and cancels its invites', async () => {
      const { team, captain, members, agent } = await newTeam(server, { players: 1 });
      const invitee = await insertUser(server.db);
      await server.db.insert(teamInvites).values({ teamId: team.id, userId: invitee.id });

      expect((await agent.delete(`/v1/team/${team.id}/members`)).body).toEqual({ locked: false });
      expect(await findUserRow(server.db, captain.id)).toMatchObject({ teamId: null, teamRole: null });
      expect(await findUserRow(server.db, members[0].id)).toMatchObject({ teamId: team.id, teamRole: 'CAPTAIN' });

      const last = await as(members[0].discordName);
      expect((await last.delete(`/v1/team/${team.id}/members`)).body).toEqual({ locked: true });
      const [row] = await server.db.select().from(teams).where(eq(teams.id, team.id));
      expect(row.locked).toBe(true);
      const [invite] = await server.db.select().from(teamInvites).where(eq(teamInvites.teamId, team.id));
      expect(invite.status).toBe('CANCELLED');
      const page = (await server.agent().get(`/v1/team/${team.id}`)).body;
      expect(page.users).toEqual([]);
      // A locked team stays locked.
      expect((await last.delete(`/v1/team/${team.id}/members`)).body).toEqual({ message: PROFILE.teamLocked });
    });

    it('two members leaving at once: exactly one of them locks the team, and nobody is left on it', async () => {
      const { team, captain, members, agent } = await newTeam(server, { players: 1 });
      const mate = await as(members[0].discordName);
      const answers = await Promise.all([agent.delete(`/v1/team/${team.id}/members`), mate.delete(`/v1/team/${team.id}/members`)]);
      expect(answers.map((a) => a.body.locked).sort()).toEqual([false, true]);
      expect((await findUserRow(server.db, captain.id)).teamId).toBeNull();
      expect((await findUserRow(server.db, members[0].id)).teamId).toBeNull();
      const [row] = await server.db.select().from(teams).where(eq(teams.id, team.id));
      expect(row.locked).toBe(true);
    });

    it('refuses non-members', async () => {
      const { team } = await newTeam(server, { players: 1 });
      const stranger = await as((await insertUser(server.db)).discordName);
      const refused = await stranger.delete(`/v1/team/${team.id}/members`);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: PROFILE.notMember });
    });

    it('while the team plays a season (transferMode), asks for the member’s own removal instead: they stay until an admin approves', async () => {
      const { team, members } = await newTeam(server, { players: 1 });
      const mate = await as(members[0].discordName);
      await server.db.update(teams).set({ transferMode: true }).where(eq(teams.id, team.id));
      const asked = await mate.delete(`/v1/team/${team.id}/members`);
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({ amountDue: 0, transfer: { teamId: team.id, userId: members[0].id, addPlayer: false, status: 'PENDING' } });
      const profile = (await server.agent().get(`/v1/team/${team.id}`)).body;
      expect(profile.users).toHaveLength(2);
      expect(profile.removals).toEqual([{ userId: members[0].id, status: 'PENDING' }]);
      // Asked once: a second leave is refused while the first waits.
      expect((await mate.delete(`/v1/team/${team.id}/members`)).status).toBe(409);

      const admin = await as((await insertUser(server.db, { role: 'ADMIN' })).discordName);
      const pending = (await admin.get('/v1/transfer')).body.results.find((t: { userId: number }) => t.userId === members[0].id);
      expect((await admin.patch(`/v1/transfer/${pending.id}`, { approved: true })).status).toBe(200);
      expect((await findUserRow(server.db, members[0].id)).teamId).toBeNull();
      expect((await server.agent().get(`/v1/team/${team.id}`)).body).toMatchObject({ removals: [] });
    });
  });
});
