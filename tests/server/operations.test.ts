import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { startTestServer, testDatabaseKind, useTestServer, type TestServer } from '../support/testServer';
import { SseClient } from '../support/sseClient';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { tournamentMatches } from '../../server/db/schema';
import { createTournament } from './bracketsKit';

/** Issue 24: metrics, liveness and readiness, rate limits across instances. */

/** The value of one sample of a Prometheus text exposition (`name{labels}`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([^}]*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[3] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[4]);
  }
  return undefined;
}

describe('metrics (on a port of their own, behind a token) and rate limits', () => {
  const server = useTestServer({ config: { metrics: { port: 0, host: '127.0.0.1', token: 'scrape-me' } } });
  let metricsUrl = '';
  let base = '';
  const clients: SseClient[] = [];
  beforeAll(async () => {
    metricsUrl = (await server.app.metrics!.listen())!;
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  const scrape = async () => {
    const res = await fetch(metricsUrl, { headers: { authorization: 'Bearer scrape-me' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('refuses a scrape without the token, and the main port does not serve them', async () => {
    expect((await fetch(metricsUrl)).status).toBe(401);
    expect((await fetch(metricsUrl, { headers: { authorization: 'Bearer wrong-token' } })).status).toBe(401);
    expect((await server.agent().get('/metrics')).status).toBe(404);
  });

  it('counts requests by route pattern and status, with latency histograms', async () => {
    const f = await createTournament(server.db, { ranks: [1500, 1400, 1300, 1200] });
    const agent = server.agent();
    for (let i = 0; i < 3; i++) expect((await agent.get(`/v1/tournament/${f.tournamentId}`)).status).toBe(200);
    expect((await agent.get('/v1/tournament/999999')).status).toBe(404);
    // Event-loop figures are measured between scrapes: the first scrape starts them.
    await scrape();
    await new Promise((r) => setTimeout(r, 50));
    const text = await scrape();
    const ok = { method: 'GET', route: '/v1/tournament/:id', status: '200' };
    expect(sample(text, 'clutch_http_request_duration_seconds_count', ok)).toBe(3);
    expect(sample(text, 'clutch_http_request_duration_seconds_count', { ...ok, status: '404' })).toBe(1);
    expect(sample(text, 'clutch_http_request_duration_seconds_bucket', { ...ok, le: '+Inf' })).toBe(3);
    // Database time, pool use (PostgreSQL), event-loop lag, memory.
    expect(sample(text, 'clutch_db_query_duration_seconds_count')).toBeGreaterThan(3);
    if (testDatabaseKind() === 'postgres') expect(sample(text, 'clutch_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'clutch_instance_phase', { phase: 'serving' })).toBe(1);
    expect(sample(text, 'clutch_live_listening')).toBe(1);
  });

  it('counts live clients and times the delivery of each change to them', async () => {
    const f = await createTournament(server.db, { ranks: [1500, 1400, 1300, 1200] });
    const before = sample(await scrape(), 'clutch_live_delivery_lag_seconds_count') ?? 0;
    const client = await SseClient.open(`${base}/v1/tournament/${f.tournamentId}/events`);
    clients.push(client);
    await client.next('ready');
    expect(sample(await scrape(), 'clutch_sse_clients')).toBe(1);
    const [row] = await server.db.select().from(tournamentMatches).where(eq(tournamentMatches.tournamentId, f.tournamentId)).limit(1);
    await server.db.update(tournamentMatches).set({ dueByDate: 123 }).where(eq(tournamentMatches.id, row.id));
    await client.next('matches');
    await server.app.live.settled();
    const text = await scrape();
    expect(sample(text, 'clutch_live_delivery_lag_seconds_count')).toBeGreaterThan(before);
    client.close();
    for (let i = 0; i < 50 && sample(await scrape(), 'clutch_sse_clients') !== 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(sample(await scrape(), 'clutch_sse_clients')).toBe(0);
  });

  it('counts payments by outcome, once each', async () => {
    const guest = server.agent();
    const pay = async (cardNumber: string) => {
      const created = await guest.post('/v1/billing/payment', { email: 'fan@example.com', amount: 5, reference: 'INV-1' });
      expect(created.status).toBe(200);
      const confirmed = await guest.post('/v1/billing/local/confirm', { clientSecret: created.body.clientSecret, cardNumber });
      expect(confirmed.status).toBe(200);
      // A replayed confirmation changes nothing and counts nothing.
      await guest.post('/v1/billing/local/confirm', { clientSecret: created.body.clientSecret, cardNumber });
    };
    await pay('4242424242424242');
    await pay('4000000000000002');
    const text = await scrape();
    expect(sample(text, 'clutch_payments_total', { outcome: 'created' })).toBe(2);
    expect(sample(text, 'clutch_payments_total', { outcome: 'succeeded' })).toBe(1);
    expect(sample(text, 'clutch_payments_total', { outcome: 'failed' })).toBe(1);
  });

  it('serves /metrics on the main port, behind the bearer token, when no metrics port is set', async () => {
    const app = await buildApp({ config: { ...server.config, metrics: { host: '127.0.0.1', token: 'scrape-me' } }, database: server.database });
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-me' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('# TYPE clutch_http_request_duration_seconds histogram');
    } finally {
      await app.close();
    }
  });

  it('drops a request whose client left before it was read, instead of failing on it (a timed-out health check)', async () => {
    // A request as Node hands it over when its connection is already gone: no remote address.
    const req = new IncomingMessage(new Socket());
    Object.assign(req, { method: 'GET', url: '/v1/user', headers: { host: 'localhost' } });
    req.push(null);
    const res = new ServerResponse(req);
    const before = sample(await scrape(), 'clutch_http_request_duration_seconds_count', { method: 'GET', route: '/v1/user', status: '500' });
    server.app.server.emit('request', req, res);
    for (let i = 0; i < 100 && !res.headersSent; i++) await new Promise((r) => setTimeout(r, 10));
    expect(res.statusCode).toBe(499);
    expect(sample(await scrape(), 'clutch_http_request_duration_seconds_count', { method: 'GET', route: '/v1/user', status: '500' })).toBe(before);
  });

  describe('rate limits of two instances on one database', () => {
    const extra: { app: FastifyInstance; database: Database }[] = [];
    afterAll(async () => {
      for (const { app, database } of extra) {
        await app.close();
        if (database !== server.database) await database.close();
      }
    });
    /** Another instance on the same data (PostgreSQL: its own pool; PGlite: the same database object). */
    const instance = async (config: Partial<typeof server.config>) => {
      const database = server.databaseUrl ? await openDatabase({ databaseUrl: server.databaseUrl, dataDir: 'memory://' }) : server.database;
      const app = await buildApp({ config: { ...server.config, metrics: undefined, ...config }, database });
      extra.push({ app, database });
      return app;
    };
    const call = (app: FastifyInstance, ip: string) => app.inject({ method: 'GET', url: '/v1/user', remoteAddress: ip }).then((r) => r.statusCode);

    it('counts per instance by default: each instance allows the limit', async () => {
      const a = await instance({ rateLimitMax: 3 });
      const b = await instance({ rateLimitMax: 3 });
      const ip = '10.0.0.1';
      expect([await call(a, ip), await call(a, ip), await call(a, ip)]).toEqual([200, 200, 200]);
      expect([await call(b, ip), await call(b, ip), await call(b, ip)]).toEqual([200, 200, 200]);
      expect(await call(a, ip)).toBe(429);
    });

    it.runIf(testDatabaseKind() === 'postgres')('shares the count across instances with RATE_LIMIT_STORE=postgres', async () => {
      const a = await instance({ rateLimitMax: 3, rateLimitStore: 'postgres' });
      const b = await instance({ rateLimitMax: 3, rateLimitStore: 'postgres' });
      const ip = '10.0.0.2';
      expect([await call(a, ip), await call(b, ip), await call(a, ip)]).toEqual([200, 200, 200]);
      const refused = await b.inject({ method: 'GET', url: '/v1/user', remoteAddress: ip });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: 'Too many requests, please slow down' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another client has its own count.
      expect(await call(b, '10.0.0.3')).toBe(200);
    });
  });
});

