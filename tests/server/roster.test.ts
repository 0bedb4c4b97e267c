import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { temporaryTeamMembers } from '../../server/db/schema';
import { useTestServer } from '../support/testServer';
import { Fixtures } from './temporaryTeams.fixtures';

const T = (id: number) => `/v1/tournament/temporary-team/${id}`;

const server = useTestServer();
let fx: Fixtures;
beforeAll(() => {
  fx = new Fixtures(server);
});

/** Moves a member to another slot (a later joiner may sit higher on the sheet: the pairing board seats anyone anywhere). */
async function seat(teamId: number, userId: number, slot: number) {
  await fx.db
    .update(temporaryTeamMembers)
    .set({ slot })
    .where(and(eq(temporaryTeamMembers.teamId, teamId), eq(temporaryTeamMembers.userId, userId)));
}

describe('captain succession: the longest-standing member takes over', () => {
  it('when the captain of a team tournament leaves, whatever slot the members sit in', async () => {
    const tournament = await fx.tournament({ teamLimit: 3 });
    const [captainUser, senior, junior] = await fx.users(3);
    const team = await fx.team(tournament, captainUser, [senior, junior]);
    await seat(team.id, senior.id, 5);

    expect((await (await fx.as(captainUser)).delete(`${T(team.id)}/members`)).status).toBe(200);

    const page = (await server.agent().get(T(team.id))).body;
    expect(page.captainId).toBe(senior.id);
    expect(page.users.map((u: { id: number; teamRole: string }) => [u.id, u.teamRole])).toEqual([
      [senior.id, 'CAPTAIN'],
      [junior.id, 'PLAYER'],
    ]);
  });

  it("when staff remove a SWITCHEROO captain's sign-up, as when the captain leaves", async () => {
    const tournament = await fx.tournament({ tournamentType: 'SWITCHEROO', status: 'CLOSED', signUpLimit: 8 });
    const [captainUser, senior, junior] = await fx.users(3);
    for (const u of [captainUser, senior, junior]) await fx.signUp(tournament, u);
    const team = await fx.team(tournament, captainUser, [senior, junior]);
    await seat(team.id, senior.id, 3);
    const captainEntry = (await fx.entriesOf(tournament)).find((e) => e.userId === captainUser.id)!;
    const admin = await fx.as(await fx.user({ role: 'ADMIN' }));

    expect((await admin.delete(`/v1/tournament/${tournament.id}/entries/${captainEntry.id}`)).status).toBeLessThan(300);

    const page = (await server.agent().get(T(team.id))).body;
    expect(page.captainId).toBe(senior.id);
    expect(page.users.map((u: { id: number }) => u.id)).toEqual([senior.id, junior.id]);
  });
});

describe('a team whose last member leaves is locked for good', () => {
  it('in a team tournament: locked, no captain, its entry withdrawn', async () => {
    const tournament = await fx.tournament({ teamLimit: 2 });
    const captainUser = await fx.user();
    const team = await fx.team(tournament, captainUser);

    const res = await (await fx.as(captainUser)).delete(`${T(team.id)}/members`);

    expect(res.body).toEqual({ locked: true });
    expect(await fx.teamRow(team.id)).toMatchObject({ locked: true, captainId: null });
    expect((await fx.entriesOf(tournament)).filter((e) => e.temporaryTeamId === team.id)).toEqual([]);
  });

  it("in a SWITCHEROO: removing the last paired player's sign-up locks the team until staff seat players in it again", async () => {
    const tournament = await fx.tournament({ tournamentType: 'SWITCHEROO', status: 'CLOSED', signUpLimit: 8 });
    const [only, next] = await fx.users(2);
    for (const u of [only, next]) await fx.signUp(tournament, u);
    const team = await fx.team(tournament, only);
    const entry = (await fx.entriesOf(tournament)).find((e) => e.userId === only.id)!;
    const admin = await fx.as(await fx.user({ role: 'ADMIN' }));

    await admin.delete(`/v1/tournament/${tournament.id}/entries/${entry.id}`);

    expect(await fx.teamRow(team.id)).toMatchObject({ locked: true, captainId: null });
    const saved = await admin.post(`/v1/tournament/${tournament.id}/switcheroo/teams`, {
      teams: [{ id: team.id, name: team.name, slots: [next.id] }],
    });
    expect(saved.status).toBe(200);
    expect(await fx.teamRow(team.id)).toMatchObject({ locked: false, captainId: next.id });
  });
});
