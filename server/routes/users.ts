import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { isStaff, requireRole, requireUser, STAFF } from '../auth/plugin';
import { badRequest } from '../http/errors';
import { boolQuery, idParam, pageQuery, parse } from '../http/validate';
import {
  banUser,
  editUserRecord,
  listPlayers,
  listUsersForAdmin,
  publicProfile,
  searchInvitees,
  toAdminUserRow,
  toUser,
  updateOwnProfile,
} from '../services/users';
import { changeStaffRole, listStaff } from '../services/staff';
import { leagueInviteeFilter } from '../services/leagueTeams';
import { temporaryInviteeFilter } from '../services/temporaryTeamRosters';
import { AdminUserPatch, OwnProfilePatch, StaffPatch } from '../../src/api/contract/user';
import { VALIDATION } from '../../src/domain/messages';

export function userRoutes(app: FastifyInstance, db: Db, config: Config) {
  /** PLAYER RANKS (public): paged, searchable, optional freeAgent filter. */
  app.get('/v1/user', async (request) => {
    const page = pageQuery(request.query);
    const freeAgent = boolQuery((request.query as Record<string, unknown>).freeAgent, 'freeAgent');
    const { rows, total } = await listPlayers(db, { ...page, freeAgent });
    return { pageNo: page.pageNo, pageSize: page.perPage, total, results: rows.map(toUser) };
  });

  /** The admin users list (ADMIN/OWNER): every user, banned ones included; paged and searchable. */
  app.get('/v1/user/admin-view', async (request) => {
    requireRole(request, STAFF);
    const page = pageQuery(request.query);
    const { rows, total } = await listUsersForAdmin(db, page);
    return { pageNo: page.pageNo, pageSize: page.perPage, total, results: rows.map(toAdminUserRow) };
  });

  /** Bans a user (ADMIN/OWNER) and signs them out everywhere; answers the updated row. */
  app.post('/v1/user/ban/:id', async (request) => {
    const actor = requireRole(request, STAFF);
    const id = idParam((request.params as { id: string }).id);
    return toAdminUserRow(await banUser(db, config, actor, id));
  });

  /**
   * The team dialogs' user search (signed in): `{ id, discordName, picture }` of matching players who are not banned.
   * With `teamId` (a league team) or `temporaryTeamId` (a tournament team), which that team's captain or staff ask,
   * only the players its invite would take: none already on a team or already invited.
   */
  app.get('/v1/user/invitee-search', async (request) => {
    const viewer = requireUser(request);
    const query = request.query as Record<string, unknown>;
    const search = typeof query.search === 'string' ? query.search.trim().slice(0, 100) : '';
    if (!search) throw badRequest(VALIDATION.staffSearch);
    if (query.teamId !== undefined && query.temporaryTeamId !== undefined) throw badRequest('Send "teamId" or "temporaryTeamId", not both');
    const forTeam =
      query.teamId !== undefined
        ? await leagueInviteeFilter(db, idParam(query.teamId, 'teamId'), viewer)
        : query.temporaryTeamId !== undefined
          ? await temporaryInviteeFilter(db, idParam(query.temporaryTeamId, 'temporaryTeamId'), viewer)
          : undefined;
    return searchInvitees(db, search, viewer.id, forTeam);
  });

  /** The Staff screen (ADMIN/OWNER): ADMIN and OWNER users, owners first; paged and searchable. */
  app.get('/v1/user/staff', async (request) => {
    requireRole(request, STAFF);
    const page = pageQuery(request.query);
    const { rows, total } = await listStaff(db, page);
    return { pageNo: page.pageNo, pageSize: page.perPage, total, results: rows.map(toAdminUserRow) };
  });

  /** Sets a user's staff role (OWNER only, never their own, never the last OWNER); answers the updated row. */
  app.patch('/v1/user/staff/:id', async (request) => {
    const actor = requireRole(request, STAFF);
    const id = idParam((request.params as { id: string }).id);
    const { role } = parse(StaffPatch, request.body);
    return toAdminUserRow(await changeStaffRole(db, actor, id, role));
  });

  /** The signed-in player edits their own profile (Activision ID only while unset); answers the updated user. */
  app.patch('/v1/user', async (request) => {
    const user = requireUser(request);
    return toUser(await updateOwnProfile(db, user.id, parse(OwnProfilePatch, request.body)));
  });

  /** A player's public profile; a banned player only for staff (as PLAYER RANKS hides them). */
  app.get('/v1/user/:id', async (request) => {
    const id = idParam((request.params as { id: string }).id);
    return toUser(await publicProfile(db, id, isStaff(request.user)));
  });

  /** Staff correct a player's record (Activision ID, KR, wins, losses, medals; KR may come alone). */
  app.patch('/v1/user/:id', async (request) => {
    const actor = requireRole(request, STAFF);
    const id = idParam((request.params as { id: string }).id);
    return toAdminUserRow(await editUserRecord(db, actor, id, parse(AdminUserPatch, request.body)));
  });
}