describe('liveness and readiness', () => {
  let server: TestServer;
  let app: FastifyInstance;
  beforeAll(async () => {
    server = await startTestServer();
    // An instance as server/instance.ts builds it: listening before its migrations are known to be done.
    app = await buildApp({ config: server.config, database: server.database, starting: true });
  });
  afterAll(async () => {
    await app.close();
    await server.close();
  });
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };

  it('is alive but not ready while starting, and /v1 answers 503 until then', async () => {
    expect(await get('/v1/health/live')).toEqual({ status: 200, body: { status: 'alive', phase: 'starting' } });
    expect(await get('/v1/health/ready')).toEqual({
      status: 503,
      body: {
        status: 'starting',
        database: testDatabaseKind(),
        message: 'Migrations are not done yet',
        checks: { migrated: false, listening: true, database: true },
      },
    });
    expect(await get('/v1/user')).toEqual({ status: 503, body: { message: 'Clutch is starting, please try again in a moment' } });
  });

  it('is ready once migrated, listening and the database answers; not ready when draining', async () => {
    app.lifecycle.serving();
    expect(await get('/v1/health/ready')).toEqual({ status: 200, body: { status: 'ready', database: testDatabaseKind() } });
    expect((await get('/v1/user')).status).toBe(200);
    app.lifecycle.drain();
    const draining = await app.inject({ method: 'GET', url: '/v1/health/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ status: 'draining', message: 'This instance is shutting down' });
    // Still answered while draining, but the connection closes after it: the client's next call goes elsewhere.
    const served = await app.inject({ method: 'GET', url: '/v1/user' });
    expect(served.statusCode).toBe(200);
    expect(served.headers.connection).toBe('close');
    expect((await get('/v1/health/live')).body).toEqual({ status: 'alive', phase: 'draining' });
  });

  it('is not ready without its LISTEN connection, nor when the database is down', async () => {
    // The last test of the block: it stops what the others used.
    await server.app.live.close();
    await app.live.close();
    const deaf = await server.app.inject({ method: 'GET', url: '/v1/health/ready' });
    expect(deaf.statusCode).toBe(503);
    expect(deaf.json()).toMatchObject({ status: 'unavailable', message: 'Live updates are not connected to the database', checks: { listening: false } });

    await server.database.close();
    server.database.close = async () => undefined;
    const down = await server.app.inject({ method: 'GET', url: '/v1/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'unavailable', message: 'The database is not answering', checks: { database: false } });
    // Any call that needs the database says so too, with 503 rather than 500.
    const call = await server.app.inject({ method: 'GET', url: '/v1/user' });
    expect(call.statusCode).toBe(503);
    expect(call.json()).toEqual({ message: 'The database is not answering' });
  });
});
