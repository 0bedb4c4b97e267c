import { type } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { defineRoute, input } from '../http/route';
import { saveSwitcherooTeams } from '../services/switcheroo';
import { SwitcherooTeamsBody } from '../../src/api/contract/switcheroo';
import { SwitcherooEntries } from '../../src/api/contract/tournament';
import { IdParam } from '../../src/api/contract/common';
import { PAIRING } from '../../src/domain/messages';

/** Each team name's message: missing or blank, or too long. */
function nameMessages(body: Record<string, unknown>): Record<string, string> {
  const teams = body.teams;
  if (!Array.isArray(teams)) return {};
  return Object.fromEntries(
    teams.map((team, i) => {
      const name = (team as { name?: unknown } | null)?.name;
      const tooLong = typeof name === 'string' && name.trim().length > 40;
      return [`teams.${i}.name`, tooLong ? PAIRING.teamNameTooLong : PAIRING.teamName];
    }),
  );
}

/** The SWITCHEROO pairing screen's save (ADMIN/OWNER); the board itself is GET /v1/tournament/{id}/entries/switcheroo. */
export function switcherooRoutes(app: FastifyInstance, db: Db) {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/v1/tournament/:id/switcheroo/teams',
      summary: 'SWITCHEROO pairing: save the teams',
      access: 'staff',
      params: type({ id: IdParam }),
      body: input(SwitcherooTeamsBody, { messages: nameMessages }),
      responses: SwitcherooEntries,
      errors: { 409: 'Not a SWITCHEROO tournament, or it has started' },
    },
    async ({ user, params, body }) => saveSwitcherooTeams(db, params.id, body, user),
  );
}
