import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig, type Config } from '../../server/config';
import type { Database } from '../../server/db/client';
import { blobBytes } from './blobBytes';
import { freshDatabase, type DbTemplates } from './dbTemplates';

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The throwaway PostgreSQL database's URL (TEST_DB=postgres), for a second server instance on the same data. */
  databaseUrl?: string;
  /** A new browser-like client with its own cookie jar. */
  agent(): Agent;
  /**
   * Makes the server answer the next matching request with `status` and `{ message }` (a real server failure as the
   * client sees it: an outage, a bug). Matches "METHOD /v1/path" (the query is ignored); `times` defaults to 1.
   */
  failNext(route: string, status: number, message: string, times?: number): void;
  close(): Promise<void>;
}

/** Which database the server tests run on: PGlite by default, PostgreSQL when TEST_DB=postgres (needs DATABASE_URL). */
export const testDatabaseKind = () => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/** A throwaway PostgreSQL database (created on DATABASE_URL's server, dropped on close). */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `clutch_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The real server, in-process, on a fresh database (in-memory PGlite, or a throwaway PostgreSQL database).
 * `seed: true` loads the demo league.
 */
export async function startTestServer(opts: { config?: Partial<Config>; seed?: boolean; now?: number } = {}): Promise<TestServer> {
  // A copy of the run's migrated (or seeded) database when the run keeps them (tests/support/dbTemplates.ts).
  const templates = inject('dbTemplates') as DbTemplates | undefined;
  const { database, databaseUrl, drop } = await freshDatabase(testDatabaseKind(), templates, !!opts.seed, opts.now ?? Date.now());
  const config = testConfig(opts.config);
  const app = await buildApp({ config, database });
  const faults: { route: string; status: number; message: string; left: number }[] = [];
  app.addHook('onRequest', async (request, reply) => {
    const route = `${request.method} ${request.url.split('?')[0]}`;
    const fault = faults.find((f) => f.route === route && f.left > 0);
    if (!fault) return;
    fault.left--;
    return reply.code(fault.status).send({ message: fault.message });
  });
  await app.ready();
  return {
    app,
    database,
    config,
    databaseUrl,
    agent: () => new Agent(app),
    failNext(route, status, message, times = 1) {
      faults.push({ route, status, message, left: times });
    },
    async close() {
      await app.close();
      await database.close();
      await drop?.();
    },
  };
}

export type TestServerOptions = { config?: Partial<Config>; seed?: boolean; now?: number };

/** The server of a test file (or describe block), with the shortcuts the tests use. */
export interface TestServerHandle extends TestServer {
  /** The database the server runs on. */
  readonly db: Database['db'];
  /** A new client signed in as the account named `discordName`. */
  signIn(discordName: string): Promise<Agent>;
  /**
   * A client of the current scope's tests, signed in (in a `beforeAll` after the server starts) as `account`: a
   * Discord name, or a function that makes the account and answers its name. Call it at the top of the scope.
   */
  signedIn(account: string | (() => string | Promise<string>)): Agent;
}

/**
 * The one server set-up of the server tests: starts the real server on a fresh in-memory database before the
 * tests of the current file (or describe block) and closes it after them. Call it at the top of the scope, before
 * the scope's own `beforeAll`s (they run in order). `options` may be a function, read when the server starts (for
 * settings another `beforeAll` makes, e.g. a fake's URL).
 */
export function useTestServer(options: TestServerOptions | (() => TestServerOptions) = {}): TestServerHandle {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startTestServer(typeof options === 'function' ? options() : options);
  }, 120_000);
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  const server = () => {
    if (!current) throw new Error('useTestServer: the server starts in beforeAll; use it inside hooks and tests');
    return current;
  };
  return {
    get app() {
      return server().app;
    },
    get database() {
      return server().database;
    },
    get config() {
      return server().config;
    },
    get databaseUrl() {
      return server().databaseUrl;
    },
    get db() {
      return server().database.db;
    },
    agent: () => server().agent(),
    signIn: (discordName) => server().agent().signIn(discordName),
    signedIn(account) {
      const agent = new Agent(() => server().app);
      beforeAll(async () => {
        await agent.signIn(typeof account === 'function' ? await account() : account);
      });
      return agent;
    },
    failNext: (route, status, message, times) => server().failNext(route, status, message, times),
    close: () => server().close(),
  };
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
}

/** A browser-like client over app.inject: keeps cookies, fetches and sends the CSRF token. */
export class Agent {
  readonly cookies = new Map<string, string>();
  private csrf: string | null = null;
  private readonly appOf: () => FastifyInstance;

  /** `app` may be a function answering it, for a client made before its server starts (`signedIn`). */
  constructor(app: FastifyInstance | (() => FastifyInstance)) {
    this.appOf = typeof app === 'function' ? app : () => app;
  }

  get app(): FastifyInstance {
    return this.appOf();
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keepCookies(setCookie: string | string[] | undefined) {
    for (const line of ([] as string[]).concat(setCookie ?? [])) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Raw request: no automatic CSRF header (use to test 419). */
  async raw(opts: InjectOptions & { url: string }): Promise<Reply> {
    const res = await this.app.inject({
      ...opts,
      headers: { ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}), ...(opts.headers ?? {}) },
    });
    this.keepCookies(res.headers['set-cookie']);
    let body: unknown = res.body;
    if (String(res.headers['content-type'] ?? '').includes('application/json') && res.body) body = res.json();
    return { status: res.statusCode, body, headers: res.headers as Reply['headers'] };
  }

  async csrfToken(): Promise<string> {
    if (!this.csrf) this.csrf = (await this.raw({ method: 'GET', url: '/v1/auth/csrf' })).body.token as string;
    return this.csrf;
  }

  async get<T = any>(url: string): Promise<Reply<T>> {
    return this.raw({ method: 'GET', url });
  }

  /** A call with the CSRF header, as the SPA sends it. */
  async send<T = any>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<Reply<T>> {
    const token = await this.csrfToken();
    return this.raw({
      method,
      url,
      headers: { 'x-csrf-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }

  post = <T = any>(url: string, body?: unknown) => this.send<T>('POST', url, body);
  patch = <T = any>(url: string, body?: unknown) => this.send<T>('PATCH', url, body);
  put = <T = any>(url: string, body?: unknown) => this.send<T>('PUT', url, body);
  delete = <T = any>(url: string, body?: unknown) => this.send<T>('DELETE', url, body);

  /** Local sign-in as the account named `discordName` (Discord not configured). */
  async signIn(discordName: string): Promise<this> {
    const res = await this.raw({ method: 'GET', url: `/v1/auth/discord?as=${encodeURIComponent(discordName)}` });
    if (res.status !== 302) throw new Error(`sign-in as ${discordName} answered ${res.status}`);
    return this;
  }

  /** A fetch implementation backed by this agent (cookies included), for the SPA's API client in view tests. */
  fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const headers = new Headers(init?.headers);
    let payload = init?.body as string | Buffer | undefined | null;
    if (init?.body instanceof FormData) {
      const form = await multipartBody(init.body);
      payload = form.payload;
      headers.set('content-type', form.contentType);
    }
    const res = await this.raw({
      method: (init?.method ?? 'GET') as InjectOptions['method'],
      url: url.pathname + url.search,
      headers: Object.fromEntries(headers.entries()),
      ...(payload !== undefined && payload !== null ? { payload } : {}),
    });
    const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
    const outHeaders = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v !== undefined && k !== 'set-cookie') outHeaders.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    }
    return new Response(res.status === 204 || res.status === 304 ? null : text, { status: res.status, headers: outHeaders });
  };
}

/** Encodes a FormData as a browser would send it (multipart/form-data), for uploads from the SPA in view tests. */
async function multipartBody(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const boundary = `----clutchview${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      const data = Buffer.from(await blobBytes(value));
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`,
        ),
        data,
        Buffer.from('\r\n'),
      );
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
