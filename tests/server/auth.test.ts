import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '../../src/domain/messages';
import { useTestServer, type Agent, type Reply } from '../support/testServer';
import { FakeDiscord } from '../support/fakeDiscord';
import { insertUser } from '../support/fixtures';

const MINUTE = 60_000;

interface SetCookie {
  value: string;
  attrs: string[];
}

/** The Set-Cookie lines of a reply, by cookie name (attributes lower-cased). */
function setCookies(res: Reply): Record<string, SetCookie> {
  const lines = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return Object.fromEntries(
    lines.map((line) => {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      return [pair.slice(0, eq), { value: pair.slice(eq + 1), attrs: attrs.map((a) => a.toLowerCase()) }];
    }),
  );
}

const cleared = (c: SetCookie | undefined) =>
  !!c && (c.value === '' || c.attrs.includes('max-age=0') || c.attrs.some((a) => a.startsWith('expires=thu, 01 jan 1970')));

describe('sign-in, sessions, CSRF, bans, roles and validation', () => {
  const server = useTestServer({ seed: true, config: { now: () => now } });
  /** The server's clock: tests move it forward to expire tokens. */
  let now = Date.now();

  const signedIn = async (name: string) => server.agent().signIn(name);
  const player = async () => {
    const user = await insertUser(server.db);
    return { user, agent: await signedIn(user.discordName) };
  };

  describe('local sign-in', () => {
    it('signs in by ?as= and lands on /auth/callback with httpOnly, SameSite=Lax cookies (not Secure over http)', async () => {
      const agent = server.agent();
      const res = await agent.get('/v1/auth/discord?as=AdminAce');

      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/auth/callback');
      const cookies = setCookies(res);
      expect(Object.keys(cookies).sort()).toEqual(['clutch_at', 'clutch_csrf', 'clutch_rt']);
      for (const c of Object.values(cookies)) {
        expect(c.attrs).toContain('httponly');
        expect(c.attrs).toContain('samesite=lax');
        expect(c.attrs).not.toContain('secure');
      }
      expect(cookies.clutch_rt.attrs).toContain('path=/v1/auth');

      const me = await agent.get('/v1/user/userinfo');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ discordName: 'AdminAce', role: 'ADMIN', banned: false });
    });

    it('matches the name without regard to case', async () => {
      const agent = server.agent();
      expect((await agent.get('/v1/auth/discord?as=adminnova')).status).toBe(302);
      expect((await agent.get('/v1/user/userinfo')).body.discordName).toBe('AdminNova');
    });

    it('answers 404 for an unknown name and starts no session', async () => {
      const res = await server.agent().get('/v1/auth/discord?as=NobodyAtAll');
      expect(res.status).toBe(404);
      expect(res.body).toContain('NobodyAtAll');
      expect(setCookies(res).clutch_at).toBeUndefined();
    });

    it('shows a page listing every account by role with "Sign in as <name>" buttons', async () => {
      const res = await server.agent().get('/v1/auth/discord');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const html = res.body as string;
      const sections = [...html.matchAll(/<section><h2>(\w+)[^<]*<small>\((\d+)\)<\/small><\/h2>(.*?)<\/section>/g)].map(
        ([, title, n, body]) => ({ title, count: Number(n), names: [...body.matchAll(/>Sign in as ([^<]+)</g)].map((m) => m[1]) }),
      );

      expect(sections.map((s) => s.title)).toEqual(['Owners', 'Admins', 'Players', 'Banned']);
      expect(sections[0].names).toEqual(['ClutchOwner']);
      expect(sections[1].names).toEqual(['AdminAce', 'AdminNova']);
      expect(sections[2].names.length).toBeGreaterThanOrEqual(120);
      expect(sections[3].names).toContain('BannedBrawler');
      for (const s of sections) expect(s.names.length).toBe(s.count);
      expect(html).toContain('href="/v1/auth/discord?as=AdminAce"');
    });

    it('sends a banned user to /auth/banned without a session', async () => {
      const agent = server.agent();
      const res = await agent.get('/v1/auth/discord?as=BannedBrawler');

      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/auth/banned');
      expect(setCookies(res).clutch_at?.value ?? '').toBe('');
      expect((await agent.get('/v1/user/userinfo')).status).toBe(401);
    });
  });

  describe('sessions', () => {
    it('answers userinfo with 401 for a guest and 200 with the user when signed in', async () => {
      const guest = await server.agent().get('/v1/user/userinfo');
      expect(guest.status).toBe(401);
      expect(guest.body.message).toBe(SERVER.unauthenticated);

      const { user, agent } = await player();
      const me = await agent.get('/v1/user/userinfo');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: user.id, discordName: user.discordName, role: 'USER', banned: false });
      expect(me.headers['cache-control']).toBe('no-store');
    });

    it('answers 401 once the access token expires, and a refresh brings the session back', async () => {
      const { agent } = await player();
      now += 16 * MINUTE;

      const expired = await agent.get('/v1/user/userinfo');
      expect(expired.status).toBe(401);
      expect(expired.body.message).toBe('Your session has expired');

      const refresh = await agent.post('/v1/auth/refresh');
      expect(refresh.status).toBe(200);
      expect(Object.keys(setCookies(refresh))).toEqual(expect.arrayContaining(['clutch_at', 'clutch_rt']));
      expect((await agent.get('/v1/user/userinfo')).status).toBe(200);
    });

    it('rotates the refresh token; the old one still works within 30 s (two tabs refreshing at once)', async () => {
      const { agent } = await player();
      const first = agent.cookies.get('clutch_rt')!;

      expect((await agent.post('/v1/auth/refresh')).status).toBe(200);
      const second = agent.cookies.get('clutch_rt')!;
      expect(second).not.toBe(first);

      now += 20_000;
      agent.cookies.set('clutch_rt', first);
      expect((await agent.post('/v1/auth/refresh')).status).toBe(200);
      expect((await agent.get('/v1/user/userinfo')).status).toBe(200);
    });

    it('treats an old refresh token presented after 30 s as stolen: 401 and the whole sign-in is revoked', async () => {
      const { agent } = await player();
      const stolen = agent.cookies.get('clutch_rt')!;
      expect((await agent.post('/v1/auth/refresh')).status).toBe(200);
      const legit = { at: agent.cookies.get('clutch_at')!, rt: agent.cookies.get('clutch_rt')! };

      now += 31_000;
      const thief = server.agent();
      thief.cookies.set('clutch_rt', stolen);
      const reuse = await thief.post('/v1/auth/refresh');
      expect(reuse.status).toBe(401);
      expect(cleared(setCookies(reuse).clutch_rt)).toBe(true);

      // The owner's current tokens of that sign-in are dead too.
      agent.cookies.set('clutch_at', legit.at);
      agent.cookies.set('clutch_rt', legit.rt);
      expect((await agent.get('/v1/user/userinfo')).status).toBe(401);
      agent.cookies.set('clutch_rt', legit.rt);
      expect((await agent.post('/v1/auth/refresh')).status).toBe(401);
    });

    it('ends a sign-in after 30 days', async () => {
      const { agent } = await player();
      now += 31 * 24 * 60 * MINUTE;
      expect((await agent.post('/v1/auth/refresh')).status).toBe(401);
    });

    it('logout clears the cookies and revokes the sign-in', async () => {
      const { agent } = await player();
      const tokens = { at: agent.cookies.get('clutch_at')!, rt: agent.cookies.get('clutch_rt')! };

      const res = await agent.post('/v1/auth/logout');
      expect(res.status).toBe(200);
      const cookies = setCookies(res);
      expect(cleared(cookies.clutch_at)).toBe(true);
      expect(cleared(cookies.clutch_rt)).toBe(true);
      expect((await agent.get('/v1/user/userinfo')).status).toBe(401);

      // Replaying the old cookies does not bring the session back.
      agent.cookies.set('clutch_at', tokens.at);
      expect((await agent.get('/v1/user/userinfo')).status).toBe(401);
      agent.cookies.set('clutch_rt', tokens.rt);
      expect((await agent.post('/v1/auth/refresh')).status).toBe(401);
    });

    it('answers 401 on a public call with an expired access cookie, so the client refreshes rather than showing a guest view', async () => {
      const { agent } = await player();
      now += 16 * MINUTE;
      expect((await agent.get('/v1/user?perPage=1')).status).toBe(401);
      expect((await agent.post('/v1/auth/refresh')).status).toBe(200);
      expect((await agent.get('/v1/user?perPage=1')).status).toBe(200);
    });
  });

  describe('GET /v1/auth/session (the SPA boot call)', () => {
    it('answers a guest 200 with no user and a CSRF token the first write can use', async () => {
      const guest = server.agent();
      const res = await guest.get('/v1/auth/session');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({ user: null, banned: false, refresh: false, csrfToken: expect.any(String) });
      const write = await guest.raw({ method: 'POST', url: '/v1/auth/logout', headers: { 'x-csrf-token': res.body.csrfToken } });
      expect(write.status).toBe(200);
    });

    it('answers a signed-in browser with its user', async () => {
      const { user, agent } = await player();
      const res = await agent.get('/v1/auth/session');
      expect(res.body).toMatchObject({ user: { id: user.id, discordName: user.discordName, role: 'USER', banned: false }, refresh: false });
    });

    it('says "refresh" when the access token has expired and a refresh cookie is left, and the refresh works', async () => {
      const { user, agent } = await player();
      now += 16 * MINUTE;
      const res = await agent.get('/v1/auth/session');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ user: null, banned: false, refresh: true });
      expect((await agent.post('/v1/auth/refresh')).status).toBe(200);
      expect((await agent.get('/v1/auth/session')).body.user).toMatchObject({ id: user.id });
    });

    it('answers an ended sign-in as a guest, without "refresh", and clears its cookies', async () => {
      const { agent } = await player();
      const other = await server.agent().signIn('AdminAce');
      const tokens = { at: agent.cookies.get('clutch_at')!, rt: agent.cookies.get('clutch_rt')! };
      await agent.post('/v1/auth/logout');
      agent.cookies.set('clutch_at', tokens.at);
      agent.cookies.set('clutch_rt', tokens.rt);
      const res = await agent.get('/v1/auth/session');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ user: null, banned: false, refresh: false });
      expect(cleared(setCookies(res).clutch_at)).toBe(true);
      expect(cleared(setCookies(res).clutch_rt)).toBe(true);
      // Another browser's sign-in is untouched.
      expect((await other.get('/v1/auth/session')).body.user).toMatchObject({ discordName: 'AdminAce' });
    });

    it('says "banned" (200) to the cookies of a banned account', async () => {
      const { user, agent } = await player();
      const admin = await signedIn('AdminAce');
      expect((await admin.post(`/v1/user/ban/${user.id}`)).status).toBe(200);
      const res = await agent.get('/v1/auth/session');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ user: null, banned: true, refresh: false });
    });
  });

  describe('CSRF', () => {
    const CALLS: [string, string][] = [
      ['POST', '/v1/auth/refresh'],
      ['POST', '/v1/auth/logout'],
      ['POST', '/v1/user/ban/3'],
      ['POST', '/v1/billing/payment'],
      ['PATCH', '/v1/tournament/1'],
      ['DELETE', '/v1/tournament/1'],
    ];

    it.each(CALLS)('%s %s answers 419 without the right x-csrf-token', async (method, url) => {
      const agent = await signedIn('ClutchOwner');
      const other = await signedIn('AdminNova');
      const otherToken = await other.csrfToken();
      await agent.csrfToken(); // this browser has its csrf cookie
      const attempts: Record<string, string>[] = [{}, { 'x-csrf-token': 'forged' }, { 'x-csrf-token': otherToken }];

      for (const headers of attempts) {
        const res = await agent.raw({ method: method as 'POST', url, headers });
        expect(res.status, JSON.stringify(headers)).toBe(419);
        expect(res.body).toEqual({ message: SERVER.csrf });
      }
    });

    it('accepts the token of this browser and never asks GET calls for one', async () => {
      const agent = await signedIn('AdminAce');
      expect((await agent.raw({ method: 'GET', url: '/v1/user/userinfo' })).status).toBe(200);
      const token = await agent.csrfToken();
      const res = await agent.raw({ method: 'POST', url: '/v1/auth/logout', headers: { 'x-csrf-token': token } });
      expect(res.status).toBe(200);
    });
  });

  describe('banned users and roles', () => {
    it("refuses every call of a user banned while signed in with 403 banned, and their session is over", async () => {
      const { user, agent } = await player();
      const admin = await signedIn('AdminAce');
      expect((await agent.get('/v1/user/userinfo')).status).toBe(200);

      const ban = await admin.post(`/v1/user/ban/${user.id}`);
      expect(ban.status).toBe(200);

      for (const url of ['/v1/user/userinfo', '/v1/user?perPage=1', '/v1/tournament/featured']) {
        const res = await agent.get(url);
        expect(res.status, url).toBe(403);
        expect(res.body).toEqual({ message: SERVER.banned, banned: true });
      }
      expect((await agent.post('/v1/auth/refresh')).status).toBe(401);
      const again = await server.agent().get(`/v1/auth/discord?as=${user.discordName}`);
      expect(again.headers.location).toBe('/auth/banned');
    });

    it('answers 403 to a player on a staff call, 401 to a guest, 200 to staff', async () => {
      const { agent } = await player();
      const refused = await agent.get('/v1/user/admin-view');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(SERVER.forbidden);
      expect((await server.agent().get('/v1/user/admin-view')).status).toBe(401);
      expect((await (await signedIn('AdminNova')).get('/v1/user/admin-view')).status).toBe(200);
      expect((await agent.post('/v1/user/ban/1')).status).toBe(403);
    });
  });

  describe('validation', () => {
    it.each([
      ['/v1/user?pageNo=0', '"pageNo" must be a positive integer'],
      ['/v1/user?pageNo=two', '"pageNo" must be a positive integer'],
      ['/v1/user?perPage=101', '"perPage" must be at most 100'],
      ['/v1/user?freeAgent=maybe', '"freeAgent" must be true or false'],
      ['/v1/tournament/1.5', '"id" must be a positive integer'],
    ])('GET %s answers 400 with a message', async (url, message) => {
      const res = await server.agent().get(url);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    });

    it('answers 400 for a non-integer id in a path', async () => {
      const admin = await signedIn('AdminAce');
      for (const id of ['abc', '0', '-4', '2.5', '99999999999']) {
        const res = await admin.post(`/v1/user/ban/${id}`);
        expect(res.status, id).toBe(400);
        expect(res.body.message).toBe('"id" must be a positive integer');
      }
    });

    it('answers 400 for a malformed JSON body', async () => {
      const agent = server.agent();
      const token = await agent.csrfToken();
      const res = await agent.raw({
        method: 'POST',
        url: '/v1/billing/payment',
        headers: { 'x-csrf-token': token, 'content-type': 'application/json' },
        payload: '{"email": "a@b.co",',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'The request body is not valid JSON' });
    });

    it('answers 400 naming an unknown field of a strict body', async () => {
      const res = await server
        .agent()
        .post('/v1/billing/payment', { email: 'fan@example.com', amount: 10, reference: 'INV-7', isAdmin: true });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Unknown field "isAdmin"' });
    });
  });
});

