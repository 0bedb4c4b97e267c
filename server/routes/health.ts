import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { DATABASE_UNAVAILABLE } from '../http/errors';
import type { Lifecycle } from '../ops/lifecycle';
import { boolean, integer, literal, optional, record, string, type } from 'superstruct';
import { defineRoute } from '../http/route';

/** The answers of the health checks (monitors read them; the SPA does not). */
const Health = type({ status: string(), database: string(), checkedMsAgo: optional(integer()) });
const Unhealthy = type({ status: string(), database: string(), message: string(), checks: optional(record(string(), boolean())) });

/*
 * GET /v1/health: is this server up, and is its database answering? One `select 1` at a time, shared by every caller.
 * A check that does not settle quickly is not waited for: the database is busy, not down (with PGlite one long
 * transaction, such as starting a 4,096-entry bracket, holds its only connection for a second or two), so the answer
 * comes from the last settled check, with its age, until the check in flight has waited longer than STALLED_MS.
 * A failed check, or one stalled that long, answers 503.
 *
 * GET /v1/health/live (liveness, issue 24): the process answers; nothing else is checked, since restarting it would
 * not bring a database back. GET /v1/health/ready (readiness): migrations are done, the LISTEN connection of live
 * updates is up, the database check passes, and the instance is not shutting down; otherwise 503 with what is
 * missing. Balancers route by readiness; orchestrators restart by liveness.
 */

/** How long the request that starts a check waits for it before it answers from the last settled one. */
const FRESH_WAIT_MS = 20;
/** A check in flight this long means the database is not answering (a monitor's own timeout is usually 5–10 s). */
const STALLED_MS = 10_000;

export const READINESS = {
  starting: 'Migrations are not done yet',
  draining: 'This instance is shutting down',
  notListening: 'Live updates are not connected to the database',
} as const;

interface Settled {
  ok: boolean;
  at: number;
}

export function healthRoutes(app: FastifyInstance, database: Database, lifecycle: Lifecycle) {
  let last: Settled | null = null;
  let inFlight: { since: number; done: Promise<Settled> } | null = null;

  const check = () => {
    if (!inFlight) {
      const since = Date.now();
      const done = database.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ).then((ok) => {
        last = { ok, at: Date.now() };
        inFlight = null;
        return last;
      });
      inFlight = { since, done };
    }
    return inFlight;
  };

  /** The database check: a fresh answer, or the last settled one with its age while a check is slow; null when down. */
  const databaseCheck = async (): Promise<{ checkedMsAgo?: number } | null> => {
    const waiting = inFlight;
    const pending = check();
    // A check already waiting is not waited for again; without an earlier answer there is nothing to fall back on,
    // so wait until the check settles or counts as stalled.
    const wait = !last ? STALLED_MS - (Date.now() - pending.since) : waiting ? 0 : FRESH_WAIT_MS;
    let timer: NodeJS.Timeout | undefined;
    const fresh =
      wait > 0
        ? await Promise.race([pending.done, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), wait)))])
        : null;
    clearTimeout(timer);
    const now = Date.now();
    const answer = fresh ?? (now - pending.since < STALLED_MS ? last : null);
    if (!answer?.ok) return null;
    return fresh ? {} : { checkedMsAgo: now - answer.at };
  };

  defineRoute(
    app,
    { method: 'GET', url: '/v1/health', summary: 'Is this server up, and is its database answering?', access: 'public', responses: { 200: Health, 503: Unhealthy } },
    async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    const ok = await databaseCheck();
    if (ok) return { status: 'ok', database: database.kind, ...ok };
    return reply.code(503).send({ status: 'unavailable', database: database.kind, message: DATABASE_UNAVAILABLE });
    },
  );

  defineRoute(
    app,
    { method: 'GET', url: '/v1/health/live', summary: 'Liveness: the process answers', access: 'public', responses: type({ status: literal('alive'), phase: string() }) },
    async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { status: 'alive', phase: lifecycle.phase };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/v1/health/ready',
      summary: 'Readiness: migrated, live updates connected, the database answering, not shutting down',
      access: 'public',
      responses: { 200: Health, 503: Unhealthy },
    },
    async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    const unready = (status: string, message: string, checks?: Record<string, boolean>) =>
      reply.code(503).send({ status, database: database.kind, message, ...(checks ? { checks } : {}) });
    if (lifecycle.phase === 'draining') return unready('draining', READINESS.draining);
    const ok = await databaseCheck();
    const checks = { migrated: lifecycle.phase === 'serving', listening: database.listening(), database: !!ok };
    if (!checks.database) return unready('unavailable', DATABASE_UNAVAILABLE, checks);
    if (!checks.migrated) return unready('starting', READINESS.starting, checks);
    if (!checks.listening) return unready('unavailable', READINESS.notListening, checks);
    return { status: 'ready', database: database.kind };
    },
  );
}
