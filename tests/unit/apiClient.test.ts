import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { literal, type } from 'superstruct';
import { api, ApiError, createApiClient, errorMessage } from '../../src/api/client';
import { readSession } from '../../src/api/endpoints/session';
import { UserInfo } from '../../src/api/contract/user';
import { ERRORS } from '../../src/domain/messages';
import { startTestServer, type Agent, type TestServer } from '../support/testServer';

interface Seen {
  method: string;
  path: string;
  csrf: string | null;
}
type Answer = { status: number; body?: unknown } | 'network-error';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A scripted stand-in for the HTTP boundary: `route` answers each request (by "METHOD /path"); every request is
 * logged. The CSRF rule of the real server is modelled by the scripts that need it.
 */
function scriptedFetch(route: (req: Seen, count: number) => Answer) {
  const log: Seen[] = [];
  const counts = new Map<string, number>();
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
    const req: Seen = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname + url.search,
      csrf: new Headers(init?.headers).get('x-csrf-token'),
    };
    log.push(req);
    const key = `${req.method} ${url.pathname}`;
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    const answer = route(req, n);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return json(answer.status, answer.body);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, log, calls: (key: string) => log.filter((r) => `${r.method} ${r.path}` === key).length };
}

const PLAYER: UserInfo = {
  id: 7,
  discordName: 'Vesper',
  battleTag: null,
  katanaRank: 1200,
  wins: 3,
  losses: 1,
  gold: 0,
  silver: 1,
  bronze: 0,
  joined: 1_700_000_000_000,
  picture: null,
  twitterHandle: null,
  twitchName: null,
  youtubeChannel: null,
  freeAgent: true,
  teamId: null,
  teamRole: null,
  role: 'USER',
  banned: false,
};

function clientWith(route: (req: Seen, count: number) => Answer) {
  const net = scriptedFetch(route);
  const client = createApiClient({ fetch: net.fetch });
  const signedOut = vi.fn();
  const banned = vi.fn();
  client.on('signedOut', signedOut);
  client.on('banned', banned);
  return { client, net, signedOut, banned };
}

/** The real server's CSRF rule: non-GET calls need the token that GET /auth/csrf handed out. */
const csrfOk = (req: Seen) => req.method === 'GET' || req.csrf === 'token-1';
const csrfAnswer = (req: Seen): Answer | null =>
  req.path === '/v1/auth/csrf' ? { status: 200, body: { token: 'token-1' } } : csrfOk(req) ? null : { status: 419, body: { message: 'Missing or invalid CSRF token' } };

