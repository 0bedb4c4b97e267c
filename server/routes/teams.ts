import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { requireUser } from '../auth/plugin';
import { idParam, pageQuery } from '../http/validate';
import { leaveLeagueTeam, listTeams, teamDetail, toTeamSummary } from '../services/teams';

const teamId = (request: { params: unknown }) => idParam((request.params as { id: string }).id);

export function teamRoutes(app: FastifyInstance, db: Db) {
  /** TEAM RANKS (public): paged and searchable. */
  app.get('/v1/team', async (request) => {
    const page = pageQuery(request.query);
    const { rows, total } = await listTeams(db, page);
    return { pageNo: page.pageNo, pageSize: page.perPage, total, results: rows.map(toTeamSummary) };
  });

  /** The team profile (public). */
  app.get('/v1/team/:id', async (request) => teamDetail(db, teamId(request)));

  /** A member leaves their league team; `locked` is true when they were the last one. */
  app.delete('/v1/team/:id/members', async (request) => {
    const user = requireUser(request);
    return leaveLeagueTeam(db, teamId(request), user);
  });
}
