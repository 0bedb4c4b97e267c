import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { requireRole } from '../auth/plugin';
import { badRequest } from '../http/errors';
import { idParam, parse } from '../http/validate';
import { adminEditTeam } from '../services/adminTeams';
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

/** The admin teams screen's edit (its list is the public GET /v1/team). */
export function adminTeamRoutes(app: FastifyInstance, db: Db) {
  /** Edit Team (staff): name, wins, losses, gold, silver, bronze. */
  app.patch('/v1/team/:id/admin', async (request) => {
    const actor = requireRole(request);
    const id = idParam((request.params as { id: string }).id);
    return adminEditTeam(db, actor.id, id, adminPatchBody(request.body));
  });
}
