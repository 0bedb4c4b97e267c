import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { buildApp } from './app';
import { seedIfEmpty } from './db/seed';
import { startAdminSocket } from './ops/backup';

/** Connections the kernel may hold for this server before it accepts them. */
export const LISTEN_BACKLOG = 4096;

/*
 * One server instance's life (issue 24), what `npm start` runs (server/main.ts wires the signals):
 * 1. listen at once, `starting`: liveness answers, /v1 answers 503 (server/ops/lifecycle.ts);
 * 2. migrate and seed the demo under the boot lock, so instances started together on an empty database take turns
 *    (one migrates and seeds, the others wait for it, then find nothing to do);
 * 3. `serving`: readiness passes once the LISTEN of live updates is up and the database answers.
 * Shutdown (`stop`): `draining` (readiness fails, every response closes its connection), SHUTDOWN_DELAY_MS for a
 * balancer to notice, then the listener closes, live streams are told to reconnect elsewhere, in-flight requests
 * get SHUTDOWN_TIMEOUT_MS to finish (then their connections are closed), and the database is released (PGlite
 * flushed and closed; the pool ended).
 */

export interface Instance {
  app: FastifyInstance;
  database: Database;
  /** Where the platform listens (http://host:port, or https:// with TLS_CERT_FILE and TLS_KEY_FILE). */
  url: string;
  /** Where metrics are served on a port of their own, if so. */
  metricsUrl: string | null;
  /** Shuts down as on SIGTERM; resolves once the database is released. The same promise for every call. */
  stop(reason?: string): Promise<void>;
}

export async function startInstance(config: Config): Promise<Instance> {
  // PGlite data belongs to one process: a second server on the same directory stops here, before opening it.
  let database: Database | null = null;
  const embedded = !config.databaseUrl && config.dataDir !== 'memory://';
  const stopAdminSocket = embedded ? await startAdminSocket(config.dataDir, () => database!.dumpDataDir!()) : async () => {};
  let app: FastifyInstance;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    app = await buildApp({ config, database, starting: true });
  } catch (err) {
    await stopAdminSocket();
    await database?.close();
    throw err;
  }
  const db = database;
  // A deep accept queue: a wave of reconnections (another instance's streams moving here) waits to be accepted
  // instead of its SYNs being dropped and retried after 1, 3 and 7 s (Node's default is 511; the kernel caps it at
  // net.core.somaxconn).
  const url = await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  const metricsUrl = (await app.metrics?.listen()) ?? null;

  let stopping: Promise<void> | null = null;
  const stop = (reason = 'stop') =>
    (stopping ??= (async () => {
      app.lifecycle.drain();
      app.log.info({ reason, delayMs: config.shutdownDelayMs, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
      if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
      const deadline = setTimeout(() => {
        app.log.warn(`requests still running after ${config.shutdownTimeoutMs} ms: closing their connections`);
        app.closeAllConnections();
      }, config.shutdownTimeoutMs);
      try {
        await app.close();
      } finally {
        clearTimeout(deadline);
        await stopAdminSocket();
        await db.close();
      }
    })());

  try {
    const seeded = await db.withBootLock(async () => {
      await db.migrate();
      return config.seedDemo ? seedIfEmpty(db.db) : false;
    });
    if (config.seedDemo) app.log.info(seeded ? 'seeded the demo league' : 'database already has data: not seeding');
  } catch (err) {
    await stop('boot failed').catch(() => {});
    throw err;
  }
  app.discordOutbox.start();
  app.lifecycle.serving();
  return { app, database: db, url, metricsUrl, stop };
}
