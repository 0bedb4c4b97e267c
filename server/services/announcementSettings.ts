import { randomUUID, createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { discordDeliveries, seasons, tournaments } from '../db/schema';
import { badRequest, conflict } from '../http/errors';
import { recordAudit } from './auditLog';
import { enqueue, testAnnouncement, type AnnouncementScope } from './announcements';
import { getTournament } from './tournamentStore';
import { getSeasonRow } from './seasonStore';
import {
  isDiscordWebhookUrl,
  maskWebhookUrl,
  type AnnouncementDelivery,
  type AnnouncementSettings,
} from '../../src/api/contract/announcements';
import { ANNOUNCEMENT_ERRORS } from '../../src/domain/messages';

/*
 * Staff's side of Discord announcements (issue 25): the webhook of a tournament or a season (set, replaced or
 * removed, with an audit row), "Send test message", and the latest deliveries with their state. The webhook's token
 * is a secret (whoever has the URL can post in the channel): it is never answered back, not even to staff, and the
 * audit log keeps only the masked URL and a fingerprint that tells two tokens apart.
 */

/** How many deliveries the admin dialog lists. */
export const RECENT_DELIVERIES = 10;

const table = (kind: AnnouncementScope['kind']) => (kind === 'tournament' ? tournaments : seasons);

/** The tournament's or season's name and webhook, or 404. */
async function scopeRow(db: Db | Tx, scope: AnnouncementScope): Promise<{ name: string; webhook: string | null; path: string }> {
  if (scope.kind === 'tournament') {
    const t = await getTournament(db, scope.id);
    return { name: t.title, webhook: t.discordWebhookUrl, path: `/tournaments/${t.id}` };
  }
  const s = await getSeasonRow(db, scope.id);
  return { name: s.name, webhook: s.discordWebhookUrl, path: `/seasons/${s.id}` };
}

const ownerColumn = (kind: AnnouncementScope['kind']) => (kind === 'tournament' ? discordDeliveries.tournamentId : discordDeliveries.seasonId);

function toDelivery(row: typeof discordDeliveries.$inferSelect): AnnouncementDelivery {
  return {
    id: row.id,
    event: row.event,
    title: row.payload.title,
    state: row.state,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt,
    nextAttemptAt: row.state === 'PENDING' ? row.nextAttemptAt : null,
    deliveredAt: row.deliveredAt,
  };
}

/** GET …/announcements: the webhook (masked) and the latest deliveries, newest first. */
export async function announcementSettings(db: Db, scope: AnnouncementScope): Promise<AnnouncementSettings> {
  const { webhook } = await scopeRow(db, scope);
  const rows = await db
    .select()
    .from(discordDeliveries)
    .where(eq(ownerColumn(scope.kind), scope.id))
    .orderBy(desc(discordDeliveries.id))
    .limit(RECENT_DELIVERIES);
  return { webhook: webhook === null ? null : maskWebhookUrl(webhook), deliveries: rows.map(toDelivery) };
}

/** What the audit log keeps of a webhook: the masked URL and a fingerprint of the whole, never the token. */
const auditValue = (url: string | null) =>
  url === null ? null : `${maskWebhookUrl(url)} (${createHash('sha256').update(url).digest('hex').slice(0, 8)})`;

/**
 * PUT …/announcements: sets, replaces or (null) removes the webhook. Deliveries still waiting go to the new webhook;
 * with none they are cancelled when their turn comes.
 */
export async function setAnnouncementWebhook(
  db: Db,
  input: { actorId: number; scope: AnnouncementScope; webhookUrl: string | null; extraOrigins: readonly string[] },
): Promise<AnnouncementSettings> {
  const url = input.webhookUrl?.trim() ?? null;
  if (url !== null && !isDiscordWebhookUrl(url, input.extraOrigins)) throw badRequest(ANNOUNCEMENT_ERRORS.webhookUrl);
  const { scope } = input;
  await db.transaction(async (tx) => {
    const before = await scopeRow(tx, scope);
    const t = table(scope.kind);
    await tx.update(t).set({ discordWebhookUrl: url }).where(eq(t.id, scope.id));
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'WEBHOOK_CHANGED',
      target: { type: scope.kind === 'tournament' ? 'TOURNAMENT' : 'SEASON', id: scope.id, name: before.name },
      before: { discordWebhook: auditValue(before.webhook) },
      after: { discordWebhook: auditValue(url) },
    });
  });
  return announcementSettings(db, scope);
}

/** POST …/announcements/test: queues a test message to the webhook (409 without one); answers the delivery. */
export async function queueTestAnnouncement(db: Db, scope: AnnouncementScope): Promise<AnnouncementDelivery> {
  const { name, webhook, path } = await scopeRow(db, scope);
  if (!webhook) throw conflict(ANNOUNCEMENT_ERRORS.noWebhook);
  const key = `test:${randomUUID()}`;
  await db.transaction((tx) => enqueue(tx, scope, [testAnnouncement(key, name, path)]));
  const [row] = await db.select().from(discordDeliveries).where(eq(discordDeliveries.dedupeKey, key));
  return toDelivery(row);
}
