import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { pageQuery } from '../http/validate';
import { listTeams, toTeamSummary } from '../services/teams';

export function teamRoutes(app: FastifyInstance, db: Db) {
  /** TEAM RANKS (public): paged and searchable. */
  app.get('/v1/team', async (request) => {
    const page = pageQuery(request.query);
    const { rows, total } = await listTeams(db, page);
    return { pageNo: page.pageNo, pageSize: page.perPage, total, results: rows.map(toTeamSummary) };
  });
}
