import { type } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { badRequest } from '../http/errors';
import { defineRoute, input } from '../http/route';
import { adminEditTeam } from '../services/adminTeams';
import { AdminTeamPatch, TeamSummary } from '../../src/api/contract/team';
import { IdParam } from '../../src/api/contract/common';
import { LEAGUE_TEAM } from '../../src/domain/messages';

const COUNT_FIELDS = ['wins', 'losses', 'gold', 'silver', 'bronze'] as const;

/** The Edit Team body: the name is trimmed first, so a padded name is judged (and stored) without its spaces. */
const AdminPatchBody = input(AdminTeamPatch, {
  messages: { name: LEAGUE_TEAM.teamName, ...Object.fromEntries(COUNT_FIELDS.map((f) => [f, LEAGUE_TEAM.count(f)])) },
  prepare: (raw) => {
    const body = { ...raw };
    if (typeof body.name === 'string') body.name = body.name.trim();
    if (typeof body.name === 'string' && body.name.length > 40) throw badRequest(LEAGUE_TEAM.teamNameTooLong);
    return body;
  },
});

/** The admin teams screen's edit (its list is the public GET /v1/team). */
export function adminTeamRoutes(app: FastifyInstance, db: Db) {
  defineRoute(
    app,
    { method: 'PATCH', url: '/v1/team/:id/admin', summary: 'Edit Team: name, wins, losses, gold, silver, bronze', access: 'staff', params: type({ id: IdParam }), body: AdminPatchBody, responses: TeamSummary, errors: { 409: 'The name is taken' } },
    async ({ user, params, body }) => adminEditTeam(db, user.id, params.id, body),
  );
}
