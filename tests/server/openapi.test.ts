import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import Ajv2020 from 'ajv/dist/2020';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { string, type } from 'superstruct';
import { useTestServer } from '../support/testServer';
import { collectRouteDocs, openApiDocument } from '../../server/http/openapi';
import { defineRoute } from '../../server/http/route';
import { API_REFERENCE_PREFIX } from '../../server/http/apiReference';
import { seasonDivisions, seasonGroups, seasonMatches, seasons, teams, temporaryTeams, tournamentMatches, tournaments, users } from '../../server/db/schema';

type Document = ReturnType<typeof openApiDocument>;
type Operation = {
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; schema: { enum?: string[] } }[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  'x-roles': string[];
  description: string;
};

/** "METHOD /v1/path/{param}" of every operation of the document. */
const documented = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));

/** The /v1 routes of `registered` ("METHOD /v1/path/:param") the document leaves out (the reference page's own files aside). */
const undocumented = (registered: readonly string[], doc: Document) => {
  const listed = new Set(documented(doc));
  return registered
    .filter((route) => route.split(' ')[1].startsWith('/v1/') && !route.split(' ')[1].startsWith(API_REFERENCE_PREFIX))
    .filter((route) => !listed.has(route.replace(/:([A-Za-z0-9_]+)/g, '{$1}')));
};