describe('the API client: 401 refresh and retry', () => {
  it('refreshes the session on a 401 and answers the retried call', async () => {
    const { client, net, signedOut } = clientWith((req, n) => {
      const csrf = csrfAnswer(req);
      if (csrf) return csrf;
      if (req.path === '/v1/auth/refresh') return { status: 200, body: { ok: true } };
      return n === 1 ? { status: 401, body: { message: 'Your session has expired' } } : { status: 200, body: PLAYER };
    });

    const user = await client.call('/user/userinfo', UserInfo);

    expect(user.discordName).toBe('Vesper');
    expect(net.log.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/user/userinfo',
      'GET /v1/auth/csrf',
      'POST /v1/auth/refresh',
      'GET /v1/user/userinfo',
    ]);
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('gives up after 3 refreshes, reports signedOut once and throws the 401', async () => {
    const { client, net, signedOut } = clientWith((req) => {
      if (req.path === '/v1/auth/refresh') return { status: 200, body: { ok: true } };
      return { status: 401, body: { message: 'Your session has expired' } };
    });

    const error = await client.call('/user/userinfo', UserInfo).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(errorMessage(error)).toBe('Your session has expired');
    expect(net.calls('GET /v1/user/userinfo')).toBe(4);
    expect(net.calls('POST /v1/auth/refresh')).toBe(3);
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  it('reports signedOut as soon as the server refuses the refresh, and serves a public call as a guest', async () => {
    let signedIn = true;
    const { client, net, signedOut } = clientWith((req) => {
      if (req.path === '/v1/auth/refresh') {
        signedIn = false; // the server clears the cookies of a refused refresh
        return { status: 401, body: { message: 'Your session has expired, please sign in again' } };
      }
      return signedIn ? { status: 401, body: { message: 'Your session has ended' } } : { status: 200, body: { ok: true } };
    });

    await expect(client.call('/social/feed', type({ ok: literal(true) }))).resolves.toEqual({ ok: true });
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(net.calls('POST /v1/auth/refresh')).toBe(1);
  });

  it('does not refresh again after a refused refresh when the call needs a user', async () => {
    const { client, net, signedOut } = clientWith((req) =>
      req.path === '/v1/auth/refresh'
        ? { status: 401, body: { message: 'Your session has expired, please sign in again' } }
        : { status: 401, body: { message: 'You must be signed in to do this' } },
    );

    const error = await client.call('/user/userinfo', UserInfo).catch((e: unknown) => e);

    expect((error as ApiError).status).toBe(401);
    expect(net.calls('POST /v1/auth/refresh')).toBe(1);
    expect(net.calls('GET /v1/user/userinfo')).toBe(2);
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between calls that fail together', async () => {
    let refreshed = false;
    const { client, net } = clientWith((req) => {
      if (req.path === '/v1/auth/refresh') {
        refreshed = true;
        return { status: 200, body: { ok: true } };
      }
      return refreshed ? { status: 200, body: PLAYER } : { status: 401, body: { message: 'Your session has expired' } };
    });

    const [a, b, c] = await Promise.all([1, 2, 3].map(() => client.call('/user/userinfo', UserInfo)));

    expect([a.id, b.id, c.id]).toEqual([7, 7, 7]);
    expect(net.calls('POST /v1/auth/refresh')).toBe(1);
  });

  it('never refreshes for the session calls themselves', async () => {
    const { client, net, signedOut } = clientWith(() => ({ status: 401, body: { message: 'Your session has expired, please sign in again' } }));

    await expect(client.send('/auth/refresh', { method: 'POST' })).rejects.toMatchObject({ status: 401 });
    await expect(client.send('/auth/logout', { method: 'POST' })).rejects.toMatchObject({ status: 401 });

    expect(net.log.map((r) => `${r.method} ${r.path}`).filter((r) => r !== 'GET /v1/auth/csrf')).toEqual(['POST /v1/auth/refresh', 'POST /v1/auth/logout']);
    expect(signedOut).not.toHaveBeenCalled();
  });
});

describe('the API client: 419 CSRF token and retry', () => {
  it('fetches the CSRF token before the first write, so the write is not refused first, and keeps it', async () => {
    const { client, net } = clientWith((req) => csrfAnswer(req) ?? { status: 200, body: { ok: true } });

    await client.send('/team', { method: 'POST', body: { name: 'Night Owls' } });

    expect(net.log).toEqual([
      { method: 'GET', path: '/v1/auth/csrf', csrf: null },
      { method: 'POST', path: '/v1/team', csrf: 'token-1' },
    ]);
    await client.send('/team', { method: 'DELETE' });
    expect(net.log.at(-1)).toEqual({ method: 'DELETE', path: '/v1/team', csrf: 'token-1' });
    expect(net.calls('GET /v1/auth/csrf')).toBe(1);
  });

  it('writes with a token handed over by another answer without asking for one', async () => {
    const { client, net } = clientWith((req) => csrfAnswer(req) ?? { status: 200, body: { ok: true } });

    client.useCsrfToken('token-1');
    await client.send('/team', { method: 'POST' });

    expect(net.log).toEqual([{ method: 'POST', path: '/v1/team', csrf: 'token-1' }]);
  });

  it('fetches a new token on a 419 (the token went stale) and retries with it in the x-csrf-token header', async () => {
    const { client, net } = clientWith((req) => csrfAnswer(req) ?? { status: 200, body: { ok: true } });

    client.useCsrfToken('stale');
    await client.send('/team', { method: 'POST', body: { name: 'Night Owls' } });

    expect(net.log).toEqual([
      { method: 'POST', path: '/v1/team', csrf: 'stale' },
      { method: 'GET', path: '/v1/auth/csrf', csrf: null },
      { method: 'POST', path: '/v1/team', csrf: 'token-1' },
    ]);
  });

  it('retries at most 3 times, then throws the 419', async () => {
    const { client, net } = clientWith((req) =>
      req.path === '/v1/auth/csrf' ? { status: 200, body: { token: 'stale' } } : { status: 419, body: { message: 'Missing or invalid CSRF token' } },
    );

    const error = await client.send('/team', { method: 'POST' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(419);
    expect(errorMessage(error)).toBe('Missing or invalid CSRF token');
    expect(net.calls('POST /v1/team')).toBe(4);
    // The token fetched before the first try, and one for each of the 3 retries.
    expect(net.calls('GET /v1/auth/csrf')).toBe(4);
  });
});

describe('the API client: answers and errors', () => {
  it('throws an ApiError without a server message when a response breaks the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client } = clientWith(() => ({ status: 200, body: { ...PLAYER, role: 'EMPEROR', message: 'not an error' } }));

    const error = await client.call('/user/userinfo', UserInfo).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(errorMessage(error)).toBe(ERRORS.unknown);
  });

  it('reports a banned user and keeps the server message', async () => {
    const { client, banned } = clientWith(() => ({ status: 403, body: { message: 'Your account has been banned', banned: true } }));

    const error = await client.call('/user/userinfo', UserInfo).catch((e: unknown) => e);

    expect((error as ApiError).banned).toBe(true);
    expect(errorMessage(error)).toBe('Your account has been banned');
    expect(banned).toHaveBeenCalledTimes(1);
  });

  it('gives the shared handler the server message, the first item of a list, or the unknown-error text', async () => {
    const answers: Answer[] = [
      { status: 409, body: { message: 'This season is closed' } },
      { status: 400, body: { message: ['Please enter a team name', 'Please agree to the terms and conditions'] } },
      { status: 500, body: { error: 'boom' } },
      { status: 502 },
      'network-error',
    ];
    const { client } = clientWith((_, n) => answers[n - 1]);
    const messages: string[] = [];
    for (let i = 0; i < answers.length; i++) {
      messages.push(errorMessage(await client.call('/season/1', type({})).catch((e: unknown) => e)));
    }

    expect(messages).toEqual([
      'This season is closed',
      'Please enter a team name',
      ERRORS.unknown,
      ERRORS.unknown,
      ERRORS.unknown,
    ]);
    expect(errorMessage(new Error('anything else'))).toBe(ERRORS.unknown);
  });

  it('sends query values that are set, and drops empty ones', async () => {
    const { client, net } = clientWith(() => ({ status: 200, body: {} }));

    await client.call('/user', type({}), { query: { pageNo: 2, perPage: 25, search: '', freeAgent: undefined, game: null } });

    expect(net.log[0].path).toBe('/v1/user?pageNo=2&perPage=25');
  });
});

describe('the API client: reads asked for ahead of their screen', () => {
  it("answers the screen's own GET from the prefetch, once, with no second request", async () => {
    const { client, net } = clientWith(() => ({ status: 200, body: { ok: true } }));
    const read = () => client.call('/social/feed', type({ ok: literal(true) }), { query: { page: 1, empty: '' } });

    client.prefetch(() => [read()]);
    expect(net.calls('GET /v1/social/feed?page=1')).toBe(1);
    await expect(read()).resolves.toEqual({ ok: true });
    expect(net.calls('GET /v1/social/feed?page=1')).toBe(1);
    // Taken: the next call asks the server again.
    await read();
    expect(net.calls('GET /v1/social/feed?page=1')).toBe(2);
  });

  it('hands a failed prefetch to the screen as its failure, and leaves nothing unhandled', async () => {
    const { client } = clientWith(() => ({ status: 404, body: { message: 'Tournament not found' } }));
    const read = () => client.call('/tournament/9', type({}));

    client.prefetch(() => [read()]);
    await new Promise((r) => setTimeout(r, 0));
    await expect(read()).rejects.toMatchObject({ status: 404, message: 'Tournament not found' });
  });
});

describe('the API client against the real server', () => {
  let server: TestServer;
  // Starting PGlite and migrating takes a few seconds on a busy machine.
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(() => server.close());

  it('sends its first POST with a token fetched first: no 419 on the way', async () => {
    const agent = server.agent();
    const statuses: string[] = [];
    const client = createApiClient({
      fetch: async (input, init) => {
        const res = await agent.fetch(input, init);
        statuses.push(`${init?.method ?? 'GET'} ${new URL(String(input), 'http://x').pathname} ${res.status}`);
        return res;
      },
    });

    await client.send('/auth/logout', { method: 'POST' });

    expect(statuses).toEqual(['GET /v1/auth/csrf 200', 'POST /v1/auth/logout 200']);
  });

  /** The SPA's client on `agent`'s cookies, logging "METHOD /path status" of every call. */
  function bootOn(agent: Agent) {
    const statuses: string[] = [];
    api.configure({
      fetch: async (input, init) => {
        const res = await agent.fetch(input, init);
        statuses.push(`${init?.method ?? 'GET'} ${new URL(String(input), 'http://x').pathname} ${res.status}`);
        return res;
      },
    });
    return statuses;
  }

  it("boots a guest's page with one 200 (no 401, no 419), and its first write uses the token that answer brought", async () => {
    const statuses = bootOn(server.agent());

    expect(await readSession()).toBeNull();
    await api.send('/auth/logout', { method: 'POST' });

    expect(statuses).toEqual(['GET /v1/auth/session 200', 'POST /v1/auth/logout 200']);
  });

  it('boots a signed-in page with one call, and refreshes an expired access token before reading the user', async () => {
    const { insertUser } = await import('../support/fixtures');
    const row = await insertUser(server.database.db);
    const agent = await server.agent().signIn(row.discordName);
    const statuses = bootOn(agent);
    expect((await readSession())?.id).toBe(row.id);
    expect(statuses).toEqual(['GET /v1/auth/session 200']);

    statuses.length = 0;
    agent.cookies.set('clutch_at', 'no-longer-valid');
    expect((await readSession())?.id).toBe(row.id);
    expect(statuses).toEqual(['GET /v1/auth/session 200', 'POST /v1/auth/refresh 200', 'GET /v1/user/userinfo 200']);
  });
});
