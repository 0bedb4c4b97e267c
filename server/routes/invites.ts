import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { defineRoute } from '../http/route';
import { pendingInvitesOf } from '../services/invites';
import { TeamInvites } from '../../src/api/contract/team';

export function inviteRoutes(app: FastifyInstance, db: Db) {
  defineRoute(
    app,
    { method: 'GET', url: '/v1/transfer/user', summary: "The invites page: the signed-in user's pending team and tournament-team invites", access: 'user', responses: TeamInvites },
    async ({ user }) => pendingInvitesOf(db, user.id),
  );
}