describe('the OpenAPI document', () => {
  const server = useTestServer({ seed: true });

  it('documents every registered /v1 route', async () => {
    const res = await server.agent().get('/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as Document;
    expect(doc.openapi).toBe('3.1.0');
    expect(undocumented(server.app.registeredRoutes, doc)).toEqual([]);
    // …and nothing that is not registered.
    const registered = new Set(server.app.registeredRoutes.map((r) => r.replace(/:([A-Za-z0-9_]+)/g, '{$1}')));
    expect(documented(doc).filter((route) => !registered.has(route))).toEqual([]);
  });

  it('fails for a route registered without a declaration', async () => {
    const app = Fastify();
    const routes: string[] = [];
    app.addHook('onRoute', (route) => {
      if (route.method !== 'HEAD') routes.push(`${String(route.method)} ${route.url}`);
    });
    collectRouteDocs(app, []);
    defineRoute(app, { method: 'GET', url: '/v1/declared/:id', summary: 'Declared', access: 'public', params: type({ id: string() }), responses: type({ ok: string() }) }, () => ({ ok: 'yes' }));
    app.get('/v1/forgotten', async () => ({}));
    await app.ready();
    expect(undocumented(routes, openApiDocument(app.apiRoutes))).toEqual(['GET /v1/forgotten']);
    await app.close();
  });

  it('says for every operation who may call it, and answers errors as { message }', async () => {
    const doc = (await server.agent().get('/v1/openapi.json')).body as Document;
    const ops = Object.values(doc.paths).flatMap((ops) => Object.values(ops)) as Operation[];
    for (const op of ops) {
      expect(op['x-roles'].length).toBeGreaterThan(0);
      expect(op.description).toMatch(/Who may call it/);
    }
    const byRoute = (method: string, path: string) => (doc.paths as Record<string, Record<string, Operation>>)[path][method];
    expect(byRoute('get', '/v1/admin/audit')['x-roles']).toEqual(['OWNER']);
    expect(byRoute('post', '/v1/tournament')['x-roles']).toEqual(['ADMIN', 'OWNER']);
    expect(byRoute('patch', '/v1/user')['x-roles']).toEqual(['USER', 'ADMIN', 'OWNER']);
    expect(byRoute('get', '/v1/tournament/{id}')['x-roles']).toContain('guest');
    expect(Object.keys(byRoute('post', '/v1/tournament').responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403']));
    expect(byRoute('delete', '/v1/tournament/{id}').responses['409']).toBeDefined();
    expect(byRoute('get', '/v1/tournament/{id}').parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(doc.components.schemas.Tournament).toBeDefined();
  });

  it('serves a reference page whose scripts and styles are all its own (works offline)', async () => {
    const agent = server.agent();
    const page = await agent.raw({ method: 'GET', url: `${API_REFERENCE_PREFIX}/` });
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toMatch(/text\/html/);
    const html = String(page.body);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter((url) => /^(https?:)?\/\//.test(url))).toEqual([]);
    for (const asset of assets) {
      const res = await agent.raw({ method: 'GET', url: new URL(asset, `http://localhost${API_REFERENCE_PREFIX}/`).pathname });
      expect(res.status, asset).toBe(200);
    }
    const spec = await agent.get(`${API_REFERENCE_PREFIX}/json`);
    expect(spec.body.openapi).toBe('3.1.0');
  });
});

/**
 * The contract test: every documented GET that answers JSON, called as the seeded OWNER with ids of the seeded data,
 * answers 200 with a body the document's schema accepts.
 */
describe('the documented GETs answer what the document says', () => {
  const server = useTestServer({ seed: true });

  it('for every documented JSON GET', async () => {
    const db = server.db;
    const owner = await server.signIn('ClutchOwner');
    const first = async <T>(rows: Promise<T[]>) => {
      const [row] = await rows;
      if (!row) throw new Error('The seeded data has no row for a documented GET');
      return row;
    };
    const [tournament] = await db
      .select({ id: tournaments.id, matches: sql<number>`count(${tournamentMatches.id})::int` })
      .from(tournaments)
      .innerJoin(tournamentMatches, eq(tournamentMatches.tournamentId, tournaments.id))
      .groupBy(tournaments.id)
      .orderBy(desc(sql`count(${tournamentMatches.id})`))
      .limit(1);
    const match = await first(db.select({ id: tournamentMatches.id }).from(tournamentMatches).where(eq(tournamentMatches.tournamentId, tournament.id)).limit(1));
    const switcheroo = await first(db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.tournamentType, 'SWITCHEROO')).limit(1));
    const season = await first(db.select({ id: seasons.id }).from(seasons).where(eq(seasons.seasonType, 'PLAYOFFS')).limit(1));
    const closedSeason = await first(db.select({ id: seasons.id }).from(seasons).where(eq(seasons.seasonType, 'CLOSED')).limit(1));
    const division = await first(db.select({ id: seasonDivisions.id }).from(seasonDivisions).where(eq(seasonDivisions.seasonId, season.id)).limit(1));
    const group = await first(db.select({ id: seasonGroups.id }).from(seasonGroups).limit(1));
    const seasonMatch = await first(db.select({ id: seasonMatches.id }).from(seasonMatches).limit(1));
    const team = await first(db.select({ id: teams.id }).from(teams).limit(1));
    const temporaryTeam = await first(db.select({ id: temporaryTeams.id }).from(temporaryTeams).limit(1));
    const player = await first(db.select({ id: users.id }).from(users).where(and(eq(users.role, 'USER'), isNotNull(users.teamId))).limit(1));
    const payment = await owner.send('POST', '/v1/billing/payment', { email: 'guest@example.com', amount: 5, reference: 'Contract test' });
    expect(payment.status).toBe(200);

    /** The value of each path parameter, by the path's first segments; the rest from the parameter's enum. */
    const idFor = (path: string, name: string): string | number => {
      if (name === 'matchId') return match.id;
      if (name === 'divisionId') return division.id;
      if (name === 'groupId') return group.id;
      if (path.startsWith('/v1/tournament/temporary-team/')) return temporaryTeam.id;
      if (path.startsWith('/v1/tournament/user/') || path.startsWith('/v1/user/')) return player.id;
      if (path === '/v1/tournament/{id}/entries/switcheroo') return switcheroo.id;
      if (path.startsWith('/v1/tournament/')) return tournament.id;
      if (path === '/v1/season/{id}/preview') return closedSeason.id;
      if (path.startsWith('/v1/season/divisions/') || path.startsWith('/v1/season/division/')) return division.id;
      if (path.startsWith('/v1/season/')) return season.id;
      if (path.startsWith('/v1/team/')) return team.id;
      if (path.startsWith('/v1/match/')) return seasonMatch.id;
      throw new Error(`No seeded id for {${name}} of ${path}`);
    };
    const QUERY_VALUES: Record<string, string> = { search: 'a', clientSecret: payment.body.clientSecret };

    const doc = (await owner.get('/v1/openapi.json')).body as Document;
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
    ajv.addSchema(doc as object, 'openapi');
    const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

    const called: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      const op = ops.get;
      const schema = op?.responses['200']?.content?.['application/json']?.schema;
      if (!op || !schema) continue;
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
      const enumParam = pathParams.find((p) => p.schema.enum);
      for (const choice of enumParam?.schema.enum ?? [null]) {
        let url = path;
        for (const p of pathParams) url = url.replace(`{${p.name}}`, String(p === enumParam ? choice : idFor(path, p.name)));
        const query = (op.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=${encodeURIComponent(QUERY_VALUES[p.name])}`);
        if (query.length > 0) url += `?${query.join('&')}`;
        const res = await owner.raw({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
        expect(res.status, `GET ${url}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
        const validate = ajv.getSchema(`openapi#/${pointer('paths', path, 'get', 'responses', '200', 'content', 'application/json', 'schema')}`)!;
        const body = typeof res.body === 'string' ? JSON.parse(res.body) : res.body;
        expect(validate(body), `GET ${url}: ${ajv.errorsText(validate.errors)}`).toBe(true);
        called.push(`GET ${path}`);
      }
    }
    // Every JSON GET of the document was called (a sanity floor: the API has dozens).
    expect(new Set(called).size).toBeGreaterThan(40);
  }, 120_000);
});
