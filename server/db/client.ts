import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type services use: PGlite and node-postgres share the PostgreSQL dialect. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding the boot lock (PostgreSQL: a session advisory lock on a connection of its own), so that
   * of several instances started at once on an empty database one migrates and seeds while the others wait. A
   * process that dies holding it releases it with its connection. PGlite: one process owns the data, no lock.
   */
  withBootLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * LISTENs on `channel` once for this process and calls `onPayload` with each notification's payload, in commit
   * order. PostgreSQL: on a dedicated connection outside the pool, reconnected after an error; `onLost` is called
   * once the connection LISTENs again after it dropped (notifications in between may have been missed, and from now
   * on none is). Resolves to the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost: () => void): Promise<() => Promise<void>>;
  /** Whether a LISTEN started by `listen` is up now (false while its connection is down and being reconnected). */
  listening(): boolean;
  /** Calls `observe` with the duration in seconds of every query from now on (metrics). */
  observeQueries(observe: (seconds: number) => void): void;
  /** PostgreSQL: the pool's connections (open, idle, and callers waiting for one); PGlite: null (one connection). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /**
   * PGlite: a consistent copy of the data directory (a gzipped tar that `loadDataDir` opens), taken while serving:
   * queries wait while it is copied, and a transaction still open is left out (as after a crash). PostgreSQL: null
   * (pg_dump; README "Operating Clutch").
   */
  dumpDataDir: (() => Promise<Blob>) | null;
  close(): Promise<void>;
}

/** Key of the boot lock (pg_advisory_lock): "clutch" in ASCII, one name for every instance of this application. */
export const BOOT_LOCK_KEY = 0x636c75746368n;
/**
 * How long a request waits for a PostgreSQL connection (a new one, or a free one of the pool) before it fails with
 * 503: while the database is down or unreachable, callers get an answer instead of a hanging socket.
 */
export const CONNECT_TIMEOUT_MS = 3_000;

// Not `new URL('./migrations', import.meta.url)`: Vite rewrites that pattern into an asset URL when the view tests
// load the server in-process under jsdom.
const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database: PostgreSQL when `databaseUrl` is set, otherwise PGlite in `dataDir`
 * (or in memory when `dataDir` is 'memory://', which tests use). `loadDataDir` (PGlite) starts from a data
 * directory another database dumped (`dumpDataDir`): the tests copy one migrated database instead of migrating each.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; loadDataDir?: Blob }): Promise<Database> {
  if (opts.databaseUrl) {
    const url = opts.databaseUrl;
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    // An idle connection dropped by the server (restart, failover, admin command) must not crash the process:
    // the pool discards it and opens a new one on the next query.
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    let listeners = 0;
    let up = 0;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      withBootLock: (fn) => withAdvisoryLock(url, fn),
      listen: async (channel, onPayload, onLost) => {
        listeners++;
        return listenPostgres(url, channel, onPayload, onLost, (isUp) => (up += isUp ? 1 : -1));
      },
      listening: () => listeners > 0 && up === listeners,
      observeQueries: (observe) => {
        const timed = new WeakSet<pg.PoolClient>();
        // Every checkout (pool.query's and a transaction's) passes here; each connection is wrapped once.
        pool.on('acquire', (client) => {
          if (timed.has(client)) return;
          timed.add(client);
          client.query = timeQuery(client.query.bind(client) as AnyQuery, observe) as typeof client.query;
        });
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      dumpDataDir: null,
      close: () => pool.end(),
    };
  }
  const client = new PGlite({ ...(opts.dataDir === 'memory://' ? {} : { dataDir: opts.dataDir }), loadDataDir: opts.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let listens = 0;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    withBootLock: (fn) => fn(),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      listens++;
      return async () => {
        listens--;
        if (!client.closed) await unlisten();
      };
    },
    listening: () => listens > 0 && !client.closed,
    observeQueries: (observe) => {
      // drizzle calls `query` on the client, and inside a transaction on the transaction's handle.
      client.query = timeQuery(client.query.bind(client) as AnyQuery, observe) as typeof client.query;
      const transaction = client.transaction.bind(client);
      client.transaction = ((fn: (tx: Transaction) => Promise<unknown>) =>
        transaction((tx) => {
          tx.query = timeQuery(tx.query.bind(tx) as AnyQuery, observe) as typeof tx.query;
          return fn(tx);
        })) as typeof client.transaction;
    },
    poolStats: () => null,
    dumpDataDir: async () => {
      // Written to the data files first, so restoring replays little WAL.
      await client.query('CHECKPOINT');
      return client.dumpDataDir('gzip');
    },
    close: () => client.close(),
  };
}

/**
 * Wraps a driver's `query` so that `observe` gets each query's duration (waiting for the connection included):
 * the promise form, and node-postgres's callback form (pg-pool's own `query` uses it).
 */
type AnyQuery = (...args: unknown[]) => unknown;
function timeQuery(query: AnyQuery, observe: (seconds: number) => void): AnyQuery {
  return (...args: unknown[]) => {
    const started = performance.now();
    const done = () => observe((performance.now() - started) / 1000);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...a: unknown[]) => void;
      args[last] = (...a: unknown[]) => {
        done();
        callback(...a);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
    return result;
  };
}

/** Runs `fn` holding the boot advisory lock, on a connection of its own (the lock belongs to that session). */
async function withAdvisoryLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A connection dropped while waiting fails the query below; the error event must not crash the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [BOOT_LOCK_KEY.toString()]);
    return await fn();
  } finally {
    // Ending the session releases the lock (also when the unlock cannot be sent).
    await client.query('select pg_advisory_unlock($1)', [BOOT_LOCK_KEY.toString()]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/** Waits this long before reconnecting a dropped LISTEN connection, doubling up to the maximum. */
const LISTEN_RETRY_MS = [250, 2_000];

/**
 * One dedicated LISTEN connection (a pooled one would be handed to queries), reconnected with backoff. `onLost`
 * runs once the connection LISTENs again after a drop: from then on no notification is missed, so what a client
 * reads at that moment (the hub tells every client to read again) includes every change made while it was down.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onLost: () => void,
  onUp: (up: boolean) => void,
) {
  let client: pg.Client | null = null;
  let stopped = false;
  let dropped = false;
  let isUp = false;
  let delay = LISTEN_RETRY_MS[0];
  let timer: NodeJS.Timeout | undefined;
  const setUp = (value: boolean) => {
    if (value !== isUp) onUp((isUp = value));
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    next.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    const lost = (err?: Error) => {
      if (client !== next || stopped) return;
      client = null;
      if (isUp) console.warn(`PostgreSQL LISTEN connection lost${err ? `: ${err.message}` : ''}; reconnecting`);
      setUp(false);
      dropped = true;
      next.end().catch(() => {});
      timer = setTimeout(retry, delay);
      delay = Math.min(delay * 2, LISTEN_RETRY_MS[1]);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      delay = LISTEN_RETRY_MS[0];
      setUp(true);
      if (dropped) {
        dropped = false;
        console.warn('PostgreSQL LISTEN connection is back');
        onLost();
      }
    } catch (err) {
      lost(err as Error);
      throw err;
    }
  };
  const retry = () => {
    if (!stopped) connect().catch(() => {});
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    setUp(false);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}
