import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/testServer';
import { SERVER } from '../../src/domain/messages';

/** Other spellings of the same /v1 path: the router reaches the same handler, so every hook must see it too. */
const SPELLINGS = (path: string) => [path, path.replace('/v1/', '/%761/'), path.replace('/v1/', '/%76%31/'), path.replace(/\/v1\/(\w)/, (_m, c: string) => `/v1/%${c.charCodeAt(0).toString(16)}`)];

/** A raw HTTP/1.1 request with the target exactly as given (absolute-form included), on a real socket. */
function rawRequest(port: number, method: string, target: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: target, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('path spellings of /v1 get the same CSRF check, rate limit and session', () => {
  const server = useTestServer({ seed: true, config: { rateLimitMax: 1000 } });
  let port: number;

  beforeAll(async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as AddressInfo).port;
  });

  const payment = JSON.stringify({ email: 'a@b.co', amount: 5, reference: 'INV-1' });

  it.each(SPELLINGS('/v1/billing/payment'))('POST %s without a CSRF token answers 419', async (url) => {
    const res = await server.agent().raw({ method: 'POST', url, payload: payment, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(419);
    expect(res.body.message).toBe(SERVER.csrf);
  });

  it('an absolute-form target without a CSRF token answers 419', async () => {
    const res = await rawRequest(port, 'POST', `http://127.0.0.1:${port}/v1/billing/payment`, { 'content-type': 'application/json' }, payment);
    expect(res.status).toBe(419);
    const encoded = await rawRequest(port, 'POST', `http://127.0.0.1:${port}/%761/billing/payment`, { 'content-type': 'application/json' }, payment);
    expect(encoded.status).toBe(419);
  });

  it('every spelling counts against the same rate limit', async () => {
    // The limiter keys on the client address: each address below has its own 1,000 calls a minute.
    const ip = '10.9.8.7';
    const calls = (url: string) => server.app.inject({ method: 'GET', url, remoteAddress: ip });
    // Calls refused by validation (no database work) still count.
    for (let i = 0; i < 996; i++) expect((await calls('/v1/tournament/x')).statusCode).toBe(400);
    const statuses: number[] = [];
    for (const url of SPELLINGS('/v1/social/feed')) statuses.push((await calls(url)).statusCode);
    statuses.push((await calls('/%761/social/feed')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const other = (url: string) => server.app.inject({ method: 'GET', url, remoteAddress: '10.9.8.8' });
    for (let i = 0; i < 1000; i++) expect((await other('/%761/tournament/x')).statusCode).toBe(400);
    expect((await other('/v1/social/feed')).statusCode).toBe(429);
  });

  it.each(SPELLINGS('/v1/user/userinfo'))('GET %s reads the session', async (url) => {
    const agent = await server.agent().signIn('AdminAce');
    const res = await agent.get(url);
    expect(res.status).toBe(200);
    expect(res.body.discordName).toBe('AdminAce');
  });
});
