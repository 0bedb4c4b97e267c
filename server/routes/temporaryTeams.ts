import { type } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { badRequest } from '../http/errors';
import { defineRoute, input, UPLOAD } from '../http/route';
import { readImageUpload } from '../storage/images';
import {
  assertMayUploadLogo,
  disbandTeam,
  managementRows,
  removeTeamLogo,
  setTeamLogo,
  temporaryTeamDetail,
  updateTemporaryTeam,
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
import { LogoUploaded, TeamLeft, TeamManagementRow, TeamManagementRows, TemporaryTeamDetail, TemporaryTeamPatch } from '../../src/api/contract/team';
import { IdParam } from '../../src/api/contract/common';
import { TEMPORARY_TEAM, TOURNAMENT_ERRORS, VALIDATION } from '../../src/domain/messages';

const BASE = '/v1/tournament/temporary-team/:id';

const ById = type({ id: IdParam });
const MemberById = type({ id: IdParam, userId: IdParam });
const CAPTAIN = "the team's captain";
const CAPTAIN_OR_STAFF = "the team's captain, or staff";
const ROSTER_ERRORS = { 409: 'Not allowed for this team or member now (the tournament started, a full team, a member elsewhere)' };

/**
 * The rename / free substitutes body: names are trimmed, a name that is too long gets its own message (the
 * contract's size rule would otherwise read as "Please enter a new team name").
 */
const PatchBody = input(TemporaryTeamPatch, {
  messages: { name: VALIDATION.newTeamName, freeSubstitutes: VALIDATION.substituteName },
  prepare: (raw) => {
    const body: Record<string, unknown> = { ...raw };
    if (typeof raw.name === 'string') body.name = raw.name.trim();
    if (Array.isArray(raw.freeSubstitutes)) body.freeSubstitutes = raw.freeSubstitutes.map((n) => (typeof n === 'string' ? n.trim() : n));
    if (typeof body.name === 'string' && body.name.length > 40) throw badRequest(TOURNAMENT_ERRORS.teamNameTooLong);
    if (Array.isArray(body.freeSubstitutes) && body.freeSubstitutes.some((n) => typeof n === 'string' && n.length > 40)) {
      throw badRequest(TEMPORARY_TEAM.substituteTooLong);
    }
    return body;
  },
  check: (patch) => {
    if (patch.name === undefined && patch.freeSubstitutes === undefined) throw badRequest(VALIDATION.newTeamName);
  },
});

/** Tournament (temporary) teams: the team page, its management dialog, invites and the admin tools. */
export function temporaryTeamRoutes(app: FastifyInstance, db: Db) {
  defineRoute(
    app,
    { method: 'GET', url: BASE, summary: 'The tournament team page', access: 'public', params: ById, responses: TemporaryTeamDetail },
    async ({ params }) => temporaryTeamDetail(db, params.id),
  );

  defineRoute(
    app,
    { method: 'GET', url: `${BASE}/members`, summary: "The management dialog's rows", access: 'user', who: 'members of the team, or staff', params: ById, responses: TeamManagementRows },
    async ({ user, params }) => managementRows(db, params.id, user),
  );

  for (const [path, access, as] of [
    ['', 'user', 'captain'],
    ['/admin', 'staff', 'staff'],
  ] as const) {
    defineRoute(
      app,
      {
        method: 'PATCH',
        url: `${BASE}${path}`,
        summary: `Rename the team or set its free substitutes${as === 'staff' ? ' (staff)' : ''}`,
        access,
        who: as === 'captain' ? CAPTAIN : undefined,
        params: ById,
        body: PatchBody,
        responses: TemporaryTeamDetail,
        errors: ROSTER_ERRORS,
      },
      async ({ user, params, body }) => updateTemporaryTeam(db, params.id, user!, body, as),
    );
  }

  defineRoute(
    app,
    { method: 'POST', url: `${BASE}/members/invites/:userId`, summary: 'Invite a player', access: 'user', who: CAPTAIN, params: MemberById, responses: TeamManagementRow, errors: ROSTER_ERRORS },
    async ({ user, params }) => inviteToTeam(db, params.id, user, params.userId),
  );

  defineRoute(
    app,
    { method: 'PATCH', url: `${BASE}/members/invites/:userId/cancel`, summary: 'Cancel an invite', access: 'user', who: CAPTAIN, params: MemberById, responses: null },
    async ({ user, params }) => {
      await cancelInvite(db, params.id, user, params.userId);
    },
  );

  defineRoute(
    app,
    { method: 'PATCH', url: `${BASE}/members/invites/accept`, summary: "Accept the team's invite", access: 'user', who: 'the invited player', params: ById, responses: TemporaryTeamDetail, errors: ROSTER_ERRORS },
    async ({ user, params }) => acceptInvite(db, params.id, user),
  );

  defineRoute(
    app,
    { method: 'PATCH', url: `${BASE}/members/invites/reject`, summary: "Reject the team's invite", access: 'user', who: 'the invited player', params: ById, responses: null },
    async ({ user, params }) => {
      await rejectInvite(db, params.id, user);
    },
  );

  defineRoute(
    app,
    { method: 'POST', url: `${BASE}/admin/members/:userId`, summary: 'Add a player to the team (staff)', access: 'staff', params: MemberById, responses: TeamManagementRow, errors: ROSTER_ERRORS },
    async ({ user, params }) => forceAddMember(db, params.id, params.userId, user),
  );

  defineRoute(
    app,
    { method: 'DELETE', url: `${BASE}/admin/members/:userId`, summary: 'Remove a member (staff)', access: 'staff', params: MemberById, responses: null, errors: ROSTER_ERRORS },
    async ({ user, params }) => {
      await removeMemberAsStaff(db, params.id, params.userId, user);
    },
  );

  defineRoute(
    app,
    { method: 'PATCH', url: `${BASE}/members/:userId`, summary: 'Assign captain: the captain hands the team to a member', access: 'user', who: CAPTAIN, params: MemberById, responses: null, errors: ROSTER_ERRORS },
    async ({ user, params }) => {
      await promoteMember(db, params.id, user, params.userId, 'captain');
    },
  );

  defineRoute(
    app,
    { method: 'PATCH', url: `${BASE}/admin/members/:userId`, summary: 'Assign captain (staff)', access: 'staff', params: MemberById, responses: null, errors: ROSTER_ERRORS },
    async ({ user, params }) => {
      await promoteMember(db, params.id, user, params.userId, 'staff');
    },
  );

  defineRoute(
    app,
    { method: 'DELETE', url: `${BASE}/members/:userId`, summary: 'Remove a member', access: 'user', who: CAPTAIN, params: MemberById, responses: null, errors: ROSTER_ERRORS },
    async ({ user, params }) => {
      await removeMemberAsCaptain(db, params.id, user, params.userId);
    },
  );

  defineRoute(
    app,
    { method: 'DELETE', url: `${BASE}/members`, summary: 'Leave: `locked` is true when the last member left and the team is now locked for good', access: 'user', who: 'a member of the team', params: ById, responses: TeamLeft, errors: ROSTER_ERRORS },
    async ({ user, params }) => leaveTeam(db, params.id, user),
  );

  defineRoute(
    app,
    { method: 'POST', url: `${BASE}/logo`, summary: "Upload the team's logo", access: 'user', who: CAPTAIN, params: ById, body: UPLOAD, responses: LogoUploaded },
    async ({ request, user, params }) => {
      await assertMayUploadLogo(db, params.id, user);
      return setTeamLogo(db, params.id, user, await readImageUpload(request));
    },
  );

  defineRoute(
    app,
    { method: 'DELETE', url: `${BASE}/logo`, summary: "Remove the team's logo", access: 'user', who: CAPTAIN_OR_STAFF, params: ById, responses: null },
    async ({ user, params }) => {
      await removeTeamLogo(db, params.id, user);
    },
  );

  defineRoute(
    app,
    { method: 'DELETE', url: BASE, summary: 'Disband the team', access: 'user', who: CAPTAIN_OR_STAFF, params: ById, responses: null, errors: ROSTER_ERRORS },
    async ({ user, params }) => {
      await disbandTeam(db, params.id, user);
    },
  );
}
