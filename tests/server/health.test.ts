import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, useTestServer, testDatabaseKind } from '../support/testServer';

describe('health and the SPA boundary', () => {
  const server = useTestServer({ seed: true });

  it('reports the database it runs on', async () => {
    const res = await server.agent().get('/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: testDatabaseKind() });
  });

  it('answers while a long transaction holds the database, from its last check and with that check’s age', async () => {
    const agent = server.agent();
    expect((await agent.get('/v1/health')).body).toEqual({ status: 'ok', database: testDatabaseKind() });
    let release!: () => void;
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    // With PGlite this transaction holds the only connection: a health check that waited for it would never answer.
    const transaction = server.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      entered();
      await held;
    });
    await inside;
    try {
      const res = await agent.get('/v1/health');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'ok', database: testDatabaseKind() });
      if (testDatabaseKind() === 'pglite') expect(res.body.checkedMsAgo).toEqual(expect.any(Number));
    } finally {
      release();
      await transaction;
    }
    expect((await agent.get('/v1/health')).body).toMatchObject({ status: 'ok', database: testDatabaseKind() });
  });

  it('answers 503 with a message when the database is down', async () => {
    const down = await startTestServer();
    const { close } = down.database;
    try {
      await close();
      const res = await down.agent().get('/v1/health');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'unavailable', database: testDatabaseKind(), message: 'The database is not answering' });
    } finally {
      // Closed already: the harness's own close must not close it twice (and still drops a PostgreSQL database).
      down.database.close = async () => undefined;
      await down.close();
    }
  });

  it('answers an unknown /v1 path with 404 and a message', async () => {
    const res = await server.agent().get('/v1/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/No route/);
  });

  it('lists seeded players with the banned user hidden', async () => {
    const all = await server.agent().get('/v1/user?perPage=100');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(123);
    const banned = await server.agent().get('/v1/user?search=BannedBrawler');
    expect(banned.body.total).toBe(0);
  });
});

describe('serving the SPA', () => {
  let dir = '';
  beforeAll(async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    dir = mkdtempSync(join(tmpdir(), 'clutch-spa-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'app-1.js'), 'console.log(1)');
  });
  const server = useTestServer(() => ({ config: { staticDir: dir } }));

  it('answers deep links with index.html (history fallback), uncached', async () => {
    const res = await server.agent().get('/tournaments/3/details');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves built assets as immutable and a missing one as 404, never as HTML', async () => {
    const asset = await server.agent().get('/assets/app-1.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await server.agent().get('/assets/app-0.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
  });
});
