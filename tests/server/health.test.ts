import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabaseKind, type TestServer } from '../support/testServer';

describe('health and the SPA boundary', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
  });
  afterAll(() => server.close());

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
