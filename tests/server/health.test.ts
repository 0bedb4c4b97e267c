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
    const { mkdtempSync, mkdirSync, readFileSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    dir = mkdtempSync(join(tmpdir(), 'clutch-spa-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'app-1.js'), 'console.log(1)');
    // What the build writes beside each text file (vite.config.ts, precompress).
    const { brotliCompressSync, gzipSync } = await import('node:zlib');
    for (const file of ['index.html', 'assets/app-1.js']) {
      const raw = readFileSync(join(dir, file));
      writeFileSync(join(dir, `${file}.br`), brotliCompressSync(raw));
      writeFileSync(join(dir, `${file}.gz`), gzipSync(raw));
    }
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

  it('sends the compressed copy the browser accepts (brotli first), the plain file otherwise, and varies on it', async () => {
    const fetchAs = (url: string, encoding?: string) =>
      server.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    for (const url of ['/assets/app-1.js', '/tournaments/3/details']) {
      const br = await fetchAs(url, 'gzip, deflate, br');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toMatch(/accept-encoding/);
      const gz = await fetchAs(url, 'gzip');
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      const plain = await fetchAs(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(plain.body);
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(plain.body);
      expect(br.headers['content-type'], url).toBe(plain.headers['content-type']);
      expect(br.headers['cache-control'], url).toBe(url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
  });

  it('revalidates index.html by its ETag (304 when unchanged)', async () => {
    const first = await server.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(first.headers.etag).toBeTruthy();
    const again = await server.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});

describe('compressed JSON answers', () => {
  const server = useTestServer({ seed: true });
  const get = (url: string, encoding?: string) =>
    server.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('compresses a JSON answer of 1 KB and more when accepted (brotli, else gzip), and sends the same JSON', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const plain = await get('/v1/user?perPage=100');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await get('/v1/user?perPage=100', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get('/v1/user?perPage=100', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers and 304s as they are', async () => {
    const small = await get('/v1/auth/session', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ user: null });
  });

  it('does not compress the bracket read again: it is gzipped once per version', async () => {
    const { gunzipSync } = await import('node:zlib');
    const res = await get('/v1/tournament/8/match', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).length).toBeGreaterThan(1000);
    const again = await server.app.inject({ method: 'GET', url: '/v1/tournament/8/match', headers: { 'accept-encoding': 'gzip, br', 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-encoding']).toBeUndefined();
  });
});
