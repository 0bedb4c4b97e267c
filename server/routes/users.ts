import { array, assign, optional, type } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { isStaff } from '../auth/plugin';
import { badRequest } from '../http/errors';
import { pageAnswer, toPage } from '../http/validate';
import { defineRoute, input } from '../http/route';
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
import { AdminUserPatch, AdminUserRow, Invitee, OwnProfilePatch, StaffPatch, User } from '../../src/api/contract/user';
import { FlagParam, IdParam, PageQuery, Paged, SearchParam } from '../../src/api/contract/common';
import { VALIDATION } from '../../src/domain/messages';

const ById = type({ id: IdParam });

/** The team dialogs' user search: a search text, and at most one team whose invite it is for. */
const InviteeQuery = input(type({ search: SearchParam, teamId: optional(IdParam), temporaryTeamId: optional(IdParam) }), {
  prepare: (raw) => {
    const search = typeof raw.search === 'string' ? raw.search.trim() : '';
    if (!search) throw badRequest(VALIDATION.staffSearch);
    if (raw.teamId !== undefined && raw.temporaryTeamId !== undefined) throw badRequest('Send "teamId" or "temporaryTeamId", not both');
    return raw;
  },
});

export function userRoutes(app: FastifyInstance, db: Db, config: Config) {
  defineRoute(
    app,
    { method: 'GET', url: '/v1/user', summary: 'PLAYER RANKS: paged, searchable, optionally free agents only', access: 'public', query: assign(PageQuery, type({ freeAgent: optional(FlagParam) })), responses: Paged(User) },
    async ({ query }) => {
      const page = toPage(query);
      const { rows, total } = await listPlayers(db, { ...page, freeAgent: query.freeAgent });
      return pageAnswer(page, total, rows.map(toUser));
    },
  );

  defineRoute(
    app,
    { method: 'GET', url: '/v1/user/admin-view', summary: 'The admin users list: every user, banned ones included; paged and searchable', access: 'staff', query: PageQuery, responses: Paged(AdminUserRow) },
    async ({ query }) => {
      const page = toPage(query);
      const { rows, total } = await listUsersForAdmin(db, page);
      return pageAnswer(page, total, rows.map(toAdminUserRow));
    },
  );

  defineRoute(
    app,
    { method: 'POST', url: '/v1/user/ban/:id', summary: 'Ban a user and sign them out everywhere; answers the updated row', access: 'staff', params: ById, responses: AdminUserRow, errors: { 409: 'Staff cannot be banned' } },
    async ({ user, params }) => toAdminUserRow(await banUser(db, config, user, params.id)),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/v1/user/invitee-search',
      summary: "The team dialogs' user search: matching players who are not banned",
      description:
        "With `teamId` (a league team) or `temporaryTeamId` (a tournament team), which that team's captain or staff ask, only the players its invite would take: none already on a team or already invited.",
      access: 'user',
      query: InviteeQuery,
      responses: array(Invitee),
    },
    async ({ user, query }) => {
      const forTeam =
        query.teamId !== undefined
          ? await leagueInviteeFilter(db, query.teamId, user)
          : query.temporaryTeamId !== undefined
            ? await temporaryInviteeFilter(db, query.temporaryTeamId, user)
            : undefined;
      return searchInvitees(db, query.search, user.id, forTeam);
    },
  );

  defineRoute(
    app,
    { method: 'GET', url: '/v1/user/staff', summary: 'The Staff screen: ADMIN and OWNER users, owners first; paged and searchable', access: 'staff', query: PageQuery, responses: Paged(AdminUserRow) },
    async ({ query }) => {
      const page = toPage(query);
      const { rows, total } = await listStaff(db, page);
      return pageAnswer(page, total, rows.map(toAdminUserRow));
    },
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/v1/user/staff/:id',
      summary: "Set a user's staff role; answers the updated row",
      access: 'staff',
      who: 'OWNER only, never for themselves, never the last OWNER',
      params: ById,
      body: StaffPatch,
      responses: AdminUserRow,
      errors: { 409: 'The last OWNER cannot step down' },
    },
    async ({ user, params, body }) => toAdminUserRow(await changeStaffRole(db, user, params.id, body.role)),
  );

  defineRoute(
    app,
    { method: 'PATCH', url: '/v1/user', summary: 'Edit your own profile (the Activision ID only while unset); answers the updated user', access: 'user', body: OwnProfilePatch, responses: User, errors: { 409: 'The Activision ID is set already' } },
    async ({ user, body }) => toUser(await updateOwnProfile(db, user.id, body)),
  );

  defineRoute(
    app,
    { method: 'GET', url: '/v1/user/:id', summary: "A player's public profile", access: 'public', who: 'a banned player only for staff', params: ById, responses: User },
    async ({ user, params }) => toUser(await publicProfile(db, params.id, isStaff(user))),
  );

  defineRoute(
    app,
    { method: 'PATCH', url: '/v1/user/:id', summary: "Correct a player's record (Activision ID, KR, wins, losses, medals; KR may come alone)", access: 'staff', params: ById, body: AdminUserPatch, responses: AdminUserRow },
    async ({ user, params, body }) => toAdminUserRow(await editUserRecord(db, user, params.id, body)),
  );
}
