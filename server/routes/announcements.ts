import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { requireRole } from '../auth/plugin';
import { idParam, parse } from '../http/validate';
import { announcementSettings, queueTestAnnouncement, setAnnouncementWebhook } from '../services/announcementSettings';
import type { AnnouncementScope } from '../services/announcements';
import { WebhookBody } from '../../src/api/contract/announcements';
import { ANNOUNCEMENT_ERRORS } from '../../src/domain/messages';

/** Discord announcements of a tournament and of a season (issue 25): staff only, the same three calls for both. */
export function announcementRoutes(app: FastifyInstance, db: Db, config: Config) {
  for (const kind of ['tournament', 'season'] as const) {
    const base = `/v1/${kind}/:id/announcements`;
    const scope = (request: FastifyRequest): AnnouncementScope => ({ kind, id: idParam((request.params as { id: string }).id) });

    app.get(base, async (request) => {
      requireRole(request);
      return announcementSettings(db, scope(request));
    });

    app.put(base, async (request) => {
      const actor = requireRole(request);
      const { webhookUrl } = parse(WebhookBody, request.body, { webhookUrl: ANNOUNCEMENT_ERRORS.webhookUrl });
      return setAnnouncementWebhook(db, {
        actorId: actor.id,
        scope: scope(request),
        webhookUrl,
        extraOrigins: config.announcements.extraWebhookOrigins,
      });
    });

    /** Queued like every announcement (202): the dialog's list shows how it went. */
    app.post(`${base}/test`, async (request, reply) => {
      requireRole(request);
      return reply.code(202).send(await queueTestAnnouncement(db, scope(request)));
    });
  }
}
