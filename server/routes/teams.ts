import { type } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { badRequest } from '../http/errors';
import { pageAnswer, toPage } from '../http/validate';
import { defineRoute, input, UPLOAD } from '../http/route';
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
import { LogoUploaded, Team, TeamManagementRow, TeamManagementRows, TeamNameBody, TeamSummary } from '../../src/api/contract/team';
import { Created } from '../../src/api/contract/tournament';
import { LeagueTeamLeft, TransferOutcome } from '../../src/api/contract/transfer';
import { IdParam, PageQuery, Paged } from '../../src/api/contract/common';
import { LEAGUE_TEAM } from '../../src/domain/messages';

const BASE = '/v1/team/:id';

const ById = type({ id: IdParam });
const MemberById = type({ id: IdParam, userId: IdParam });
const CAPTAIN = "the team's captain";
const CAPTAIN_OR_STAFF = "the team's captain, or staff";
const ROSTER_ERRORS = { 409: 'Not allowed for this team or member now (a full team, a member elsewhere, a locked team)' };

/** The name of POST /v1/team ("Please enter a team name") and PATCH /v1/team/{id} ("Please enter a new team name"), trimmed. */
const teamName = (blank: string) =>
  input(TeamNameBody, {
    messages: { name: blank },
    prepare: (raw) => {
      const name = typeof raw.name === 'string' ? raw.name.trim() : raw.name;
      if (typeof name === 'string' && name.length > 40) throw badRequest(LEAGUE_TEAM.teamNameTooLong);
      return { ...raw, name };
    },
  });

