import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { discordDeliveries, seasons, tournaments, type StoredAnnouncement } from '../db/schema';
import { nowMs } from './bracketStore';
import { postWebhookMessage } from './discord';

/*
 * The delivery worker of Discord announcements (issue 25), one per server instance. Announcements wait in the
 * `discord_deliveries` outbox (queued by announcements.ts in the transaction that caused them); the worker claims the
 * oldest due one together with the due ones of the same tournament or season (one webhook: up to 10 embeds in one
 * message, in queue order) with FOR UPDATE SKIP LOCKED, so instances sharing a PostgreSQL never claim the same row,
 * marks them SENDING with a lease, posts, and records the outcome:
 * - 2xx: DELIVERED;
 * - 429: back to PENDING until Discord's `retry_after` (the webhook, or every webhook for a global limit, waits too),
 *   not counted as a failed try; `X-RateLimit-Remaining: 0` holds the webhook until `X-RateLimit-Reset-After`;
 * - 5xx, a timeout or no connection: retried with exponential backoff, FAILED with the error after `maxAttempts` tries;
 * - another 4xx (a deleted webhook, a refused message): FAILED at once, the error kept.
 * A row left SENDING after its lease (the instance stopped mid-send and never learnt the outcome) becomes FAILED
 * rather than being sent again: Discord has no idempotency key, so a second try could post it twice. Stopping the
 * worker (the app's onClose) waits for the message in flight, so a clean shutdown never leaves one.
 * All due times are the database's clock, the one every instance shares.
 */

type Delivery = typeof discordDeliveries.$inferSelect;
type Log = { warn: (obj: object, msg: string) => void };

/** Discord's limits: 10 embeds a message, 6,000 characters of embed text a message. */
const MAX_EMBEDS = 10;
const MAX_MESSAGE_TEXT = 5_800;
/** The first key of the claim's advisory lock (the second is the scope: a tournament id, or minus a season id). */
const CLAIM_LOCK = 25_025;
export const INTERRUPTED = 'Interrupted while sending (the server stopped): not retried, so it is never posted twice';
export const NO_WEBHOOK = 'No Discord webhook is set any more';

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** The Discord embed of a stored announcement: the title links back to its page on the public site. */
export function discordEmbed(payload: StoredAnnouncement, publicUrl: string, createdAt: number) {
  return {
    title: clip(payload.title, 256),
    description: clip(payload.description, 4096),
    url: `${publicUrl}${payload.path}`,
    color: payload.color,
    fields: payload.fields.slice(0, 25).map((f) => ({ name: clip(f.name, 256), value: clip(f.value, 1024), inline: f.inline ?? false })),
    footer: { text: 'Clutch' },
    timestamp: new Date(createdAt).toISOString(),
  };
}

const embedText = (e: ReturnType<typeof discordEmbed>) =>
  e.title.length + e.description.length + e.footer.text.length + e.fields.reduce((n, f) => n + f.name.length + f.value.length, 0);

export type DiscordOutbox = ReturnType<typeof createDiscordOutbox>;

