import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/testServer';
import { Fixtures } from './temporaryTeams.fixtures';
import { teamInvites, teams, temporaryTeams, tournaments, users } from '../../server/db/schema';

const T = (id: number) => `/v1/tournament/temporary-team/${id}`;

const server = useTestServer({ seed: true });
let fx: Fixtures;
beforeAll(async () => {
  fx = new Fixtures(server);
});

async function leagueTeam(name: string) {
  const [row] = await fx.db.insert(teams).values({ name }).returning();
  return row;
}

describe('GET /v1/transfer/user (the invites page)', () => {
  it('asks guests to sign in', async () => {
    const res = await server.agent().get('/v1/transfer/user');
    expect(res.status).toBe(401);
  });

  it('answers an empty list when nobody invited the user', async () => {
    const res = await (await fx.as(await fx.user())).get('/v1/transfer/user');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('lists tournament-team and league-team invites, newest first, each with what the page needs', async () => {
    const invitee = await fx.user();
    const league = await leagueTeam('Harbor Wolves');
    await fx.db.insert(teamInvites).values({ teamId: league.id, userId: invitee.id, isTransfer: true, createdAt: Date.now() - 60_000 });
    const tournament = await fx.tournament({ title: 'Lantern Cup' });
    const captainUser = await fx.user();
    const team = await fx.team(tournament, captainUser, [], { name: 'Lantern Lads', logoUrl: '/v1/images/1' });
    await (await fx.as(captainUser)).post(`${T(team.id)}/members/invites/${invitee.id}`);

    const res = await (await fx.as(invitee)).get('/v1/transfer/user');

    expect(res.body).toEqual([
      {
        id: expect.any(Number),
        teamId: team.id,
        teamName: 'Lantern Lads',
        teamLogoUrl: '/v1/images/1',
        tournamentId: tournament.id,
        tournamentTitle: 'Lantern Cup',
        isTransfer: false,
      },
      {
        id: expect.any(Number),
        teamId: league.id,
        teamName: 'Harbor Wolves',
        teamLogoUrl: null,
        tournamentId: null,
        tournamentTitle: null,
        isTransfer: true,
      },
    ]);
  });

  it('leaves out invites that can no longer be answered: answered, locked teams, tournaments past OPEN', async () => {
    const invitee = await fx.user();
    const answered = await leagueTeam('Answered');
    await fx.db.insert(teamInvites).values({ teamId: answered.id, userId: invitee.id, status: 'REJECTED' });
    const locked = await leagueTeam('Locked Out');
    await fx.db.update(teams).set({ locked: true }).where(eq(teams.id, locked.id));
    await fx.db.insert(teamInvites).values({ teamId: locked.id, userId: invitee.id });
    const closed = await fx.tournament({ title: 'Closed Cup' });
    const captainUser = await fx.user();
    const team = await fx.team(closed, captainUser);
    await (await fx.as(captainUser)).post(`${T(team.id)}/members/invites/${invitee.id}`);
    await fx.setStatus(closed, 'CLOSED');

    const res = await (await fx.as(invitee)).get('/v1/transfer/user');

    expect(res.body).toEqual([]);
  });

  it("shows only the signed-in user's own invites", async () => {
    const [invitee, other] = await fx.users(2);
    await fx.db.insert(teamInvites).values({ teamId: (await leagueTeam('Mine')).id, userId: invitee.id });
    const res = await (await fx.as(other)).get('/v1/transfer/user');
    expect(res.body).toEqual([]);
  });
});

describe('on the demo league', () => {
  it("a Squad Cup captain swaps a player for a free agent, who finds the invite and joins; the league logo survives the team's logo removal", async () => {
    const [squadCup] = await fx.db.select().from(tournaments).where(eq(tournaments.title, 'Squad Cup: 4v4'));
    const [team] = await fx.db.select().from(temporaryTeams).where(eq(temporaryTeams.tournamentId, squadCup.id)).limit(1);
    const [captainUser] = await fx.db.select().from(users).where(eq(users.id, team.captainId!));
    const [freeAgent] = await fx.db
      .select()
      .from(users)
      .where(and(eq(users.freeAgent, true), eq(users.banned, false)))
      .limit(1);
    const captain = await fx.as(captainUser);
    const page = (await server.agent().get(T(team.id))).body;
    expect(page.users).toHaveLength(4);
    expect(page.users[0]).toMatchObject({ id: captainUser.id, teamRole: 'CAPTAIN' });

    const full = await captain.post(`${T(team.id)}/members/invites/${freeAgent.id}`);
    expect(full.status).toBe(409);
    const leaving = page.users[3];
    expect((await captain.delete(`${T(team.id)}/members/${leaving.id}`)).status).toBe(204);
    expect((await captain.post(`${T(team.id)}/members/invites/${freeAgent.id}`)).status).toBe(200);

    const agent = await fx.as(freeAgent);
    const invites = (await agent.get('/v1/transfer/user')).body;
    expect(invites).toContainEqual(expect.objectContaining({ teamId: team.id, tournamentTitle: 'Squad Cup: 4v4' }));
    expect((await agent.patch(`${T(team.id)}/members/invites/accept`)).status).toBe(200);
    const after = (await server.agent().get(T(team.id))).body;
    expect(after.users.map((u: { id: number }) => u.id)).toContain(freeAgent.id);
    expect(after.users.map((u: { id: number }) => u.id)).not.toContain(leaving.id);

    // The tournament team started with its league team's logo: removing it must not delete the league's image.
    const sharedLogo = after.logoUrl as string;
    expect((await captain.delete(`${T(team.id)}/logo`)).status).toBe(204);
    expect((await server.agent().get(T(team.id))).body.logoUrl).toBeNull();
    expect((await server.agent().get(sharedLogo)).status).toBe(200);
  });
});
