import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/*
 * GET /v1/health: is this server up, and is its database answering? One `select 1` at a time, shared by every caller.
 * A check that does not settle quickly is not waited for: the database is busy, not down (with PGlite one long
 * transaction, such as starting a 4,096-entry bracket, holds its only connection for a second or two), so the answer
 * comes from the last settled check, with its age, until the check in flight has waited longer than STALLED_MS.
 * A failed check, or one stalled that long, answers 503.
 */

/** How long the request that starts a check waits for it before it answers from the last settled one. */
const FRESH_WAIT_MS = 20;
/** A check in flight this long means the database is not answering (a monitor's own timeout is usually 5–10 s). */
const STALLED_MS = 10_000;

export const DATABASE_UNAVAILABLE = 'The database is not answering';

interface Settled {
  ok: boolean;
  at: number;
}

export function healthRoutes(app: FastifyInstance, database: Database) {
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

  app.get('/v1/health', async (_request, reply) => {
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
    reply.header('cache-control', 'no-store');
    const now = Date.now();
    const answer = fresh ?? (now - pending.since < STALLED_MS ? last : null);
    if (answer?.ok) {
      return fresh ? { status: 'ok', database: database.kind } : { status: 'ok', database: database.kind, checkedMsAgo: now - answer.at };
    }
    return reply.code(503).send({ status: 'unavailable', database: database.kind, message: DATABASE_UNAVAILABLE });
  });
}
