import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { boolQuery, pageQuery } from '../http/validate';
import { listPlayers, toUser } from '../services/users';

export function userRoutes(app: FastifyInstance, db: Db) {
  /** PLAYER RANKS (public): paged, searchable, optional freeAgent filter. */
  app.get('/v1/user', async (request) => {
    const page = pageQuery(request.query);
    const freeAgent = boolQuery((request.query as Record<string, unknown>).freeAgent, 'freeAgent');
    const { rows, total } = await listPlayers(db, { ...page, freeAgent });
    return { pageNo: page.pageNo, pageSize: page.perPage, total, results: rows.map(toUser) };
  });
}
