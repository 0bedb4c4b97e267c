import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, testDatabaseKind } from '../support/testServer';

describe('health and the SPA boundary', () => {
  const server = useTestServer({ seed: true });

  it('reports the database it runs on', async () => {
    const res = await server.agent().get('/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: testDatabaseKind() });
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
