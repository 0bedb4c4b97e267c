import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { requireUser } from '../auth/plugin';
import { pendingInvitesOf } from '../services/invites';

export function inviteRoutes(app: FastifyInstance, db: Db) {
  /** The invites page: the signed-in user's pending team and tournament-team invites. */
  app.get('/v1/transfer/user', async (request) => pendingInvitesOf(db, requireUser(request).id));
}
