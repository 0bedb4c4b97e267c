import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestServer, type Agent, type Reply } from '../support/testServer';
import { seasonEntries, seasons } from '../../server/db/schema';
import { createSeason, newTeam } from './seasons.fixtures';
import { seasonInGroupStages } from './seasonMatches.fixtures';
import { createAdmin, createUser } from './bracketsKit';

/**
 * Issue 26, finding 2: every call about an unpublished season (its divisions, groups and matches included) answers
 * as if it did not exist, for everyone but staff: exactly what the same call answers for an id that does not exist.
 */
describe('unpublished seasons', () => {
  const server = useTestServer();
  let admin: Agent;
  beforeAll(async () => {
    admin = await server.signIn(await createAdmin(server.db));
  });
  const hide = (id: number) => server.db.update(seasons).set({ published: false }).where(eq(seasons.id, id));
  const MISSING = 999_999;

  it("refuses a captain's entry into an unpublished season exactly as for a missing one, and lets staff see it", async () => {
    const hidden = await createSeason(admin);
    await hide(hidden);
    const { team, agent: captain } = await newTeam(server, { players: 3 });

    const join = await captain.post(`/v1/billing/join-season/${hidden}/${team.id}`, { termsAccepted: true });
    const missing = await captain.post(`/v1/billing/join-season/${MISSING}/${team.id}`, { termsAccepted: true });

    expect(join.status).toBe(404);
    expect(join.body).toEqual(missing.body);
    const entries = await server.db.select().from(seasonEntries).where(and(eq(seasonEntries.seasonId, hidden), eq(seasonEntries.teamId, team.id)));
    expect(entries).toEqual([]);
    expect((await admin.get(`/v1/season/${hidden}`)).status).toBe(200);
  });

  /** Which kind of id a route's parameter names: every route taking one is checked below. */
  const kindOf = (route: string, param: string): 'season' | 'division' | 'group' | 'match' | 'team' | null => {
    if (param === 'seasonId' || (param === 'id' && /^\w+ \/v1\/season\/:id(\/|$)/.test(route))) return 'season';
    if (param === 'divisionId' || (param === 'id' && /\/v1\/season\/(divisions|division)\/:id/.test(route))) return 'division';
    if (param === 'groupId') return 'group';
    if (param === 'id' && /^\w+ \/v1\/match\/:id(\/|$)/.test(route)) return 'match';
    if (param === 'teamId' && route.includes('season')) return 'team';
    return null;
  };

  it('answers every call naming an unpublished season, division, group or match as for a missing id, to guests, players and captains', async () => {
    const season = await seasonInGroupStages(server, admin, 4);
    const [match] = await season.groupMatches();
    await hide(season.id);
    const ids = { season: season.id, division: match.divisionId, group: match.groupId as number, match: match.id, team: match.teamAId as number };
    const callers: Record<string, Agent> = {
      guest: server.agent(),
      player: await server.signIn(await createUser(server.db)),
      captain: season.captainOf(match.teamAId as number),
    };

    const routes = server.app.registeredRoutes.filter((r) => r.includes(' /v1/') && [...r.matchAll(/:(\w+)/g)].some(([, p]) => ['season', 'division', 'group', 'match'].includes(kindOf(r, p) ?? '')));
    // The routes the issue names are among them (a renamed route must not drop out of this check silently).
    expect(routes).toEqual(expect.arrayContaining(['POST /v1/billing/join-season/:seasonId/:teamId', 'GET /v1/season/:id', 'GET /v1/season/divisions/:id', 'GET /v1/match/:id', 'POST /v1/match/:id', 'GET /v1/season/division/:id/events']));

    const call = (agent: Agent, route: string, hiddenParam: string | null): Promise<Reply> => {
      const [method, pattern] = route.split(' ');
      const path = pattern.replace(/:(\w+)/g, (_m, p: string) => {
        const kind = kindOf(route, p);
        if (p === hiddenParam) return String(MISSING);
        return String(kind ? ids[kind] : MISSING);
      });
      const body = route === 'POST /v1/match/:id' ? { entryAScore: 2, entryBScore: 1 } : route.includes('join-season') ? { termsAccepted: true } : {};
      return method === 'GET' ? agent.get(path) : agent.send(method as 'POST', path, body);
    };

    const leaks: string[] = [];
    for (const route of routes) {
      const hiddenParams = [...route.matchAll(/:(\w+)/g)].map(([, p]) => p).filter((p) => ['season', 'division', 'group', 'match'].includes(kindOf(route, p) ?? ''));
      for (const [who, agent] of Object.entries(callers)) {
        for (const param of hiddenParams) {
          // The hidden id first: a call that got through would change something, and is caught either way.
          const hidden = await call(agent, route, null);
          const missing = await call(agent, route, param);
          if (hidden.status !== missing.status || JSON.stringify(hidden.body) !== JSON.stringify(missing.body)) {
            leaks.push(`${route} as ${who}: hidden ${hidden.status} ${JSON.stringify(hidden.body)}, missing :${param} ${missing.status} ${JSON.stringify(missing.body)}`);
          }
        }
      }
    }
    expect(leaks).toEqual([]);
    // The captain's report did not count.
    expect((await season.match(match.id)).teamAScoreA).toBeNull();

    // Staff read all of it.
    for (const path of [`/v1/season/${ids.season}`, `/v1/season/divisions/${ids.division}`, `/v1/match/division/${ids.division}`, `/v1/match/group/${ids.group}`, `/v1/match/${ids.match}`]) {
      expect((await admin.get(path)).status, path).toBe(200);
    }
  }, 120_000);
});
