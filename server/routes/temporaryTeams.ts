import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { requireRole, requireUser } from '../auth/plugin';
import { badRequest } from '../http/errors';
import { idParam, parse } from '../http/validate';
import { readImageUpload } from '../storage/images';
import {
  assertMayUploadLogo,
  disbandTeam,
  managementRows,
  removeTeamLogo,
  setTeamLogo,
  temporaryTeamDetail,
  updateTemporaryTeam,
  type TemporaryTeamChanges,
} from '../services/temporaryTeams';
import {
  acceptInvite,
  cancelInvite,
  forceAddMember,
  inviteToTeam,
  leaveTeam,
  promoteMember,
  rejectInvite,
  removeMemberAsCaptain,
  removeMemberAsStaff,
} from '../services/temporaryTeamRosters';
import { TemporaryTeamPatch } from '../../src/api/contract/team';
import { TEMPORARY_TEAM, TOURNAMENT_ERRORS, VALIDATION } from '../../src/domain/messages';

const BASE = '/v1/tournament/temporary-team/:id';

type Params = { id: string; userId?: string };
const teamId = (request: FastifyRequest) => idParam((request.params as Params).id, 'id');
const userId = (request: FastifyRequest) => idParam((request.params as Params).userId, 'userId');
const noContent = (reply: FastifyReply) => reply.code(204).send();

/**
 * The rename / free substitutes body: names are trimmed, a name that is too long gets its own message (the
 * contract's size rule would otherwise read as "Please enter a new team name").
 */
function patchBody(body: unknown): TemporaryTeamChanges {
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const input: Record<string, unknown> = { ...raw };
  if (typeof raw.name === 'string') input.name = raw.name.trim();
  if (Array.isArray(raw.freeSubstitutes)) {
    input.freeSubstitutes = raw.freeSubstitutes.map((n) => (typeof n === 'string' ? n.trim() : n));
  }
  if (typeof input.name === 'string' && input.name.length > 40) throw badRequest(TOURNAMENT_ERRORS.teamNameTooLong);
  if (Array.isArray(input.freeSubstitutes) && input.freeSubstitutes.some((n) => typeof n === 'string' && n.length > 40)) {
    throw badRequest(TEMPORARY_TEAM.substituteTooLong);
  }
  const patch = parse(TemporaryTeamPatch, input, {
    name: VALIDATION.newTeamName,
    freeSubstitutes: VALIDATION.substituteName,
  });
  if (patch.name === undefined && patch.freeSubstitutes === undefined) throw badRequest(VALIDATION.newTeamName);
  return patch;
}

/** Tournament (temporary) teams: the team page, its management dialog, invites and the admin tools. */
export function temporaryTeamRoutes(app: FastifyInstance, db: Db) {
  app.get(BASE, async (request) => temporaryTeamDetail(db, teamId(request)));

  app.get(`${BASE}/members`, async (request) => {
    const user = requireUser(request);
    return managementRows(db, teamId(request), user);
  });

  app.patch(BASE, async (request) => {
    const user = requireUser(request);
    const id = teamId(request);
    return updateTemporaryTeam(db, id, user, patchBody(request.body), 'captain');
  });

  app.patch(`${BASE}/admin`, async (request) => {
    const user = requireRole(request);
    const id = teamId(request);
    return updateTemporaryTeam(db, id, user, patchBody(request.body), 'staff');
  });

  app.post(`${BASE}/members/invites/:userId`, async (request) => {
    const user = requireUser(request);
    return inviteToTeam(db, teamId(request), user, userId(request));
  });

  app.patch(`${BASE}/members/invites/:userId/cancel`, async (request, reply) => {
    const user = requireUser(request);
    await cancelInvite(db, teamId(request), user, userId(request));
    return noContent(reply);
  });

  app.patch(`${BASE}/members/invites/accept`, async (request) => {
    const user = requireUser(request);
    return acceptInvite(db, teamId(request), user);
  });

  app.patch(`${BASE}/members/invites/reject`, async (request, reply) => {
    const user = requireUser(request);
    await rejectInvite(db, teamId(request), user);
    return noContent(reply);
  });

  app.post(`${BASE}/admin/members/:userId`, async (request) => {
    const admin = requireRole(request);
    return forceAddMember(db, teamId(request), userId(request), admin);
  });

  app.delete(`${BASE}/admin/members/:userId`, async (request, reply) => {
    const admin = requireRole(request);
    await removeMemberAsStaff(db, teamId(request), userId(request), admin);
    return noContent(reply);
  });

  /** Assign captain: the captain hands the team to a member (PATCH, as the league teams' promote). */
  app.patch(`${BASE}/members/:userId`, async (request, reply) => {
    const user = requireUser(request);
    await promoteMember(db, teamId(request), user, userId(request), 'captain');
    return noContent(reply);
  });

  app.patch(`${BASE}/admin/members/:userId`, async (request, reply) => {
    const user = requireRole(request);
    await promoteMember(db, teamId(request), user, userId(request), 'staff');
    return noContent(reply);
  });

  app.delete(`${BASE}/members/:userId`, async (request, reply) => {
    const user = requireUser(request);
    await removeMemberAsCaptain(db, teamId(request), user, userId(request));
    return noContent(reply);
  });

  /** Leave: answers `{ locked }`, true when the last member left and the team is now locked for good. */
  app.delete(`${BASE}/members`, async (request) => {
    const user = requireUser(request);
    return leaveTeam(db, teamId(request), user);
  });

  app.post(`${BASE}/logo`, async (request) => {
    const user = requireUser(request);
    const id = teamId(request);
    await assertMayUploadLogo(db, id, user);
    return setTeamLogo(db, id, user, await readImageUpload(request));
  });

  app.delete(`${BASE}/logo`, async (request, reply) => {
    const user = requireUser(request);
    await removeTeamLogo(db, teamId(request), user);
    return noContent(reply);
  });

  app.delete(BASE, async (request, reply) => {
    const user = requireUser(request);
    await disbandTeam(db, teamId(request), user);
    return noContent(reply);
  });
}
