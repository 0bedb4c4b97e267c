import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { teams, temporaryTeams, tournamentEntries, users } from '../../server/db/schema';
import { useTestServer, type Agent, type Reply } from '../support/testServer';
import { insertUser } from '../support/fixtures';
import { expectedOutcome, ROLES, ROUTE_TABLE, type Outcome, type Role, type Row } from '../support/routeTable';
import { createTournament } from './tournaments.fixtures';
import { createSeason } from './seasons.fixtures';

/** Every registered /v1 route × every kind of caller, against the expected outcomes of tests/support/routeTable.ts. */
describe('authorization matrix', () => {
  const server = useTestServer({ seed: true });
  const people = {} as Record<'captain' | 'member' | 'player', typeof users.$inferSelect>;
  const agents = {} as Record<Role, Agent>;
  /** Sessions that only build fixtures (the callers' own sessions may be signed out by the routes under test). */
  const setup = {} as Record<'admin' | 'captain', Agent>;

  /** The league team {captain} captains with {member} in it (joins only ever happen to a fresh season). */
  let leagueTeam: number;
  let banned: typeof users.$inferSelect;
  /** Fresh sessions for everyone (the banned player signs in before the ban, as one who was banned while signed in). */
  const signInAll = async () => {
    await server.database.db.update(users).set({ banned: false }).where(eq(users.id, banned.id));
    agents.banned = await server.agent().signIn(banned.discordName);
    await server.database.db.update(users).set({ banned: true }).where(eq(users.id, banned.id));
    agents.guest = server.agent();
    for (const role of ['player', 'member', 'captain'] as const) agents[role] = await server.agent().signIn(people[role].discordName);
    agents.admin = await server.agent().signIn('AdminAce');
    agents.owner = await server.agent().signIn('ClutchOwner');
  };

  /** A fresh league team for {captain} and {member} ({player} on no team): the league team routes change rosters. */
  const freshLeagueTeam = async () => {
    const db = server.database.db;
    [{ id: leagueTeam }] = await db.insert(teams).values({ name: `Matrix League ${Date.now()}${Math.random()}` }).returning();
    for (const [role, teamRole] of [['captain', 'CAPTAIN'], ['member', 'PLAYER']] as const)
      await db.update(users).set({ teamId: leagueTeam, teamRole }).where(eq(users.id, people[role].id));
    await db.update(users).set({ teamId: null, teamRole: null }).where(eq(users.id, people.player.id));
  };

  beforeAll(async () => {
    for (const role of ['player', 'member', 'captain'] as const) people[role] = await insertUser(server.database.db, { discordName: `Matrix${role}` });
    banned = await insertUser(server.database.db, { discordName: 'MatrixBanned' });
    await freshLeagueTeam();
    setup.admin = await server.agent().signIn('AdminAce');
    setup.captain = await server.agent().signIn(people.captain.discordName);
    await signInAll();
  });

  const apiRoutes = () => server.app.registeredRoutes.filter((r) => r.split(' ')[1].startsWith('/v1/'));

  it('has an expected outcome for every registered /v1 route, and no row for a route that is gone', () => {
    expect(apiRoutes().filter((route) => !(route in ROUTE_TABLE))).toEqual([]);
    expect(Object.keys(ROUTE_TABLE).filter((route) => !apiRoutes().includes(route))).toEqual([]);
  });

  /**
   * A fresh OPEN team tournament whose temporary team is captained by `captain` with `member` on it, and a fresh
   * OPEN free season the league team has not joined (only for a row whose path names {season}: it keeps the matrix fast).
   */
  async function fixture(row: Row) {
    const tournament = await createTournament(setup.admin, { teamLimit: 2 });
    const joined = await setup.captain.post(`/v1/billing/join-tournament/${tournament}/${people.captain.id}`, { name: `Matrix ${tournament}` });
    expect(joined.body).toBe(true);
    const [team] = await server.database.db.select().from(temporaryTeams).where(eq(temporaryTeams.tournamentId, tournament));
    const [entry] = await server.database.db.select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, tournament));
    const added = await setup.admin.post(`/v1/tournament/temporary-team/${team.id}/admin/members/${people.member.id}`);
    expect(added.status).toBeLessThan(300);
    const victim = await insertUser(server.database.db);
    const season = row.path?.includes('{season}') ? await createSeason(setup.admin) : 0;
    if (row.path?.includes('{leagueTeam}')) await freshLeagueTeam();
    return {
      tournament, team: team.id, entry: entry.id, captain: people.captain.id, member: people.member.id, player: people.player.id,
      victim: victim.id, season, leagueTeam,
    };
  }

  const outcomeOf = (res: Reply): Outcome | 'server error' | 'csrf' =>
    res.status >= 500 ? 'server error' : res.status === 419 ? 'csrf' : res.status === 401 || res.status === 403 ? (res.status as 401 | 403) : 'pass';

  it('answers every route as its row expects, for every caller', async () => {
    const mismatches: string[] = [];
    for (const route of apiRoutes()) {
      const row: Row | undefined = ROUTE_TABLE[route];
      if (!row) continue;
      const [method, url] = route.split(' ');
      let ids = await fixture(row);
      let changed = false;
      for (const role of ROLES) {
        // After a call that got through and may have changed something (leaving, disbanding), the next caller gets a
        // fresh fixture: one caller's change must not decide what the next one is answered. Refused calls change nothing.
        if (changed) ids = await fixture(row);
        const path = (row.path ?? url.replace(/:\w+/g, '999999')).replace(/\{(\w+)\}/g, (_m, key: keyof typeof ids) => String(ids[key]));
        const agent = agents[role];
        const res =
          method === 'GET' ? await agent.get(path) : await agent.send(method as 'POST' | 'PATCH' | 'PUT' | 'DELETE', path, row.body);
        const got = outcomeOf(res);
        changed = method !== 'GET' && got === 'pass';
        const want = expectedOutcome(row, role);
        if (got !== want) mismatches.push(`${route} as ${role}: expected ${want}, got ${res.status} ${JSON.stringify(res.body)}`);
      }
      if (route === 'POST /v1/auth/logout' || route === 'POST /v1/auth/refresh') await signInAll();
    }
    expect(mismatches).toEqual([]);
  }, 300_000);
});
