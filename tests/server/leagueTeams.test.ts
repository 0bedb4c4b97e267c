import { describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { eq } from 'drizzle-orm';
import { Team, TeamManagementRows } from '../../src/api/contract/team';
import { LEAGUE_TEAM, SERVER } from '../../src/domain/messages';
import { LEAGUE_TEAM_SIZE } from '../../src/domain/constants';
import { teams, users } from '../../server/db/schema';
import { useTestServer, type Agent } from '../support/testServer';
import { findUserRow, insertUser } from '../support/fixtures';
import { TINY_PNG, upload } from './temporaryTeams.fixtures';
import { RETIRED_TEAM } from '../../server/db/seedLeagueTeams';

const TEAM = (id: number) => `/v1/team/${id}`;

describe('league teams', () => {
  const server = useTestServer();
  const as = (name: string) => server.agent().signIn(name);
  let serial = 0;

  /** A signed-in player who founds a team through POST /v1/team. */
  async function founder(name = `League Team ${++serial}${Math.random().toString(36).slice(2, 6)}`) {
    const captain = await insertUser(server.db);
    const agent = await as(captain.discordName);
    const res = await agent.post('/v1/team', { name });
    expect(res.status).toBe(201);
    return { id: res.body.id as number, captain, agent, name };
  }

  /** A fresh player with a session. */
  async function player(values: Partial<typeof users.$inferInsert> = {}) {
    const row = await insertUser(server.db, values);
    return { row, agent: await as(row.discordName) };
  }

  /** Invites the player and has them accept. */
  async function join(teamId: number, captain: Agent, invitee: { row: { id: number }; agent: Agent }) {
    expect((await captain.post(`${TEAM(teamId)}/members/invites/${invitee.row.id}`)).status).toBe(200);
    const accepted = await invitee.agent.patch(`${TEAM(teamId)}/members/invites/accept`);
    expect(accepted.status).toBe(200);
    return accepted.body as Team;
  }

  const profile = async (id: number) => (await server.agent().get(TEAM(id))).body as Team;
  const staff = async () => (await player({ role: 'ADMIN' })).agent;

  describe('POST /v1/team', () => {
    it('creates a team captained by its founder, one permanent team per player, names unique case-insensitive', async () => {
      const { id, captain, agent, name } = await founder('Night Owls');

      const page = await profile(id);
      expect(is(page, Team)).toBe(true);
      expect(page).toMatchObject({ name: 'Night Owls', transferMode: false });
      expect(page.users.map((u) => [u.id, u.teamRole])).toEqual([[captain.id, 'CAPTAIN']]);

      expect((await agent.post('/v1/team', { name: 'Second Team' })).body).toEqual({ message: LEAGUE_TEAM.youHaveATeam });
      const other = await player();
      const taken = await other.agent.post('/v1/team', { name: ` ${name.toUpperCase()} ` });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({ message: LEAGUE_TEAM.nameTaken });
      expect((await findUserRow(server.db, other.row.id)).teamId).toBeNull();
    });

    it('validates the name and needs a signed-in player', async () => {
      const { agent } = await player();
      expect((await agent.post('/v1/team', { name: '   ' })).body).toEqual({ message: LEAGUE_TEAM.teamName });
      expect((await agent.post('/v1/team', {})).body).toEqual({ message: LEAGUE_TEAM.teamName });
      expect((await agent.post('/v1/team', { name: 'x'.repeat(41) })).body).toEqual({ message: LEAGUE_TEAM.teamNameTooLong });
      expect((await agent.post('/v1/team', { name: 'a\u0000b' })).status).toBe(400);
      expect((await agent.post('/v1/team', { name: 'Fine', logoUrl: 'x' })).status).toBe(400);
      expect((await server.agent().post('/v1/team', { name: 'Guests' })).body).toEqual({ message: SERVER.unauthenticated });
    });
  });

  describe('invites', () => {
    it('invite → the invitee sees it on Team Invites → accept: on the roster, the other teams’ invites cancelled', async () => {
      const a = await founder();
      const b = await founder();
      const invitee = await player();
      const invited = await a.agent.post(`${TEAM(a.id)}/members/invites/${invitee.row.id}`);
      expect(invited.status).toBe(200);
      expect(invited.body).toMatchObject({ id: invitee.row.id, type: 'INVITE', teamRole: null, isRemoving: false, rejectedReason: null });
      await b.agent.post(`${TEAM(b.id)}/members/invites/${invitee.row.id}`);

      const rows = await a.agent.get(`${TEAM(a.id)}/members`);
      expect(is(rows.body, TeamManagementRows)).toBe(true);
      expect(rows.body.map((r: { id: number; type: string; teamRole: string | null }) => [r.id, r.type, r.teamRole])).toEqual([
        [a.captain.id, 'MEMBER', 'CAPTAIN'],
        [invitee.row.id, 'INVITE', null],
      ]);
      const pending = (await invitee.agent.get('/v1/transfer/user')).body;
      expect(pending.map((i: { teamId: number }) => i.teamId).sort()).toEqual([a.id, b.id].sort());
      expect((await a.agent.post(`${TEAM(a.id)}/members/invites/${invitee.row.id}`)).status).toBe(409);

      const accepted = await invitee.agent.patch(`${TEAM(a.id)}/members/invites/accept`);
      expect(accepted.status).toBe(200);
      expect(accepted.body.users.map((u: { id: number; teamRole: string }) => [u.id, u.teamRole])).toEqual([
        [a.captain.id, 'CAPTAIN'],
        [invitee.row.id, 'PLAYER'],
      ]);
      expect((await invitee.agent.get('/v1/transfer/user')).body).toEqual([]);
      expect((await invitee.agent.patch(`${TEAM(b.id)}/members/invites/accept`)).body).toEqual({ message: LEAGUE_TEAM.noInviteForYou });
      expect((await a.agent.get(`${TEAM(a.id)}/members`)).body.map((r: { type: string }) => r.type)).toEqual(['MEMBER', 'MEMBER']);
      // Now on a team: another invite is refused.
      expect((await b.agent.post(`${TEAM(b.id)}/members/invites/${invitee.row.id}`)).body).toEqual({
        message: LEAGUE_TEAM.onAnotherTeam(invitee.row.discordName),
      });
    });

    it('lets the invitee reject and the captain revoke; neither invite can be accepted after', async () => {
      const team = await founder();
      const [rejecting, revoked] = [await player(), await player()];
      for (const p of [rejecting, revoked]) await team.agent.post(`${TEAM(team.id)}/members/invites/${p.row.id}`);

      expect((await rejecting.agent.patch(`${TEAM(team.id)}/members/invites/reject`)).status).toBe(204);
      expect((await team.agent.post(`${TEAM(team.id)}/members/invites/${revoked.row.id}/cancel`)).status).toBe(204);

      for (const p of [rejecting, revoked]) {
        expect((await p.agent.patch(`${TEAM(team.id)}/members/invites/accept`)).status).toBe(404);
        expect((await p.agent.get('/v1/transfer/user')).body).toEqual([]);
      }
      expect((await team.agent.get(`${TEAM(team.id)}/members`)).body).toHaveLength(1);
      expect((await team.agent.post(`${TEAM(team.id)}/members/invites/${revoked.row.id}/cancel`)).body).toEqual({
        message: LEAGUE_TEAM.noInvite(revoked.row.discordName),
      });
      expect((await rejecting.agent.patch(`${TEAM(team.id)}/members/invites/reject`)).status).toBe(404);
    });

    it('refuses banned players, unknown users and a full team', async () => {
      const team = await founder();
      const banned = await insertUser(server.db, { banned: true });
      expect((await team.agent.post(`${TEAM(team.id)}/members/invites/${banned.id}`)).body).toEqual({ message: LEAGUE_TEAM.banned(banned.discordName) });
      expect((await team.agent.post(`${TEAM(team.id)}/members/invites/999999`)).status).toBe(404);
      expect((await team.agent.post(`${TEAM(team.id)}/members/invites/abc`)).status).toBe(400);
      for (let i = 1; i < LEAGUE_TEAM_SIZE; i++) await insertUser(server.db, { teamId: team.id, teamRole: 'PLAYER' });
      const late = await player();
      expect((await team.agent.post(`${TEAM(team.id)}/members/invites/${late.row.id}`)).body).toEqual({ message: LEAGUE_TEAM.full(LEAGUE_TEAM_SIZE) });
    });
  });

  describe('members', () => {
    it('promotes a member to captain (the old captain stays as PLAYER), and the captain cannot re-assign self', async () => {
      const team = await founder();
      const mate = await player();
      await join(team.id, team.agent, mate);

      expect((await team.agent.patch(`${TEAM(team.id)}/members/${team.captain.id}`)).body).toEqual({
        message: LEAGUE_TEAM.alreadyCaptain(team.captain.discordName),
      });
      expect((await team.agent.patch(`${TEAM(team.id)}/members/${mate.row.id}`)).status).toBe(204);

      const roster = (await profile(team.id)).users.map((u) => [u.id, u.teamRole]);
      expect(roster).toEqual([
        [mate.row.id, 'CAPTAIN'],
        [team.captain.id, 'PLAYER'],
      ]);
      // The old captain lost the captain's rights.
      expect((await team.agent.patch(TEAM(team.id), { name: 'Mine Again' })).body).toEqual({ message: LEAGUE_TEAM.notCaptain });
      // Staff hand it back through the admin path.
      expect((await (await staff()).patch(`${TEAM(team.id)}/admin/members/${team.captain.id}`)).status).toBe(204);
      expect((await profile(team.id)).users[0].id).toBe(team.captain.id);
    });

    it('lets the captain remove a member but not themselves; staff may remove anyone, the captain too', async () => {
      const team = await founder();
      const [one, two] = [await player(), await player()];
      await join(team.id, team.agent, one);
      await join(team.id, team.agent, two);

      expect((await team.agent.delete(`${TEAM(team.id)}/members/${team.captain.id}`)).body).toEqual({ message: LEAGUE_TEAM.captainRemovesSelf });
      expect((await one.agent.delete(`${TEAM(team.id)}/members/${two.row.id}`)).body).toEqual({ message: LEAGUE_TEAM.notCaptain });
      expect((await team.agent.delete(`${TEAM(team.id)}/members/${one.row.id}`)).status).toBe(204);
      expect(await findUserRow(server.db, one.row.id)).toMatchObject({ teamId: null, teamRole: null });
      expect((await team.agent.delete(`${TEAM(team.id)}/members/${one.row.id}`)).body).toEqual({ message: LEAGUE_TEAM.notAMember(one.row.discordName) });

      // Staff remove the captain: the captain's place passes on.
      expect((await (await staff()).delete(`${TEAM(team.id)}/admin/members/${team.captain.id}`)).status).toBe(204);
      expect((await profile(team.id)).users.map((u) => [u.id, u.teamRole])).toEqual([[two.row.id, 'CAPTAIN']]);
    });

    it('leaving passes the captaincy on; the last member leaving locks the team for good', async () => {
      const team = await founder();
      const mate = await player();
      await join(team.id, team.agent, mate);
      const waiting = await player();
      await team.agent.post(`${TEAM(team.id)}/members/invites/${waiting.row.id}`);

      expect((await team.agent.delete(`${TEAM(team.id)}/members`)).body).toEqual({ locked: false });
      expect((await profile(team.id)).users.map((u) => [u.id, u.teamRole])).toEqual([[mate.row.id, 'CAPTAIN']]);

      expect((await mate.agent.delete(`${TEAM(team.id)}/members`)).body).toEqual({ locked: true });
      expect((await profile(team.id)).users).toEqual([]);
      const [row] = await server.db.select().from(teams).where(eq(teams.id, team.id));
      expect(row.locked).toBe(true);
      // The pending invite went with it, and nobody can change the team again.
      expect((await waiting.agent.get('/v1/transfer/user')).body).toEqual([]);
      expect((await waiting.agent.patch(`${TEAM(team.id)}/members/invites/accept`)).status).toBe(404);
      expect((await (await staff()).post(`${TEAM(team.id)}/admin/members/${waiting.row.id}`)).body).toEqual({ message: LEAGUE_TEAM.locked });
      // Its founder may start again.
      expect((await team.agent.post('/v1/team', { name: `${team.name} II` })).status).toBe(201);
    });
  });

  describe('name, logo and staff tools', () => {
    it('renames (captain or staff, unique), uploads a logo (captain only) and removes it (captain or staff)', async () => {
      const team = await founder();
      const other = await founder();
      const admin = await staff();
      const mate = await player();
      await join(team.id, team.agent, mate);

      const renamed = await team.agent.patch(TEAM(team.id), { name: ' Renamed Owls ' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.name).toBe('Renamed Owls');
      expect((await team.agent.patch(TEAM(team.id), { name: other.name.toLowerCase() })).body).toEqual({ message: LEAGUE_TEAM.nameTaken });
      expect((await team.agent.patch(TEAM(team.id), { name: '' })).body).toEqual({ message: LEAGUE_TEAM.newTeamName });
      expect((await mate.agent.patch(TEAM(team.id), { name: 'Mutiny' })).status).toBe(403);
      expect((await admin.patch(TEAM(team.id), { name: 'Staff Owls' })).body.name).toBe('Staff Owls');

      expect((await upload(admin, `${TEAM(team.id)}/logo`, TINY_PNG, 'image/png')).status).toBe(403);
      expect((await upload(mate.agent, `${TEAM(team.id)}/logo`, TINY_PNG, 'image/png')).status).toBe(403);
      expect((await upload(team.agent, `${TEAM(team.id)}/logo`, Buffer.from('not an image'), 'image/png')).status).toBe(400);
      const up = await upload(team.agent, `${TEAM(team.id)}/logo`, TINY_PNG, 'image/png');
      expect(up.status).toBe(200);
      expect((await profile(team.id)).logoUrl).toBe(up.body.logoUrl);
      expect((await mate.agent.delete(`${TEAM(team.id)}/logo`)).status).toBe(403);
      expect((await admin.delete(`${TEAM(team.id)}/logo`)).status).toBe(204);
      expect((await profile(team.id)).logoUrl).toBeNull();
      expect((await server.agent().get(up.body.logoUrl)).status).toBe(404);
    });

    it('shows the management rows to members and staff only; staff force-add a player on no team', async () => {
      const team = await founder();
      const admin = await staff();
      const outsider = await player();
      expect((await outsider.agent.get(`${TEAM(team.id)}/members`)).body).toEqual({ message: LEAGUE_TEAM.notMember });
      expect((await admin.get(`${TEAM(team.id)}/members`)).status).toBe(200);
      expect((await admin.get('/v1/team/999999/members')).status).toBe(404);

      const added = await admin.post(`${TEAM(team.id)}/admin/members/${outsider.row.id}`);
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject({ id: outsider.row.id, type: 'MEMBER', teamRole: 'PLAYER' });
      expect((await outsider.agent.get(`${TEAM(team.id)}/members`)).status).toBe(200);
      const another = await founder();
      expect((await admin.post(`${TEAM(another.id)}/admin/members/${outsider.row.id}`)).body).toEqual({
        message: LEAGUE_TEAM.onAnotherTeam(outsider.row.discordName),
      });
      expect((await outsider.agent.post(`${TEAM(team.id)}/admin/members/${outsider.row.id}`)).status).toBe(403);
    });

    // Roster changes while the team plays a season (transferMode) are transfer requests: tests/server/transfers.test.ts.
  });

  describe('races', () => {
    it('lets only one of two invitees accepting at once take the last seat', async () => {
      const team = await founder();
      for (let i = 2; i < LEAGUE_TEAM_SIZE; i++) await insertUser(server.db, { teamId: team.id, teamRole: 'PLAYER' });
      const racers = [await player(), await player()];
      for (const r of racers) expect((await team.agent.post(`${TEAM(team.id)}/members/invites/${r.row.id}`)).status).toBe(200);

      const answers = await Promise.all(racers.map((r) => r.agent.patch(`${TEAM(team.id)}/members/invites/accept`)));

      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body).toEqual({ message: LEAGUE_TEAM.full(LEAGUE_TEAM_SIZE) });
      expect((await profile(team.id)).users).toHaveLength(LEAGUE_TEAM_SIZE);
    });

    it('lets a player who accepts two teams at once join only one', async () => {
      const [a, b] = [await founder(), await founder()];
      const invitee = await player();
      await a.agent.post(`${TEAM(a.id)}/members/invites/${invitee.row.id}`);
      await b.agent.post(`${TEAM(b.id)}/members/invites/${invitee.row.id}`);
      const second = await as(invitee.row.discordName);

      const answers = await Promise.all([
        invitee.agent.patch(`${TEAM(a.id)}/members/invites/accept`),
        second.patch(`${TEAM(b.id)}/members/invites/accept`),
      ]);

      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      // The loser saw the other membership (409) or found its invite already cancelled by it (404).
      expect([404, 409]).toContain(answers.find((r) => r.status !== 200)!.status);
      const rosters = await Promise.all([a.id, b.id].map(profile));
      expect(rosters.filter((t) => t.users.some((u) => u.id === invitee.row.id))).toHaveLength(1);
    });

    it('founding two teams at once with one name creates one', async () => {
      const [one, two] = [await player(), await player()];
      const answers = await Promise.all([one, two].map((p) => p.agent.post('/v1/team', { name: 'Twin Name' })));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    });
  });
});

describe('the demo league’s league teams (server/db/seedLeagueTeams.ts)', () => {
  const server = useTestServer({ seed: true });

  it('has full rosters, pending invites on the first team (the demo captain’s) and one locked team', async () => {
    const [first] = await server.db.select().from(teams).orderBy(teams.id).limit(1);
    const roster = (await server.agent().get(TEAM(first.id))).body as Team;
    expect(roster.users).toHaveLength(4);
    const captain = roster.users[0];
    expect(captain.teamRole).toBe('CAPTAIN');
    const rows = (await (await server.signIn(captain.discordName)).get(`${TEAM(first.id)}/members`)).body as TeamManagementRows;
    expect(rows.filter((r) => r.type === 'INVITE')).toHaveLength(2);

    const [retired] = await server.db.select().from(teams).where(eq(teams.name, RETIRED_TEAM));
    expect(retired.locked).toBe(true);
    expect((await server.agent().get(TEAM(retired.id))).body.users).toEqual([]);
    const ranks = (await server.agent().get('/v1/team?perPage=100')).body.results as { id: number }[];
    expect(ranks.map((t) => t.id)).not.toContain(retired.id);

    // An invited player accepts from Team Invites.
    const invitee = await findUserRow(server.db, rows.find((r) => r.type === 'INVITE')!.id);
    const agent = await server.signIn(invitee.discordName);
    expect((await agent.get('/v1/transfer/user')).body.map((i: { teamId: number }) => i.teamId)).toContain(first.id);
    expect((await agent.patch(`${TEAM(first.id)}/members/invites/accept`)).status).toBe(200);
  });
});
