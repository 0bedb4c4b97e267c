import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { requireRole, STAFF } from '../auth/plugin';
import { boolQuery, idParam, pageQuery } from '../http/validate';
import { banUser, listPlayers, listUsersForAdmin, toAdminUserRow, toUser } from '../services/users';

export function userRoutes(app: FastifyInstance, db: Db, config: Config) {
  /** PLAYER RANKS (public): paged, searchable, optional freeAgent filter. */
  app.get('/v1/user', async (request) => {
    const page = pageQuery(request.query);
    const freeAgent = boolQuery((request.query as Record<string, unknown>).freeAgent, 'freeAgent');
    const { rows, total } = await listPlayers(db, { ...page, freeAgent });
    return { pageNo: page.pageNo, pageSize: page.perPage, total, results: rows.map(toUser) };
  });

  /** The admin users list (ADMIN/OWNER): every user, banned ones included; paged and searchable. */
  app.get('/v1/user/admin-view', async (request) => {
    requireRole(request, STAFF);
    const page = pageQuery(request.query);
    const { rows, total } = await listUsersForAdmin(db, page);
    return { pageNo: page.pageNo, pageSize: page.perPage, total, results: rows.map(toAdminUserRow) };
  });

  /** Bans a user (ADMIN/OWNER) and signs them out everywhere; answers the updated row. */
  app.post('/v1/user/ban/:id', async (request) => {
    const actor = requireRole(request, STAFF);
    const id = idParam((request.params as { id: string }).id);
    return toAdminUserRow(await banUser(db, config, actor, id));
  });
}