describe('local sign-in behind a TLS proxy', () => {
  const server = useTestServer({ config: { trustProxy: true } });
  beforeAll(async () => {
    await insertUser(server.db, { discordName: 'ProxyPlayer' });
  });

  it('marks the cookies Secure when the proxy says the browser used https', async () => {
    const res = await server.agent().raw({
      method: 'GET',
      url: '/v1/auth/discord?as=ProxyPlayer',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.status).toBe(302);
    for (const c of Object.values(setCookies(res))) expect(c.attrs).toContain('secure');
  });

  it('does not mark them Secure over plain http', async () => {
    const res = await server.agent().get('/v1/auth/discord?as=ProxyPlayer');
    for (const c of Object.values(setCookies(res))) expect(c.attrs).not.toContain('secure');
  });
});

describe('the bot invite without Discord', () => {
  const server = useTestServer();

  it('explains what to configure instead of sending the admin to a broken Discord page', async () => {
    const res = await server.agent().get('/v1/auth/discord/bot');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('The Discord bot is not set up');
    expect(res.body).toContain('DISCORD_CLIENT_ID');
  });
});

describe('the bot invite with Discord configured', () => {
  const server = useTestServer({
    config: {
      discord: { clientId: '4242', clientSecret: 's', redirectUri: 'http://localhost/cb', apiBase: 'https://discord.com' },
      discordBot: { token: 't', guildId: '777', apiBase: 'https://discord.com' },
    },
  });

  it("names the league's server when DISCORD_GUILD_ID is set", async () => {
    const url = new URL(String((await server.agent().get('/v1/auth/discord/bot')).headers.location));
    expect(url.origin).toBe('https://discord.com');
    expect(url.searchParams.get('client_id')).toBe('4242');
    expect(url.searchParams.get('guild_id')).toBe('777');
    expect(url.searchParams.get('disable_guild_select')).toBe('true');
  });
});

describe('local sign-in in production', () => {
  const server = useTestServer({ config: { production: true, allowLocalSignIn: false } });
  beforeAll(async () => {
    await insertUser(server.db, { discordName: 'ProdPlayer' });
  });

  it('is refused unless explicitly enabled', async () => {
    for (const url of ['/v1/auth/discord', '/v1/auth/discord?as=ProdPlayer']) {
      const res = await server.agent().get(url);
      expect(res.status, url).toBe(403);
      expect(res.body.message).toMatch(/local sign-in is disabled in production/);
      expect(setCookies(res).clutch_at).toBeUndefined();
    }
  });
});

/** The Discord application of a server signing in against `discord`. */
const discordApp = (discord: FakeDiscord) => ({
  clientId: discord.clientId,
  clientSecret: discord.clientSecret,
  redirectUri: 'http://localhost:8080/v1/auth/discord/callback',
  apiBase: discord.base,
});

/** The browser's trip: /v1/auth/discord → Discord (approves) → /v1/auth/discord/callback. */
async function discordSignIn(agent: Agent, discord: FakeDiscord, profile: Parameters<FakeDiscord['approve']>[1]) {
  const start = await agent.get('/v1/auth/discord');
  const { code, state } = discord.approve(String(start.headers.location), profile);
  return agent.get(`/v1/auth/discord/callback?code=${code}&state=${state}`);
}

describe('Discord sign-in (OAuth2 with PKCE) against a fake Discord', () => {
  const OWNER_ID = '900000000000000001';
  let discord: FakeDiscord;

  beforeAll(async () => {
    discord = await new FakeDiscord().start();
  });
  afterAll(() => discord?.close());
  const server = useTestServer(() => ({
    config: { discord: discordApp(discord), allowLocalSignIn: false, ownerDiscordIds: [OWNER_ID] },
  }));
  const signInWithDiscord = (agent: Agent, profile: Parameters<FakeDiscord['approve']>[1]) => discordSignIn(agent, discord, profile);

  it('redirects to Discord with a state and a PKCE challenge', async () => {
    const res = await server.agent().get('/v1/auth/discord');
    expect(res.status).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(`${url.origin}${url.pathname}`).toBe(`${discord.base}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: discord.clientId,
      response_type: 'code',
      redirect_uri: 'http://localhost:8080/v1/auth/discord/callback',
      scope: 'identify',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const stateCookie = setCookies(res).clutch_oauth;
    expect(stateCookie.attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/v1/auth']));
  });

  it('exchanges the code, reads the profile and creates the user', async () => {
    const agent = server.agent();
    const res = await signInWithDiscord(agent, { id: '800000000000000042', username: 'nova_fox', global_name: 'Nova Fox', avatar: 'abc123' });

    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/auth/callback');
    expect(discord.requests).toEqual(expect.arrayContaining(['POST /api/oauth2/token', 'GET /api/v10/users/@me']));
    const me = await agent.get('/v1/user/userinfo');
    expect(me.body).toMatchObject({
      discordName: 'Nova Fox',
      role: 'USER',
      picture: 'https://cdn.discordapp.com/avatars/800000000000000042/abc123.png',
    });

    // Signing in again is the same account.
    const again = server.agent();
    await signInWithDiscord(again, { id: '800000000000000042', username: 'nova_fox', global_name: 'Nova Fox', avatar: null });
    expect((await again.get('/v1/user/userinfo')).body.id).toBe(me.body.id);
  });

  it('makes the Discord ids of OWNER_DISCORD_IDS owners', async () => {
    const agent = server.agent();
    await signInWithDiscord(agent, { id: OWNER_ID, username: 'founder' });
    expect((await agent.get('/v1/user/userinfo')).body).toMatchObject({ discordName: 'founder', role: 'OWNER' });
  });

  it('sends a callback with a wrong or missing state back to /login?error=state', async () => {
    const agent = server.agent();
    const start = await agent.get('/v1/auth/discord');
    const { code } = discord.approve(String(start.headers.location), { id: '800000000000000077', username: 'mallory' });

    const forged = await agent.get(`/v1/auth/discord/callback?code=${code}&state=forged`);
    expect(forged.headers.location).toBe('/login?error=state');
    const noCookie = await server.agent().get(`/v1/auth/discord/callback?code=${code}&state=anything`);
    expect(noCookie.headers.location).toBe('/login?error=state');
    expect((await agent.get('/v1/user/userinfo')).status).toBe(401);
  });

  it('sends a code Discord refuses back to /login?error=discord', async () => {
    const agent = server.agent();
    const start = await agent.get('/v1/auth/discord');
    const state = new URL(String(start.headers.location)).searchParams.get('state');
    const res = await agent.get(`/v1/auth/discord/callback?code=not-issued&state=${state}`);
    expect(res.headers.location).toBe('/login?error=discord');
  });

  it("sends the admin portal's Invite the Discord bot to Discord's bot authorization for this application", async () => {
    const res = await server.agent().get('/v1/auth/discord/bot');
    expect(res.status).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(`${url.origin}${url.pathname}`).toBe(`${discord.base}/oauth2/authorize`);
    // Manage Channels (1 << 4) and Manage Roles (1 << 28): what the tournament Discord clean-up needs.
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: discord.clientId, scope: 'bot', permissions: '268435472' });
  });

  it('does not offer local sign-in when Discord is configured', async () => {
    const res = await server.agent().get('/v1/auth/discord?as=founder');
    expect(new URL(String(res.headers.location)).pathname).toBe('/oauth2/authorize');
  });
});

describe("a player's picture re-read from Discord (POST /v1/auth/discord/{id})", () => {
  let discord: FakeDiscord;
  beforeAll(async () => {
    discord = await new FakeDiscord().start();
  });
  afterAll(() => discord?.close());
  const server = useTestServer(() => ({
    config: { discord: discordApp(discord), discordBot: { token: discord.botToken, guildId: '777', apiBase: discord.base }, allowLocalSignIn: false },
  }));
  const cdn = (id: string, avatar: string) => `https://cdn.discordapp.com/avatars/${id}/${avatar}.png`;

  async function signInWithDiscord(profile: Parameters<FakeDiscord['approve']>[1]) {
    const agent = server.agent();
    await discordSignIn(agent, discord, profile);
    const me = await agent.get('/v1/user/userinfo');
    return { agent, id: me.body.id as number, picture: me.body.picture as string | null };
  }

  it('takes the avatar Discord has now, asked with the bot token, and forgets one Discord no longer has', async () => {
    const profile = { id: '800000000000000101', username: 'pixel', avatar: 'old1' };
    const { agent, id, picture } = await signInWithDiscord(profile);
    expect(picture).toBe(cdn(profile.id, 'old1'));

    discord.setProfile({ ...profile, avatar: 'new2' });
    const res = await agent.post(`/v1/auth/discord/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ picture: cdn(profile.id, 'new2') });
    expect(discord.requests).toContain(`GET /api/v10/users/${profile.id}`);
    expect((await agent.get('/v1/user/userinfo')).body.picture).toBe(cdn(profile.id, 'new2'));

    discord.setProfile({ ...profile, avatar: null });
    expect((await agent.post(`/v1/auth/discord/${id}`)).body).toEqual({ picture: null });
    expect((await agent.get('/v1/user/userinfo')).body.picture).toBeNull();
  });

  it("refuses a player refreshing another player's picture", async () => {
    const a = await signInWithDiscord({ id: '800000000000000102', username: 'ayla', avatar: 'a1' });
    const b = await signInWithDiscord({ id: '800000000000000103', username: 'bram', avatar: 'b1' });
    const res = await a.agent.post(`/v1/auth/discord/${b.id}`);
    expect(res.status).toBe(403);
  });
});
