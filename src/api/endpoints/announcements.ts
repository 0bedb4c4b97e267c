import { api } from '../client';
import { AnnouncementDelivery, AnnouncementSettings, type WebhookBody } from '../contract/announcements';

/** Whose Discord announcements: a tournament's or a season's. */
export type AnnouncementOwner = { kind: 'tournament' | 'season'; id: number };

const base = ({ kind, id }: AnnouncementOwner) => `/${kind}/${id}/announcements`;

/** GET …/announcements (staff): the webhook, masked, and the latest deliveries. */
export const getAnnouncements = (owner: AnnouncementOwner) => api.call(base(owner), AnnouncementSettings);
/** PUT …/announcements (staff): sets or (null) removes the Discord webhook. */
export const setAnnouncementWebhook = (owner: AnnouncementOwner, webhookUrl: string | null) =>
  api.call(base(owner), AnnouncementSettings, { method: 'PUT', body: { webhookUrl } satisfies WebhookBody });
/** POST …/announcements/test (staff): queues a test message; answers its delivery. */
export const sendTestAnnouncement = (owner: AnnouncementOwner) => api.call(`${base(owner)}/test`, AnnouncementDelivery, { method: 'POST' });