export function createDiscordOutbox(db: Db, config: Config, log: Log) {
  const settings = config.announcements;
  /** Webhook URL → not before (ms): what Discord's rate-limit answers said. */
  const holds = new Map<string, number>();
  let globalHold = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = true;

  async function release(ids: number[], values: PgUpdateSetSource<typeof discordDeliveries>): Promise<void> {
    if (ids.length > 0) await db.update(discordDeliveries).set({ leaseUntil: null, ...values }).where(inArray(discordDeliveries.id, ids));
  }

  /**
   * The oldest due delivery and the due ones of the same tournament or season after it, now SENDING. One scope is
   * sent by one worker at a time, so its messages keep their order: a scope with a message in flight is passed over,
   * and the claim takes an advisory lock on its scope before it locks any row (released at commit, when its SENDING
   * rows are visible to the next claim), so no other claim can hold back the scope's oldest row meanwhile.
   */
  async function claim(): Promise<Delivery[]> {
    const lease = settings.requestTimeoutMs + 30_000;
    const ids = await db.transaction(async (tx) => {
      const rows = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
      const sameScope = (a: string, b: string) =>
        sql.raw(`${a}.tournament_id is not distinct from ${b}.tournament_id and ${a}.season_id is not distinct from ${b}.season_id`);
      const [head] = rows(
        await tx.execute(sql`
          select h.tournament_id, h.season_id from ${discordDeliveries} h
          where h.state = 'PENDING' and h.next_attempt_at <= ${nowMs}
            and not exists (select 1 from ${discordDeliveries} s where s.state = 'SENDING' and ${sameScope('s', 'h')})
          order by h.id limit 1`),
      );
      if (!head) return [];
      const scopeKey = head.tournament_id !== null ? Number(head.tournament_id) : -Number(head.season_id);
      const [{ locked }] = rows(await tx.execute(sql`select pg_try_advisory_xact_lock(${CLAIM_LOCK}::int, ${scopeKey}::int) as locked`));
      if (!locked) return [];
      const claimed = rows(
        await tx.execute(sql`
          update ${discordDeliveries} set state = 'SENDING', lease_until = ${nowMs} + ${lease}::bigint
          where id in (
            select d.id from ${discordDeliveries} d
            where d.state = 'PENDING' and d.next_attempt_at <= ${nowMs}
              and d.tournament_id is not distinct from ${head.tournament_id}::int and d.season_id is not distinct from ${head.season_id}::int
              and not exists (select 1 from ${discordDeliveries} s where s.state = 'SENDING' and ${sameScope('s', 'd')})
            order by d.id limit ${MAX_EMBEDS}
            for update skip locked)
          returning id`),
      );
      return claimed.map((r) => Number(r.id));
    });
    if (ids.length === 0) return [];
    return db.select().from(discordDeliveries).where(inArray(discordDeliveries.id, ids)).orderBy(asc(discordDeliveries.id));
  }

  async function webhookOf(d: Delivery): Promise<string | null> {
    const [row] =
      d.tournamentId !== null
        ? await db.select({ url: tournaments.discordWebhookUrl }).from(tournaments).where(eq(tournaments.id, d.tournamentId))
        : await db.select({ url: seasons.discordWebhookUrl }).from(seasons).where(eq(seasons.id, d.seasonId!));
    return row?.url ?? null;
  }

  /** Back to PENDING after `waitMs` without counting a failed try (a rate limit, a hold). */
  const later = (ids: number[], waitMs: number, lastError: string | null) =>
    release(ids, { state: 'PENDING', nextAttemptAt: sql`${nowMs} + ${Math.ceil(waitMs)}::bigint`, lastError });

  /** A failed try: retried after the backoff, or FAILED once it was the last one allowed. */
  const failed = async (ids: number[], error: string): Promise<void> => {
    await db
      .update(discordDeliveries)
      .set({
        attempts: sql`${discordDeliveries.attempts} + 1`,
        state: sql`case when ${discordDeliveries.attempts} + 1 >= ${settings.maxAttempts}::int then 'FAILED' else 'PENDING' end`,
        nextAttemptAt: sql`${nowMs} + least(${settings.retryBaseMs}::bigint * power(2, ${discordDeliveries.attempts})::bigint, ${settings.retryMaxMs}::bigint)`,
        lastError: error,
        leaseUntil: null,
      })
      .where(inArray(discordDeliveries.id, ids));
  };

  const seconds = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN);

  /** Discord's rate-limit headers: a webhook with no requests left waits until its bucket resets. */
  function noteBucket(url: string, headers: Headers) {
    const after = seconds(headers.get('x-ratelimit-reset-after'));
    if (headers.get('x-ratelimit-remaining') === '0' && Number.isFinite(after)) holds.set(url, Date.now() + after * 1000);
  }

  async function deliver(batch: Delivery[]): Promise<void> {
    const url = await webhookOf(batch[0]);
    const ids = batch.map((d) => d.id);
    if (!url) return release(ids, { state: 'CANCELLED', lastError: NO_WEBHOOK });
    const hold = Math.max(globalHold, holds.get(url) ?? 0) - Date.now();
    if (hold > 0) return later(ids, hold, null);
    // Keep the message inside Discord's limits; what does not fit goes in the next one.
    const embeds = batch.map((d) => discordEmbed(d.payload, config.publicUrl, d.createdAt));
    let size = embeds.length;
    while (size > 1 && embeds.slice(0, size).reduce((n, e) => n + embedText(e), 0) > MAX_MESSAGE_TEXT) size--;
    await later(ids.slice(size), 0, null);
    const sent = ids.slice(0, size);
    let res: Response;
    try {
      res = await postWebhookMessage(url, embeds.slice(0, size), settings.requestTimeoutMs);
    } catch (err) {
      return failed(sent, `Could not reach Discord: ${(err as Error).message}`);
    }
    noteBucket(url, res.headers);
    const body = (await res.json().catch(() => ({}))) as { retry_after?: unknown; global?: unknown; message?: unknown };
    if (res.ok) return release(sent, { state: 'DELIVERED', deliveredAt: nowMs, lastError: null });
    if (res.status === 429) {
      const wait = seconds(body.retry_after ?? res.headers.get('retry-after'));
      const waitMs = (Number.isFinite(wait) && wait >= 0 ? wait : 1) * 1000;
      if (body.global === true) globalHold = Date.now() + waitMs;
      else holds.set(url, Date.now() + waitMs);
      return later(sent, waitMs, `Rate limited by Discord (429): retrying after ${(waitMs / 1000).toFixed(1)} s`);
    }
    const why = typeof body.message === 'string' ? `: ${body.message}` : '';
    if (res.status >= 500) return failed(sent, `Discord answered ${res.status}${why}`);
    // A refusal (400 a bad message, 401/403/404 a deleted or wrong webhook) will not change by trying again.
    return release(sent, { state: 'FAILED', attempts: sql`${discordDeliveries.attempts} + 1`, lastError: `Discord refused it (${res.status})${why}` });
  }

  /** One round: give up on interrupted sends, then deliver what is due, a batch at a time. */
  async function tick(): Promise<void> {
    await db
      .update(discordDeliveries)
      .set({ state: 'FAILED', leaseUntil: null, lastError: INTERRUPTED })
      .where(and(eq(discordDeliveries.state, 'SENDING'), lt(discordDeliveries.leaseUntil, nowMs)));
    for (let round = 0; round < 100 && !stopped; round++) {
      const batch = await claim();
      if (batch.length === 0) return;
      await deliver(batch);
    }
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((err: Error) => log.warn({ err }, 'Discord announcements: delivery round failed'))
        .finally(() => {
          running = null;
          schedule(settings.pollMs);
        });
    }, delay);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    /** Stops polling and waits for the message in flight (the app's onClose). */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
