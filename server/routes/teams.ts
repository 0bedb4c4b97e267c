import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { requireRole, requireUser } from '../auth/plugin';
import { badRequest } from '../http/errors';
import { idParam, pageQuery, parse } from '../http/validate';
import { readImageUpload } from '../storage/images';
import { leaveLeagueTeam, listTeams, teamDetail, toTeamSummary } from '../services/teams';
import {
  acceptLeagueInvite,
  assertMayUploadLeagueLogo,
  cancelLeagueInvite,
  createLeagueTeam,
  forceAddLeagueMember,
  inviteToLeagueTeam,
  leagueManagementRows,
  promoteLeagueMember,
  rejectLeagueInvite,
  removeLeagueMember,
  removeLeagueTeamLogo,
  renameLeagueTeam,
  setLeagueTeamLogo,
  type TransferSettings,
} from '../services/leagueTeams';
import { TeamNameBody } from '../../src/api/contract/team';
import { LEAGUE_TEAM } from '../../src/domain/messages';
import { cachedRead } from '../services/publicReadCache';

const BASE = '/v1/team/:id';

type Params = { id: string; teamId?: string; userId?: string };
const teamId = (request: FastifyRequest) => idParam((request.params as Params).id, 'id');
const userId = (request: FastifyRequest) => idParam((request.params as Params).userId, 'userId');
const noContent = (reply: FastifyReply) => reply.code(204).send();

/** The name of POST /v1/team ("Please enter a team name") and PATCH /v1/team/{id} ("Please enter a new team name"), trimmed. */
function teamName(body: unknown, blank: string): string {
  const input = { ...((body && typeof body === 'object' ? body : {}) as Record<string, unknown>) };
  if (typeof input.name === 'string') input.name = input.name.trim();
  if (typeof input.name === 'string' && input.name.length > 40) throw badRequest(LEAGUE_TEAM.teamNameTooLong);
  return parse(TeamNameBody, input, { name: blank }).name;
}

/** League (permanent) teams: TEAM RANKS, the profile, creating one, its management dialog and invites. */
export function teamRoutes(app: FastifyInstance, db: Db, config: Config) {
  /** What the roster calls of a team in a season need (transfer requests, their fee, staff changes recorded). */
  const transfers = (): TransferSettings => ({ billing: app.billing, feeCents: config.transferFeeCents, now: config.now() });

  /** TEAM RANKS (public): paged and searchable. */
  app.get(
    '/v1/team',
    cachedRead(app, { viewer: 'none' }, async (request) => {
      const page = pageQuery(request.query);
      const { rows, total } = await listTeams(db, page);
      return { pageNo: page.pageNo, pageSize: page.perPage, total, results: rows.map(toTeamSummary) };
    }),
  );

  /** Create Team: the caller founds and captains it; answers `{ id }`. */
  app.post('/v1/team', async (request, reply) => {
    const user = requireUser(request);
    return reply.code(201).send(await createLeagueTeam(db, user, teamName(request.body, LEAGUE_TEAM.teamName)));
  });

  /** The team profile (public). */
  app.get(BASE, cachedRead(app, { viewer: 'none' }, async (request) => teamDetail(db, teamId(request))));

  /** The management dialog's rows (members and staff). */
  app.get(`${BASE}/members`, async (request) => {
    const user = requireUser(request);
    return leagueManagementRows(db, teamId(request), user);
  });

  app.patch(BASE, async (request) => {
    const user = requireUser(request);
    const id = teamId(request);
    return renameLeagueTeam(db, id, user, teamName(request.body, LEAGUE_TEAM.newTeamName));
  });

  app.post(`${BASE}/logo`, async (request) => {
    const user = requireUser(request);
    const id = teamId(request);
    await assertMayUploadLeagueLogo(db, id, user);
    return setLeagueTeamLogo(db, id, user, await readImageUpload(request));
  });

  app.delete(`${BASE}/logo`, async (request, reply) => {
    const user = requireUser(request);
    await removeLeagueTeamLogo(db, teamId(request), user);
    return noContent(reply);
  });

  app.post(`${BASE}/members/invites/:userId`, async (request) => {
    const user = requireUser(request);
    return inviteToLeagueTeam(db, teamId(request), user, userId(request));
  });

  app.post(`${BASE}/members/invites/:userId/cancel`, async (request, reply) => {
    const user = requireUser(request);
    await cancelLeagueInvite(db, teamId(request), user, userId(request));
    return noContent(reply);
  });

  app.patch(`${BASE}/members/invites/accept`, async (request) => {
    const user = requireUser(request);
    return acceptLeagueInvite(db, teamId(request), user, transfers());
  });

  app.patch(`${BASE}/members/invites/reject`, async (request, reply) => {
    const user = requireUser(request);
    await rejectLeagueInvite(db, teamId(request), user);
    return noContent(reply);
  });

  app.post(`${BASE}/admin/members/:userId`, async (request) => {
    const actor = requireRole(request);
    return forceAddLeagueMember(db, teamId(request), actor, userId(request), transfers());
  });

  app.delete(`${BASE}/admin/members/:userId`, async (request, reply) => {
    const user = requireRole(request);
    await removeLeagueMember(db, teamId(request), user, userId(request), 'staff', transfers());
    return noContent(reply);
  });

  /** Assign captain (promote): the captain hands the team to a member. */
  app.patch(`${BASE}/members/:userId`, async (request, reply) => {
    const user = requireUser(request);
    await promoteLeagueMember(db, teamId(request), user, userId(request), 'captain');
    return noContent(reply);
  });

  app.patch(`${BASE}/admin/members/:userId`, async (request, reply) => {
    const user = requireRole(request);
    await promoteLeagueMember(db, teamId(request), user, userId(request), 'staff');
    return noContent(reply);
  });

  /** Remove a member; while the team plays a season it answers the transfer request (TransferOutcome) instead. */
  app.delete(`${BASE}/members/:userId`, async (request, reply) => {
    const user = requireUser(request);
    const requested = await removeLeagueMember(db, teamId(request), user, userId(request), 'captain', transfers());
    return requested ?? noContent(reply);
  });

  /**
   * Leave: `locked` is true when the last member left and the team is now locked for good. While the team plays a
   * season it answers the removal request the leave opened (TransferOutcome) instead.
   */
  app.delete(`${BASE}/members`, async (request) => {
    const user = requireUser(request);
    return leaveLeagueTeam(db, teamId(request), user, config.transferFeeCents);
  });
}
