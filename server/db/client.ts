import { PGlite } from '@electric-sql/pglite';
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
   * LISTENs on `channel` once for this process and calls `onPayload` with each notification's payload, in commit
   * order. PostgreSQL: on a dedicated connection outside the pool, reconnected after an error; `onLost` is called
   * when notifications may have been missed (the connection dropped). Resolves to the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost: () => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole data directory as a tarball, for `openDatabase({ loadDataDir })` (test templates). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

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
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover, admin command) must not crash the process:
    // the pool discards it and opens a new one on the next query.
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      listen: (channel, onPayload, onLost) => listenPostgres(opts.databaseUrl!, channel, onPayload, onLost),
      close: () => pool.end(),
    };
  }
  const client = new PGlite({ ...(opts.dataDir === 'memory://' ? {} : { dataDir: opts.dataDir }), loadDataDir: opts.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/** Waits this long before reconnecting a dropped LISTEN connection, doubling up to the maximum. */
const LISTEN_RETRY_MS = [250, 8_000];

/** One dedicated LISTEN connection (a pooled one would be handed to queries), reconnected with backoff. */
async function listenPostgres(url: string, channel: string, onPayload: (payload: string) => void, onLost: () => void) {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = LISTEN_RETRY_MS[0];
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    const lost = (err?: Error) => {
      if (client !== next || stopped) return;
      client = null;
      console.warn(`PostgreSQL LISTEN connection lost${err ? `: ${err.message}` : ''}; reconnecting`);
      next.end().catch(() => {});
      onLost();
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
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}
