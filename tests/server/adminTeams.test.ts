import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { is } from 'superstruct';
import { teams } from '../../server/db/schema';
import { TeamSummary } from '../../src/api/contract/team';
import { LEAGUE_TEAM, SERVER } from '../../src/domain/messages';
import { insertUser } from '../support/fixtures';
import { useTestServer } from '../support/testServer';

describe('admin teams: PATCH /v1/team/{id}/admin', () => {
  const server = useTestServer();

  const newTeam = async (name = `Team ${Math.random().toString(36).slice(2, 8)}`) =>
    (await server.db.insert(teams).values({ name, wins: 3, losses: 2, gold: 1 }).returning())[0];
  const staff = async (role: 'ADMIN' | 'OWNER' = 'ADMIN') => server.signIn((await insertUser(server.db, { role })).discordName);
  const stored = async (id: number) => (await server.db.select().from(teams).where(eq(teams.id, id)))[0];

  it('lets an admin set the name, wins, losses and trophies, and answers the edited team', async () => {
    const team = await newTeam();
    const admin = await staff();

    const res = await admin.patch(`/v1/team/${team.id}/admin`, { name: '  Renamed Rockets ', wins: 10, losses: 4, gold: 2, silver: 3, bronze: 5 });

    expect(res.status).toBe(200);
    expect(is(res.body, TeamSummary)).toBe(true);
    expect(res.body).toMatchObject({ id: team.id, name: 'Renamed Rockets', wins: 10, losses: 4, gold: 2, silver: 3, bronze: 5 });
    expect(await stored(team.id)).toMatchObject({ name: 'Renamed Rockets', wins: 10, bronze: 5 });
    // The public team list shows the edit.
    const list = await server.agent().get('/v1/team?search=Renamed%20Rockets');
    expect(list.body.results).toEqual([expect.objectContaining({ id: team.id, wins: 10, gold: 2 })]);
  });

  it('lets an owner edit, and keeps the team name when only the record changes', async () => {
    const team = await newTeam();
    const owner = await staff('OWNER');

    const res = await owner.patch(`/v1/team/${team.id}/admin`, { wins: 0, losses: 0 });

    expect(res.status).toBe(200);
    expect(await stored(team.id)).toMatchObject({ name: team.name, wins: 0, losses: 0, gold: 1 });
  });

  it('refuses a name another league team has (any case) with 409, and keeps the team as it was', async () => {
    const taken = await newTeam('Taken Name');
    const team = await newTeam();
    const admin = await staff();

    const res = await admin.patch(`/v1/team/${team.id}/admin`, { name: 'taken NAME', wins: 99 });

    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: LEAGUE_TEAM.nameTaken });
    expect(await stored(team.id)).toMatchObject({ name: team.name, wins: 3 });
    // A team may keep its own name in another case.
    expect((await admin.patch(`/v1/team/${taken.id}/admin`, { name: 'TAKEN name' })).status).toBe(200);
  });

  it.each([
    [{ name: '   ' }, LEAGUE_TEAM.teamName],
    [{ name: 'x'.repeat(41) }, LEAGUE_TEAM.teamNameTooLong],
    [{ name: 'Bad\u0000Name' }, 'Text may not contain NUL characters or invalid Unicode'],
    [{ wins: -1 }, LEAGUE_TEAM.count('wins')],
    [{ losses: 1.5 }, LEAGUE_TEAM.count('losses')],
    [{ gold: '3x' }, LEAGUE_TEAM.count('gold')],
    [{ silver: 2 ** 31 }, LEAGUE_TEAM.count('silver')],
    [{ bronze: null }, LEAGUE_TEAM.count('bronze')],
    [{ divisionWins: 4 }, 'Unknown field "divisionWins"'],
  ])('refuses %j with 400 and its message, changing nothing', async (body, message) => {
    const team = await newTeam();
    const admin = await staff();

    const res = await admin.patch(`/v1/team/${team.id}/admin`, body);

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await stored(team.id)).toMatchObject({ name: team.name, wins: 3, losses: 2, gold: 1, silver: 0, bronze: 0 });
  });

  it('answers 404 for a team that does not exist and 400 for an id that is not one', async () => {
    const admin = await staff();
    expect(await admin.patch('/v1/team/999999/admin', { wins: 1 })).toMatchObject({ status: 404, body: { message: LEAGUE_TEAM.notFound } });
    expect((await admin.patch('/v1/team/abc/admin', { wins: 1 })).status).toBe(400);
  });

  it('refuses players (403) and guests (401)', async () => {
    const team = await newTeam();
    const player = await server.signIn((await insertUser(server.db)).discordName);

    expect(await player.patch(`/v1/team/${team.id}/admin`, { wins: 50 })).toMatchObject({ status: 403, body: { message: SERVER.forbidden } });
    expect((await server.agent().patch(`/v1/team/${team.id}/admin`, { wins: 50 })).status).toBe(401);
    expect((await stored(team.id)).wins).toBe(3);
  });
});
