import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { requireRole } from '../auth/plugin';
import { badRequest } from '../http/errors';
import { idParam, pageQuery, parse } from '../http/validate';
import { adminEditTeam, listTeams, toTeamSummary } from '../services/teams';
import { AdminTeamPatch } from '../../src/api/contract/team';
import { LEAGUE_TEAM } from '../../src/domain/messages';

const COUNT_FIELDS = ['wins', 'losses', 'gold', 'silver', 'bronze'] as const;

/** The Edit Team body: the name is trimmed first, so a padded name is judged (and stored) without its spaces. */
function adminPatchBody(body: unknown): AdminTeamPatch {
  const input = { ...((body && typeof body === 'object' ? body : {}) as Record<string, unknown>) };
  if (typeof input.name === 'string') input.name = input.name.trim();
  if (typeof input.name === 'string' && input.name.length > 40) throw badRequest(LEAGUE_TEAM.teamNameTooLong);
  return parse(AdminTeamPatch, input, {
    name: LEAGUE_TEAM.teamName,
    ...Object.fromEntries(COUNT_FIELDS.map((f) => [f, LEAGUE_TEAM.count(f)])),
  });
}

export function teamRoutes(app: FastifyInstance, db: Db) {
  /** TEAM RANKS (public) and the admin teams list: paged and searchable. */
  app.get('/v1/team', async (request) => {
    const page = pageQuery(request.query);
    const { rows, total } = await listTeams(db, page);
    return { pageNo: page.pageNo, pageSize: page.perPage, total, results: rows.map(toTeamSummary) };
  });

  /** Edit Team (staff): name, wins, losses, gold, silver, bronze. */
  app.patch('/v1/team/:id/admin', async (request) => {
    requireRole(request);
    const id = idParam((request.params as { id: string }).id);
    return adminEditTeam(db, id, adminPatchBody(request.body));
  });
}
