import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/testServer';
import { Fixtures } from './temporaryTeams.fixtures';
import { TEMPORARY_TEAM } from '../../src/domain/messages';

const T = (id: number) => `/v1/tournament/temporary-team/${id}`;

const server = useTestServer();
let fx: Fixtures;
beforeAll(async () => {
  fx = new Fixtures(server);
});

describe('concurrent changes respect the team size and one team per tournament', () => {
  it('lets only one of several parallel accepts take the last place', async () => {
    const tournament = await fx.tournament({ teamLimit: 3 });
    const [captainUser, playerUser] = await fx.users(2);
    const team = await fx.team(tournament, captainUser, [playerUser]);
    const captain = await fx.as(captainUser);
    const invitees = await fx.users(4);
    for (const u of invitees) expect((await captain.post(`${T(team.id)}/members/invites/${u.id}`)).status).toBe(200);
    const agents = await Promise.all(invitees.map((u) => fx.as(u)));

    const answers = await Promise.all(agents.map((a) => a.patch(`${T(team.id)}/members/invites/accept`)));

    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    for (const r of answers.filter((r) => r.status === 409)) expect(r.body.message).toBe(TEMPORARY_TEAM.full(3));
    const page = (await server.agent().get(T(team.id))).body;
    expect(page.users).toHaveLength(3);
  });

  it('lets a player invited by two teams join only one of them when accepting both at once', async () => {
    const tournament = await fx.tournament();
    const [a, b, invitee] = await fx.users(3);
    const teamA = await fx.team(tournament, a);
    const teamB = await fx.team(tournament, b);
    await (await fx.as(a)).post(`${T(teamA.id)}/members/invites/${invitee.id}`);
    await (await fx.as(b)).post(`${T(teamB.id)}/members/invites/${invitee.id}`);
    const [one, two] = [await fx.as(invitee), await fx.as(invitee)];

    const answers = await Promise.all([
      one.patch(`${T(teamA.id)}/members/invites/accept`),
      two.patch(`${T(teamB.id)}/members/invites/accept`),
    ]);

    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = answers.find((r) => r.status !== 200)!;
    // The loser either saw the other membership (409) or found its invite already cancelled by it (404).
    expect([404, 409]).toContain(refused.status);
    const rosters = await Promise.all([teamA, teamB].map(async (t) => (await server.agent().get(T(t.id))).body.users));
    const memberships = rosters.filter((users) => users.some((u: { id: number }) => u.id === invitee.id));
    expect(memberships).toHaveLength(1);
  });

  it('lets only one of several parallel staff force-adds fill the last place', async () => {
    const tournament = await fx.tournament({ teamLimit: 2 });
    const team = await fx.team(tournament, await fx.user());
    const admin = await fx.as(await fx.user({ role: 'ADMIN' }));
    const candidates = await fx.users(3);

    const answers = await Promise.all(candidates.map((u) => admin.post(`${T(team.id)}/admin/members/${u.id}`)));

    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await server.agent().get(T(team.id))).body.users).toHaveLength(2);
  });

  it('does not let a leave and an accept leave the team over its size or locked with a member', async () => {
    const tournament = await fx.tournament({ teamLimit: 2 });
    const captainUser = await fx.user();
    const team = await fx.team(tournament, captainUser);
    const captain = await fx.as(captainUser);
    const invitee = await fx.user();
    await captain.post(`${T(team.id)}/members/invites/${invitee.id}`);
    const inviteeAgent = await fx.as(invitee);

    const [left, accepted] = await Promise.all([
      captain.delete(`${T(team.id)}/members`),
      inviteeAgent.patch(`${T(team.id)}/members/invites/accept`),
    ]);

    const page = (await server.agent().get(T(team.id))).body;
    expect(left.status).toBe(200);
    if (accepted.status === 200) {
      // The accept ran first: the captain's leave handed the team to the newcomer.
      expect(page).toMatchObject({ locked: false, captainId: invitee.id });
      expect(page.users.map((u: { id: number }) => u.id)).toEqual([invitee.id]);
    } else {
      // The leave ran first: the team locked and the invite went with it.
      expect(accepted.status).toBe(409);
      expect(page).toMatchObject({ locked: true, users: [] });
    }
  });
});