/** League (permanent) teams: TEAM RANKS, the profile, creating one, its management dialog and invites. */
export function teamRoutes(app: FastifyInstance, db: Db, config: Config) {
  /** What the roster calls of a team in a season need (transfer requests, their fee, staff changes recorded). */
  const transfers = (): TransferSettings => ({ billing: app.billing, feeCents: config.transferFeeCents, now: config.now() });

  defineRoute(
    app,
    { method: 'GET', url: '/v1/team', summary: 'TEAM RANKS: every league team, paged and searchable', access: 'public', query: PageQuery, responses: Paged(TeamSummary), cache: { viewer: 'none' } },
    async ({ query }) => {
      const page = toPage(query);
      const { rows, total } = await listTeams(db, page);
      return pageAnswer(page, total, rows.map(toTeamSummary));
    },
  );

  defineRoute(
    app,
    { method: 'POST', url: '/v1/team', summary: 'Create Team: the caller founds and captains it; answers its id', access: 'user', body: teamName(LEAGUE_TEAM.teamName), responses: { 201: Created }, errors: { 409: 'The caller is already on a team, or the name is taken' } },
    async ({ user, body }) => createLeagueTeam(db, user, body.name),
  );

  defineRoute(
    app,
    { method: 'GET', url: BASE, summary: 'The team profile', access: 'public', params: ById, responses: Team, cache: { viewer: 'none' } },
    async ({ params }) => teamDetail(db, params.id),
  );

  defineRoute(
    app,
    { method: 'GET', url: `${BASE}/members`, summary: "The management dialog's rows (members and staff)", access: 'user', who: 'members of the team, or staff', params: ById, responses: TeamManagementRows },
    async ({ user, params }) => leagueManagementRows(db, params.id, user),
  );

  defineRoute(
    app,
    { method: 'PATCH', url: BASE, summary: 'Rename the team', access: 'user', who: CAPTAIN_OR_STAFF, params: ById, body: teamName(LEAGUE_TEAM.newTeamName), responses: Team, errors: { 409: 'The name is taken' } },
    async ({ user, params, body }) => renameLeagueTeam(db, params.id, user, body.name),
  );

  defineRoute(
    app,
    { method: 'POST', url: `${BASE}/logo`, summary: "Upload the team's logo", access: 'user', who: CAPTAIN_OR_STAFF, params: ById, body: UPLOAD, responses: LogoUploaded },
    async ({ request, user, params }) => {
      await assertMayUploadLeagueLogo(db, params.id, user);
      return setLeagueTeamLogo(db, params.id, user, await readImageUpload(request));
    },
  );

  defineRoute(
    app,
    { method: 'DELETE', url: `${BASE}/logo`, summary: "Remove the team's logo", access: 'user', who: CAPTAIN_OR_STAFF, params: ById, responses: null },
    async ({ user, params }) => {
      await removeLeagueTeamLogo(db, params.id, user);
    },
  );

  defineRoute(
    app,
    { method: 'POST', url: `${BASE}/members/invites/:userId`, summary: 'Invite a player', access: 'user', who: CAPTAIN, params: MemberById, responses: TeamManagementRow, errors: ROSTER_ERRORS },
    async ({ user, params }) => inviteToLeagueTeam(db, params.id, user, params.userId),
  );

  defineRoute(
    app,
    { method: 'POST', url: `${BASE}/members/invites/:userId/cancel`, summary: 'Cancel an invite', access: 'user', who: CAPTAIN, params: MemberById, responses: null },
    async ({ user, params }) => {
      await cancelLeagueInvite(db, params.id, user, params.userId);
    },
  );

  defineRoute(
    app,
    { method: 'PATCH', url: `${BASE}/members/invites/accept`, summary: "Accept the team's invite (while the team plays a season, a transfer request)", access: 'user', who: 'the invited player', params: ById, responses: Team, errors: ROSTER_ERRORS },
    async ({ user, params }) => acceptLeagueInvite(db, params.id, user, transfers()),
  );

  defineRoute(
    app,
    { method: 'PATCH', url: `${BASE}/members/invites/reject`, summary: "Reject the team's invite", access: 'user', who: 'the invited player', params: ById, responses: null },
    async ({ user, params }) => {
      await rejectLeagueInvite(db, params.id, user);
    },
  );

  defineRoute(
    app,
    { method: 'POST', url: `${BASE}/admin/members/:userId`, summary: 'Add a player to the team (staff)', access: 'staff', params: MemberById, responses: TeamManagementRow, errors: ROSTER_ERRORS },
    async ({ user, params }) => forceAddLeagueMember(db, params.id, user, params.userId, transfers()),
  );

  defineRoute(
    app,
    { method: 'DELETE', url: `${BASE}/admin/members/:userId`, summary: 'Remove a member (staff)', access: 'staff', params: MemberById, responses: null, errors: ROSTER_ERRORS },
    async ({ user, params }) => {
      await removeLeagueMember(db, params.id, user, params.userId, 'staff', transfers());
    },
  );

  defineRoute(
    app,
    { method: 'PATCH', url: `${BASE}/members/:userId`, summary: 'Assign captain: the captain hands the team to a member', access: 'user', who: CAPTAIN, params: MemberById, responses: null, errors: ROSTER_ERRORS },
    async ({ user, params }) => {
      await promoteLeagueMember(db, params.id, user, params.userId, 'captain');
    },
  );

  defineRoute(
    app,
    { method: 'PATCH', url: `${BASE}/admin/members/:userId`, summary: 'Assign captain (staff)', access: 'staff', params: MemberById, responses: null, errors: ROSTER_ERRORS },
    async ({ user, params }) => {
      await promoteLeagueMember(db, params.id, user, params.userId, 'staff');
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: `${BASE}/members/:userId`,
      summary: 'Remove a member; while the team plays a season it answers the transfer request instead',
      access: 'user',
      who: CAPTAIN,
      params: MemberById,
      responses: { 200: TransferOutcome, 204: null },
      errors: ROSTER_ERRORS,
    },
    async ({ user, params }) => (await removeLeagueMember(db, params.id, user, params.userId, 'captain', transfers())) ?? undefined,
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: `${BASE}/members`,
      summary: 'Leave the team: `locked` is true when the last member left; while the team plays a season, the removal request it opened',
      access: 'user',
      who: 'a member of the team',
      params: ById,
      responses: LeagueTeamLeft,
      errors: ROSTER_ERRORS,
    },
    async ({ user, params }) => leaveLeagueTeam(db, params.id, user, config.transferFeeCents),
  );
}
