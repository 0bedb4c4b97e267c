import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { requireRole } from '../auth/plugin';
import { idParam, parse } from '../http/validate';
import { saveSwitcherooTeams } from '../services/switcheroo';
import { SwitcherooTeamsBody } from '../../src/api/contract/switcheroo';
import { PAIRING } from '../../src/domain/messages';

/** Each team name's message: missing or blank, or too long. */
function nameMessages(body: unknown): Record<string, string> {
  const teams = (body as { teams?: unknown } | null)?.teams;
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
  app.post('/v1/tournament/:id/switcheroo/teams', async (request) => {
    const admin = requireRole(request);
    const id = idParam((request.params as { id: string }).id);
    const body = parse(SwitcherooTeamsBody, request.body, nameMessages(request.body));
    return saveSwitcherooTeams(db, id, body, admin);
  });
}
