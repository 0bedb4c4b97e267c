import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import http2, { type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import https from 'node:https';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { selfSignedCertificate } from '../../scripts/startPlatform';
import { buildApp } from '../../server/app';
import { users } from '../../server/db/schema';
import { loadConfig, testConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { DRAIN_RETRY_MS, RETRY_MS } from '../../server/routes/liveEvents';
import { HSTS } from '../../server/http/securityHeaders';
import { startTestServer, useTestServer, type TestServer } from '../support/testServer';
import { SseClient } from '../support/sseClient';
import { bracketOf, createTournament, playerOf, type Fixture } from './bracketsKit';

/*
 * Issue 27, round 4: with TLS_CERT_FILE and TLS_KEY_FILE the server speaks HTTPS with HTTP/2 itself (HTTP/1.1 still
 * accepted over TLS), over a real listening socket: the page, its precompressed assets, /v1 JSON, live streams,
 * HSTS, and shutting down with HTTP/2 sessions open.
 */

const dir = mkdtempSync(join(tmpdir(), 'clutch-h2-'));
const certificate = selfSignedCertificate(dir);
const tls = { certFile: certificate.certFile, keyFile: certificate.keyFile };
const PAGE = '<!doctype html><html><head><title>Clutch</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))})`;

/** A built dist/ in miniature: the page and one hashed script, each with the .br and .gz the build writes beside it. */
function builtApp(): string {
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  for (const [file, text] of [['index.html', PAGE], ['assets/app-1.js', SCRIPT]]) {
    writeFileSync(join(dist, file), text);
    writeFileSync(join(dist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${file}.gz`), gzipSync(text));
  }
  return dist;
}

interface H2Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request on an HTTP/2 session, the whole answer (the body as sent: still compressed when it was). */
function h2(session: ClientHttp2Session, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<H2Answer> {
  return new Promise((resolve, reject) => {
    const json = body === undefined ? {} : { 'content-type': 'application/json' };
    const stream = session.request({ ':path': path, ...json, ...headers });
    const chunks: Buffer[] = [];
    let head: IncomingHttpHeaders = {};
    stream.on('response', (h) => (head = h));
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve({ status: Number(head[':status']), headers: head, body: Buffer.concat(chunks) }));
    stream.on('error', reject);
    stream.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** An HTTPS client that does not offer h2 (no ALPN): HTTP/1.1 over TLS, as an old client. */
function https1(base: string, path: string): Promise<{ res: http.IncomingMessage; body: string }> {
  return new Promise((resolve, reject) => {
    https
      .get(`${base}${path}`, { ca: certificate.cert, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ res, body }));
      })
      .on('error', reject);
  });
}

const connect = async (base: string) => {
  const session = http2.connect(base, { ca: certificate.cert });
  await new Promise<void>((resolve, reject) => {
    session.once('connect', () => resolve());
    session.once('error', reject);
  });
  return session;
};

/** Process warnings while `work` runs (Node warns when it drops a header HTTP/2 forbids). */
async function warningsDuring(work: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const listen = (w: Error) => seen.push(`${w.name}: ${w.message}`);
  process.on('warning', listen);
  try {
    await work();
    // Warnings are emitted on the next tick.
    await new Promise((r) => setTimeout(r, 20));
  } finally {
    process.off('warning', listen);
  }
  return seen;
}

const report = async (server: TestServer, f: Fixture, matchNumber: number, a: number, b: number) => {
  const m = (await bracketOf(server.agent(), f.tournamentId)).byNumber(matchNumber);
  const res = await (await playerOf(server, f, m.entryAId)).post(`/v1/tournament/${f.tournamentId}/match/${m.id}`, { entryAScore: a, entryBScore: b });
  expect(res.status).toBe(200);
  return m;
};

describe('HTTPS with HTTP/2 (TLS_CERT_FILE and TLS_KEY_FILE)', () => {
  const server = useTestServer(() => ({ config: { tls, staticDir: builtApp() } }));
  let base = '';
  let session: ClientHttp2Session;
  const streams: SseClient[] = [];

  beforeAll(async () => {
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    session = await connect(base);
  });
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });
  afterAll(() => session?.close());

  it('negotiates h2 and serves the page, its precompressed script and /v1 JSON (brotli when large) with HSTS', async () => {
    expect(base).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect((session.socket as TLSSocket).alpnProtocol).toBe('h2');

    const page = await h2(session, '/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toContain('<div id="root"></div>');
    expect(page.headers['strict-transport-security']).toBe(HSTS);

    const script = await h2(session, '/assets/app-1.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(script.status).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(script.body).toString()).toBe(SCRIPT);

    const f = await createTournament(server.db, { ranks: [2000, 1990] });
    const read = await h2(session, `/v1/tournament/${f.tournamentId}`);
    expect(read.status).toBe(200);
    expect(read.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(read.body.toString())).toMatchObject({ id: f.tournamentId });

    const large = await h2(session, '/v1/openapi.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(large.status).toBe(200);
    expect(large.headers['content-type']).toMatch(/^application\/json/);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/);
    expect(Number(large.headers['content-length'])).toBe(large.body.length);
    expect(JSON.parse(brotliDecompressSync(large.body).toString())).toMatchObject({ openapi: expect.stringMatching(/^3\.1/) });
    expect(large.headers['strict-transport-security']).toBe(HSTS);
  });

  it('signs in over h2 with Secure cookies, and a write with its CSRF token goes through', async () => {
    await server.db.insert(users).values({ discordName: 'H2Player' });
    const signIn = await h2(session, '/v1/auth/discord?as=H2Player');
    const cookies = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []);
    expect(cookies.map((c) => c.split('=')[0])).toEqual(expect.arrayContaining(['clutch_at', 'clutch_rt']));
    for (const c of cookies) expect(c, c.split('=')[0]).toMatch(/; Secure/);
    const jar = () => cookies.map((c) => c.split(';')[0]).join('; ');
    const csrf = await h2(session, '/v1/auth/csrf', { cookie: jar() });
    cookies.push(...([] as string[]).concat(csrf.headers['set-cookie'] ?? []));
    const token = JSON.parse(csrf.body.toString()).token as string;
    const patched = await h2(session, '/v1/user', { ':method': 'PATCH', cookie: jar(), 'x-csrf-token': token }, { freeAgent: true });
    expect(patched.status, patched.body.toString()).toBe(200);
    expect(JSON.parse(patched.body.toString())).toMatchObject({ discordName: 'H2Player', freeAgent: true });
  });

  it('still answers HTTP/1.1 over TLS (a client that does not offer h2), with HSTS', async () => {
    const { res, body } = await https1(base, '/v1/health/live');
    expect(res.httpVersion).toBe('1.1');
    expect((res.socket as TLSSocket).alpnProtocol).toBe(false);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ status: 'alive' });
    expect(res.headers['strict-transport-security']).toBe(HSTS);
    const page = await https1(base, '/tournaments/1/details');
    expect(page.res.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
  });

  it('streams live events over h2: retry, then a change made after it opened; no Connection header; resumes after Last-Event-ID', async () => {
    const f = await createTournament(server.db, { ranks: [2000, 1990, 1980, 1970] });
    const path = `${base}/v1/tournament/${f.tournamentId}/events`;
    let first!: SseClient;
    const warnings = await warningsDuring(async () => {
      first = await SseClient.open(path, {}, session);
      streams.push(first);
      await first.next('ready');
    });
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(first.headers.connection).toBeUndefined();
    expect(warnings.filter((w) => /connection header/i.test(w))).toEqual([]);
    expect(first.retry).toBe(RETRY_MS);

    // Another client of the topic, which stays: once it has a change, the server has published it.
    const watcher = await SseClient.open(path, {}, session);
    streams.push(watcher);
    await watcher.next('ready');

    const m1 = await report(server, f, 1, 3, 1);
    const seen = await first.next('matches', 2_000);
    expect(seen.data.matches).toEqual([expect.objectContaining({ id: m1.id, entryAScoreA: 3, entryAScoreB: 1 })]);
    await watcher.next('matches', 2_000);
    first.close();

    // A change while the client was away, then a reconnection on the same session with its Last-Event-ID.
    const m2 = await report(server, f, 2, 0, 3);
    expect((await watcher.next('matches', 2_000)).data.matches[0].id).toBe(m2.id);
    const again = await SseClient.open(path, { 'last-event-id': seen.id }, session);
    streams.push(again);
    expect((await again.next('matches')).data.matches[0].id).toBe(m2.id);
    await again.next('ready');
    expect(again.rest()).toEqual([]);
  });
});

describe('shutting down with HTTP/2 sessions open', () => {
  let server: TestServer | null = null;
  let base = '';
  const sessions: ClientHttp2Session[] = [];
  beforeAll(async () => {
    server = await startTestServer({ config: { tls } });
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sessions) s.destroy();
    await server?.close();
  });
  const open = async () => {
    const s = await connect(base);
    sessions.push(s);
    return s;
  };
  const closed = (s: ClientHttp2Session) => new Promise<void>((resolve) => (s.closed ? resolve() : s.once('close', () => resolve())));

  it('at the deadline, drops every connection at once: HTTP/2 sessions with a stream open, HTTP/1.1 over TLS', async () => {
    const session = await open();
    const f = await createTournament(server!.database.db, { ranks: [2000, 1990] });
    const stream = await SseClient.open(`${base}/v1/tournament/${f.tournamentId}/events`, {}, session);
    await stream.next('ready');
    const idle = await open();
    expect((await h2(idle, '/v1/health/live')).status).toBe(200);
    // An HTTP/1.1 client over TLS whose connection is kept alive after its answer.
    const agent = new https.Agent({ keepAlive: true, ca: certificate.cert });
    const h1 = await new Promise<http.IncomingMessage>((resolve, reject) => https.get(`${base}/v1/health/live`, { agent }, resolve).on('error', reject));
    const kept = h1.socket;
    h1.resume();
    await new Promise((r) => h1.once('end', r));
    const socketClosed = new Promise<void>((resolve) => (kept.destroyed ? resolve() : kept.once('close', () => resolve())));

    server!.app.closeAllConnections();

    await Promise.all([closed(session), closed(idle), socketClosed]);
    expect(await stream.endsWithin(1_000)).toBe(true);
    agent.destroy();
  });

  it('draining: answers, then ends the HTTP/2 session (GOAWAY) instead of a Connection header; closing tells streams to come back soon and does not wait for idle sessions', async () => {
    const f = await createTournament(server!.database.db, { ranks: [2000, 1990] });
    const watching = await open();
    const stream = await SseClient.open(`${base}/v1/tournament/${f.tournamentId}/events`, {}, watching);
    await stream.next('ready');
    const idle = await open();
    expect((await h2(idle, '/v1/health/live')).status).toBe(200);

    server!.app.lifecycle.drain();
    const client = await open();
    const goaway = new Promise<void>((resolve) => client.once('goaway', () => resolve()));
    let answer!: H2Answer;
    const warnings = await warningsDuring(async () => {
      answer = await h2(client, '/v1/health/live');
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ phase: 'draining' });
    expect(answer.headers.connection).toBeUndefined();
    expect(warnings.filter((w) => /connection header/i.test(w))).toEqual([]);
    await goaway;

    // Closing the server: the stream is told to reconnect after a moment, and idle sessions do not hold it open.
    const started = Date.now();
    await server!.app.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await stream.endsWithin(1_000)).toBe(true);
    expect(stream.retry).toBe(DRAIN_RETRY_MS);
    await Promise.all([closed(idle), closed(watching)]);
  });
});

describe('plain HTTP (no certificate): as before', () => {
  const server = useTestServer();
  let base = '';
  beforeAll(async () => {
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('speaks HTTP/1.1 without HSTS, and a live stream keeps its Connection: keep-alive', async () => {
    expect(base).toMatch(/^http:\/\//);
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => http.get(`${base}/v1/health/live`, resolve).on('error', reject));
    res.resume();
    expect(res.httpVersion).toBe('1.1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const f = await createTournament(server.db, { ranks: [2000, 1990] });
    const stream = await SseClient.open(`${base}/v1/tournament/${f.tournamentId}/events`);
    try {
      expect(stream.headers.connection).toBe('keep-alive');
    } finally {
      stream.close();
    }
  });
});

describe('TLS configuration', () => {
  const env = { DATA_DIR: 'memory://', SESSION_SECRET: 's' };

  it('needs both files: one alone is a clear startup error', () => {
    expect(() => loadConfig({ ...env, TLS_CERT_FILE: tls.certFile })).toThrow(
      'HTTPS needs both TLS_CERT_FILE and TLS_KEY_FILE (the certificate and its private key): only TLS_CERT_FILE is set',
    );
    expect(() => loadConfig({ ...env, TLS_KEY_FILE: tls.keyFile })).toThrow(/HTTPS needs both TLS_CERT_FILE and TLS_KEY_FILE.*only TLS_KEY_FILE is set/);
  });

  it('with both, serves https: the public URL defaults to https://localhost:PORT; without, plain http as before', () => {
    const secure = loadConfig({ ...env, PORT: '8443', TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile });
    expect(secure.tls).toEqual(tls);
    expect(secure.publicUrl).toBe('https://localhost:8443');
    expect(loadConfig({ ...env, TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile, PUBLIC_URL: 'https://clutch.example/' }).publicUrl).toBe('https://clutch.example');
    const plain = loadConfig({ ...env, PORT: '8080' });
    expect(plain.tls).toBeUndefined();
    expect(plain.publicUrl).toBe('http://localhost:8080');
  });

  it('names the file it cannot read', async () => {
    const config = testConfig({ tls: { certFile: tls.certFile, keyFile: join(dir, 'missing.pem') } });
    await expect(buildApp({ config, database: {} as Database })).rejects.toThrow(`TLS_KEY_FILE: cannot read ${join(dir, 'missing.pem')} (ENOENT)`);
  });
});
