import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, temporaryTeams, tournamentEntries } from '../../server/db/schema';
import { loadConfig, startupWarnings } from '../../server/config';
import { serializeError } from '../../server/http/logSerializers';
import { PAYMENTS_OFF } from '../../server/billing/billing';
import { COOKIES } from '../../server/auth/plugin';
import { startTestServer, useTestServer, type Agent } from '../support/testServer';
import { createTournament, multipartFile, newPlayer, PNG, tournamentBody } from './tournaments.fixtures';
import { PAYMENT_ERRORS, TOURNAMENT_ERRORS } from '../../src/domain/messages';

const CARD_OK = '4242 4242 4242 4242';
const ENV = { DATA_DIR: 'memory://', SESSION_SECRET: 'x' };

/** A multipart body whose one part is named `field` (the SPA always names it "file"). */
function multipartField(field: string, data: Buffer, contentType: string) {
  const boundary = 'clutchhardening';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('hardening the /v1 boundary (issue 10)', () => {
  const server = useTestServer({ seed: true });
  const admin = server.signedIn('AdminAce');

  const upload = async (agent: Agent, url: string, body: { payload: Buffer; contentType: string }) =>
    agent.raw({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { 'content-type': body.contentType, 'x-csrf-token': await agent.csrfToken() },
    });

  describe('finding 2: bad input answers 400 with a message, never 500', () => {
    it.each([
      '/v1/user?search=%00',
      '/v1/team?search=%00',
      '/v1/billing/payment-status?clientSecret=%00',
      '/v1/auth/discord?as=ClutchOwner%00',
    ])('GET %s', async (url) => {
      const res = await server.agent().get(url);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/NUL|Unicode/);
    });

    it('refuses NUL and lone surrogates in JSON bodies', async () => {
      const { agent } = await newPlayer(server);
      for (const name of ['Nul\u0000Team', 'Lone\ud800Team']) {
        const res = await agent.post('/v1/team', { name });
        expect(res.status).toBe(400);
        expect(typeof res.body.message).toBe('string');
      }
      const id = await createTournament(admin);
      const res = await admin.patch(`/v1/tournament/${id}`, {
        definedEntries: { definedUsers: [{ name: 'a\u0000' }], definedTeams: [] },
      });
      expect(res.status).toBe(400);
    });

    it('refuses deeply nested JSON without signing in', async () => {
      const agent = server.agent();
      const deep = '['.repeat(5000) + ']'.repeat(5000);
      const res = await agent.raw({
        method: 'POST',
        url: '/v1/billing/local/confirm',
        payload: `{"clientSecret":${deep},"cardNumber":"4242424242424242"}`,
        headers: { 'content-type': 'application/json', 'x-csrf-token': await agent.csrfToken() },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/nested too deeply/);
    });

    it('refuses ids above 2^31-1 and 1e308 in bodies', async () => {
      const id = await createTournament(admin);
      for (const userAId of [2 ** 31, 1e308]) {
        const res = await admin.patch(`/v1/tournament/${id}/match/1`, { userAId });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/userAId/);
      }
    });

    it.each([
      ['signUpClose', 1.5],
      ['endDate', 1e308],
    ])('refuses %s = %s in a new tournament', async (field, value) => {
      const res = await admin.post('/v1/tournament', tournamentBody({ [field]: value }));
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    });

    it.each([
      ['signUpClose', -1],
      ['signUpClose', 0],
      ['endDate', 9007199254740992],
    ])('refuses to store %s = %s', async (field, value) => {
      const id = await createTournament(admin);
      const before = (await admin.get(`/v1/tournament/${id}`)).body;
      const res = await admin.patch(`/v1/tournament/${id}`, { [field]: value });
      expect(res.status).toBe(400);
      expect((await admin.get(`/v1/tournament/${id}`)).body[field]).toBe(before[field]);
    });

    it('answers malformed multipart on a logo route with 400', async () => {
      const id = await createTournament(admin);
      const noBoundary = await upload(admin, `/v1/tournament/${id}/logo`, { payload: Buffer.from('x'), contentType: 'multipart/form-data' });
      expect(noBoundary.status).toBe(400);
      const good = multipartFile(PNG);
      const truncated = await upload(admin, `/v1/tournament/${id}/logo`, { ...good, payload: good.payload.subarray(0, 90) });
      expect(truncated.status).toBe(400);
      expect(typeof truncated.body.message).toBe('string');
    });
  });

  it('finding 4: a rules "URL" built to backtrack is refused at once', async () => {
    const started = performance.now();
    const res = await admin.post('/v1/tournament', tournamentBody({ rules: `http://a${'.'.repeat(40_000)} ` }));
    expect(res.status).toBe(400);
    expect(performance.now() - started).toBeLessThan(250);
  });

  describe('finding 5: no test payments in production', () => {
    it('refuses the local provider in production unless ALLOW_TEST_PAYMENTS=true', async () => {
      expect(loadConfig({ ...ENV, NODE_ENV: 'production' }).allowTestPayments).toBe(false);
      expect(loadConfig({ ...ENV, NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' }).allowTestPayments).toBe(true);
      expect(loadConfig(ENV).allowTestPayments).toBe(true);
      expect(startupWarnings(loadConfig({ ...ENV, NODE_ENV: 'production' })).join('\n')).toMatch(/Payments are off/);
    });

    it('answers 503 to a payment and stores nothing', async () => {
      const prod = await startTestServer({ config: { production: true, allowTestPayments: false } });
      try {
        const agent = prod.agent();
        const res = await agent.post('/v1/billing/payment', { email: 'a@b.co', amount: 5, reference: 'INV-1' });
        expect(res.status).toBe(503);
        expect(res.body.message).toBe(PAYMENTS_OFF);
        expect(await prod.database.db.select().from(payments)).toEqual([]);
      } finally {
        await prod.close();
      }
    });
  });

  it('finding 6: local sign-in listens on 127.0.0.1 unless HOST says otherwise, and says why', () => {
    const local = loadConfig(ENV);
    expect(local.host).toBe('127.0.0.1');
    expect(startupWarnings(local).join('\n')).toMatch(/listening on 127\.0\.0\.1 only.*any account/);
    expect(loadConfig({ ...ENV, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const discord = { DISCORD_CLIENT_ID: 'a', DISCORD_CLIENT_SECRET: 'b', DISCORD_REDIRECT_URI: 'http://x/cb' };
    expect(loadConfig({ ...ENV, ...discord }).host).toBe('0.0.0.0');
  });

  describe('finding 7: uploads are checked by their bytes and field name', () => {
    it('refuses an HTML page or an SVG with a script declared as image/png', async () => {
      const id = await createTournament(admin);
      for (const body of ['<html><script>alert(1)</script></html>', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>']) {
        const res = await upload(admin, `/v1/tournament/${id}/logo`, multipartFile(Buffer.from(body), 'image/png'));
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Please upload a PNG, JPEG, GIF or WebP image');
      }
      expect((await server.agent().get(`/v1/tournament/${id}`)).body.graphicUrl).toBeNull();
    });

    it('refuses another field name, and stores a real PNG', async () => {
      const id = await createTournament(admin);
      const other = await upload(admin, `/v1/tournament/${id}/logo`, multipartField('logo', PNG, 'image/png'));
      expect(other.status).toBe(400);
      expect(other.body.message).toBe('Please send the image in the form field "file"');
      const ok = await upload(admin, `/v1/tournament/${id}/logo`, multipartFile(PNG, 'image/png'));
      expect(ok.status).toBe(200);
    });
  });

  it('finding 8: two paid teams named "Dupe" and "DUPE": the second is refunded with the reason', async () => {
    const id = await createTournament(admin, { entryFee: 5, teamLimit: 2 });
    const first = await newPlayer(server);
    const second = await newPlayer(server);
    const pay1 = await first.agent.post(`/v1/billing/join-tournament/${id}/${first.user.id}`, { name: 'Dupe' });
    const pay2 = await second.agent.post(`/v1/billing/join-tournament/${id}/${second.user.id}`, { name: 'DUPE' });
    expect(pay2.body.clientSecret).toEqual(expect.any(String));
    const done1 = await first.agent.post('/v1/billing/local/confirm', { clientSecret: pay1.body.clientSecret, cardNumber: CARD_OK });
    expect(done1.body.status).toBe('SUCCEEDED');
    const done2 = await second.agent.post('/v1/billing/local/confirm', { clientSecret: pay2.body.clientSecret, cardNumber: CARD_OK });
    expect(done2.body).toEqual({ status: 'FAILED', message: PAYMENT_ERRORS.refusedAndRefunded(TOURNAMENT_ERRORS.teamNameTaken) });
    const teams = await server.database.db.select().from(temporaryTeams).where(eq(temporaryTeams.tournamentId, id));
    expect(teams.map((t) => t.name)).toEqual(['Dupe']);
    const [refunded] = await server.database.db.select().from(payments).where(eq(payments.clientSecret, pay2.body.clientSecret));
    expect(refunded.refundId).not.toBeNull();
    expect(await server.database.db.select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, id))).toHaveLength(1);
  });

  it('finding 9: logout without the refresh cookie still ends the sign-in', async () => {
    const { agent } = await newPlayer(server);
    const access = agent.cookies.get(COOKIES.access)!;
    agent.cookies.delete(COOKIES.refresh);
    expect((await agent.post('/v1/auth/logout')).status).toBe(200);
    agent.cookies.set(COOKIES.access, access);
    const res = await agent.get('/v1/user/userinfo');
    expect(res.status).toBe(401);
  });

  it('finding 10: a failed query is logged without its bound parameters', async () => {
    const secret = 'lpi_abc_secret_topsecret';
    const err = await server.database.db.execute(sql`select ${secret}::int`).catch((e: unknown) => e);
    expect(JSON.stringify(err, Object.getOwnPropertyNames(err))).toContain(secret);
    const logged = JSON.stringify(serializeError(err));
    expect(logged).not.toContain(secret);
    expect(logged).toContain('params: [redacted]');
    expect(logged).toContain('select $1::int');
  });

  describe('finding 11: headers', () => {
    it('sends Permissions-Policy, HSTS only over https, and a CSP whose images are ours and Discord’s', async () => {
      const plain = await server.agent().get('/v1/health');
      expect(plain.headers['permissions-policy']).toMatch(/camera=\(\)/);
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const csp = String(plain.headers['content-security-policy']);
      expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.discordapp\.com/);
      expect(csp).not.toMatch(/img-src[^;]* https:(;| )/);
      const proxied = await startTestServer({ config: { trustProxy: true } });
      try {
        const secure = await proxied.agent().raw({ method: 'GET', url: '/v1/health', headers: { 'x-forwarded-proto': 'https' } });
        expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      } finally {
        await proxied.close();
      }
    });

    it('marks viewer-specific JSON private, no-store', async () => {
      const { agent } = await newPlayer(server);
      expect((await agent.get('/v1/transfer/user')).headers['cache-control']).toBe('private, no-store');
      expect((await agent.get('/v1/tournament/featured')).headers['cache-control']).toBe('private, no-store');
    });

    it('gives the local sign-in page frame-ancestors, object-src and base-uri', async () => {
      const res = await server.agent().get('/v1/auth/discord');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
    });

    it('never rate-limits /v1/health', async () => {
      const limited = await startTestServer({ config: { rateLimitMax: 3 } });
      try {
        const agent = limited.agent();
        for (let i = 0; i < 6; i++) expect((await agent.get('/v1/health')).status).toBe(200);
        const feed = [];
        for (let i = 0; i < 4; i++) feed.push((await agent.get('/v1/social/feed')).status);
        expect(feed).toEqual([200, 200, 200, 429]);
      } finally {
        await limited.close();
      }
    });
  });
});
