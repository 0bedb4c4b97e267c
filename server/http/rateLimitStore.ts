import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/*
 * A store for @fastify/rate-limit that counts in PostgreSQL (RATE_LIMIT_STORE=postgres, issue 24): every instance
 * on one database shares each client's count, so N instances allow RATE_LIMIT_MAX per client, not N times it.
 * One upsert per limited request on the UNLOGGED `rate_limits` table (migration 0007); windows follow the
 * database's clock. Without it each instance counts alone (the plugin's in-memory store).
 */

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** One request in this many also deletes the rows of windows that ended (no timer to stop). */
const SWEEP_ONE_IN = 500;

const nowMs = sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/** The store class the plugin instantiates (`store:` option), bound to `db`. */
export function postgresRateLimitStore(db: Db) {
  return class PostgresRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      const window = Math.max(1, Math.round(timeWindow));
      // A row whose window ended starts again at 1; `excluded.reset_at - window` is this statement's now.
      db.execute(sql`
        insert into rate_limits as r (key, hits, reset_at) values (${key}, 1, ${nowMs} + ${window})
        on conflict (key) do update set
          hits = case when r.reset_at <= excluded.reset_at - ${window} then 1 else r.hits + 1 end,
          reset_at = case when r.reset_at <= excluded.reset_at - ${window} then excluded.reset_at else r.reset_at end
        returning hits, reset_at - ${nowMs} as ttl`)
        .then((result) => {
          const [row] = (result as unknown as { rows: { hits: number; ttl: string | number }[] }).rows;
          callback(null, { current: Number(row.hits), ttl: Math.max(0, Number(row.ttl)) });
          if (Math.random() * SWEEP_ONE_IN < 1) void db.execute(sql`delete from rate_limits where reset_at < ${nowMs}`).catch(() => {});
        })
        .catch((error: Error) => callback(error));
    }

    child() {
      return this;
    }
  };
}
