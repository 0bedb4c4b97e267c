import { type } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { defineRoute, input } from '../http/route';
import { announcementSettings, queueTestAnnouncement, setAnnouncementWebhook } from '../services/announcementSettings';
import { AnnouncementDelivery, AnnouncementSettings, WebhookBody } from '../../src/api/contract/announcements';
import { IdParam } from '../../src/api/contract/common';
import { ANNOUNCEMENT_ERRORS } from '../../src/domain/messages';

const ById = type({ id: IdParam });

/** Discord announcements of a tournament and of a season (issue 25): staff only, the same three calls for both. */
export function announcementRoutes(app: FastifyInstance, db: Db, config: Config) {
  for (const kind of ['tournament', 'season'] as const) {
    const base = `/v1/${kind}/:id/announcements`;
    defineRoute(
      app,
      { method: 'GET', url: base, summary: `The ${kind}'s Discord webhook and its latest deliveries`, access: 'staff', params: ById, responses: AnnouncementSettings },
      async ({ params }) => announcementSettings(db, { kind, id: params.id }),
    );
    defineRoute(
      app,
      {
        method: 'PUT',
        url: base,
        summary: `Set or clear the ${kind}'s Discord webhook`,
        access: 'staff',
        params: ById,
        body: input(WebhookBody, { messages: { webhookUrl: ANNOUNCEMENT_ERRORS.webhookUrl } }),
        responses: AnnouncementSettings,
      },
      async ({ user, params, body }) =>
        setAnnouncementWebhook(db, { actorId: user.id, scope: { kind, id: params.id }, webhookUrl: body.webhookUrl, extraOrigins: config.announcements.extraWebhookOrigins }),
    );
    /** Queued like every announcement (202): the dialog's list shows how it went. */
    defineRoute(
      app,
      { method: 'POST', url: `${base}/test`, summary: 'Queue a test message to the webhook', access: 'staff', params: ById, responses: { 202: AnnouncementDelivery }, errors: { 409: 'No webhook is set' } },
      async ({ params }) => queueTestAnnouncement(db, { kind, id: params.id }),
    );
  }
}
