import { array, define, enums, integer, nullable, object, string, type, type Infer } from 'superstruct';
import { Id, Millis } from './common';

/*
 * Discord announcements (issue 25): staff give a tournament or a season a Discord webhook, and Clutch posts there when
 * a bracket starts, a match is ready, a result is decided or disputed, and the champion.
 */

/** What an announcement is about. */
export const ANNOUNCEMENT_EVENTS = ['BRACKET_STARTED', 'MATCH_READY', 'MATCH_DECIDED', 'MATCH_DISPUTED', 'CHAMPION', 'TEST'] as const;
export const AnnouncementEvent = enums(ANNOUNCEMENT_EVENTS);
export type AnnouncementEvent = Infer<typeof AnnouncementEvent>;

/** PENDING (queued or waiting to retry), SENDING, DELIVERED, FAILED (gave up: the error says why), CANCELLED (no webhook any more). */
export const DELIVERY_STATES = ['PENDING', 'SENDING', 'DELIVERED', 'FAILED', 'CANCELLED'] as const;
export const DeliveryState = enums(DELIVERY_STATES);
export type DeliveryState = Infer<typeof DeliveryState>;

/** Discord's own addresses for webhooks; a server may add one more (DISCORD_API_BASE, the tests' local fake). */
export const DISCORD_WEBHOOK_ORIGINS = ['https://discord.com', 'https://discordapp.com', 'https://ptb.discord.com', 'https://canary.discord.com'] as const;

const WEBHOOK_PATH = /^\/api(?:\/v\d{1,2})?\/webhooks\/(\d{5,25})\/([A-Za-z0-9_-]{20,200})\/?$/;

/** The parts of a Discord webhook URL (`{origin}/api[/v10]/webhooks/{id}/{token}`, no query), or null. */
export function webhookParts(value: string): { origin: string; id: string; token: string } | null {
  if (value.length > 512 || /\s/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const match = WEBHOOK_PATH.exec(url.pathname);
  if (!match || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username || url.password) return null;
  return { origin: url.origin, id: match[1], token: match[2] };
}

/** Whether `value` is a webhook URL of Discord (or of one of `extraOrigins`). */
export function isDiscordWebhookUrl(value: string, extraOrigins: readonly string[] = []): boolean {
  const parts = webhookParts(value);
  return !!parts && [...DISCORD_WEBHOOK_ORIGINS, ...extraOrigins].includes(parts.origin);
}

/** A webhook as staff see it again: its channel's webhook id, never its token (the secret that lets anyone post). */
export function maskWebhookUrl(value: string): string {
  const parts = webhookParts(value);
  return parts ? `${parts.origin}/api/webhooks/${parts.id}/••••••` : '••••••';
}

/** The shape of a webhook URL (the server also checks that it is Discord's). */
export const WebhookUrl = define<string>('WebhookUrl', (v) => typeof v === 'string' && webhookParts(v.trim()) !== null);

/** PUT /v1/tournament/{id}/announcements and /v1/season/{id}/announcements: set the webhook, or null to remove it. */
export const WebhookBody = object({ webhookUrl: nullable(WebhookUrl) });
export type WebhookBody = Infer<typeof WebhookBody>;

/** One queued announcement and how its delivery went. */
export const AnnouncementDelivery = type({
  id: Id,
  event: AnnouncementEvent,
  title: string(),
  state: DeliveryState,
  /** Failed tries so far. */
  attempts: integer(),
  lastError: nullable(string()),
  createdAt: Millis,
  /** When it is tried (again): PENDING only. */
  nextAttemptAt: nullable(Millis),
  deliveredAt: nullable(Millis),
});
export type AnnouncementDelivery = Infer<typeof AnnouncementDelivery>;

/** GET …/announcements (staff): the webhook, masked, and the latest deliveries, newest first. */
export const AnnouncementSettings = type({
  webhook: nullable(string()),
  deliveries: array(AnnouncementDelivery),
});
export type AnnouncementSettings = Infer<typeof AnnouncementSettings>;
