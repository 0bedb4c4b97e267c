import { array, boolean, enums, integer, nullable, number, object, optional, size, string, type, type Infer } from 'superstruct';
import { CleanText, Count, Id, Millis, NonBlank, TeamRole } from './common';
import { SWITCHEROO_TYPES, TOURNAMENT_STATUSES, TOURNAMENT_TYPES, TRANSFER_STATUSES } from '../../domain/constants';

export const TeamMember = type({
  id: Id,
  discordName: string(),
  picture: nullable(string()),
  teamRole: nullable(TeamRole),
  katanaRank: number(),
});
export type TeamMember = Infer<typeof TeamMember>;

export const UpcomingMatch = type({
  id: Id,
  seasonId: Id,
  seasonName: string(),
  dueByDate: nullable(Millis),
  teamA: nullable(type({ id: Id, name: string(), logoUrl: nullable(string()) })),
  teamB: nullable(type({ id: Id, name: string(), logoUrl: nullable(string()) })),
  roundType: optional(string()),
});
export type UpcomingMatch = Infer<typeof UpcomingMatch>;

export const Team = type({
  id: Id,
  name: string(),
  logoUrl: nullable(string()),
  wins: integer(),
  losses: integer(),
  gold: integer(),
  silver: integer(),
  bronze: integer(),
  activeSeasons: integer(),
  users: array(TeamMember),
  upcomingMatches: array(UpcomingMatch),
  divisionWins: integer(),
  divisionLosses: integer(),
  averageKR: number(),
  transferMode: boolean(),
  /**
   * Members whose removal is asked for (by the captain, or by leaving while the team plays a season): awaiting its
   * payment or pending until an admin decides, or rejected until the captain's Ok.
   */
  removals: array(type({ userId: Id, status: enums(TRANSFER_STATUSES) })),
});
export type Team = Infer<typeof Team>;

/** A row of the team list tables (TEAM RANKS, admin teams). */
export const TeamSummary = type({
  id: Id,
  name: string(),
  logoUrl: nullable(string()),
  wins: integer(),
  losses: integer(),
  gold: integer(),
  silver: integer(),
  bronze: integer(),
});
export type TeamSummary = Infer<typeof TeamSummary>;

/** A row of the team management dialog: a member, a pending invite or a pending transfer. */
export const TeamManagementRow = type({
  ...TeamMember.schema,
  type: enums(['MEMBER', 'INVITE', 'TRANSFER']),
  isRemoving: boolean(),
  rejectedReason: nullable(string()),
});
export type TeamManagementRow = Infer<typeof TeamManagementRow>;

export const TeamInvite = type({
  id: Id,
  teamId: Id,
  teamName: string(),
  teamLogoUrl: nullable(string()),
  tournamentTitle: optional(nullable(string())),
  /** Set with tournamentTitle: the tournament of the temporary team (links the invite to its page). */
  tournamentId: optional(nullable(Id)),
  isTransfer: boolean(),
});
export type TeamInvite = Infer<typeof TeamInvite>;

/** GET /v1/transfer/user: the signed-in user's pending invites, newest first. */
export const TeamInvites = array(TeamInvite);
export type TeamInvites = Infer<typeof TeamInvites>;

export const TransferRequest = type({
  id: Id,
  teamId: Id,
  teamName: string(),
  userId: Id,
  userName: string(),
  addPlayer: boolean(),
  approved: nullable(boolean()),
  rejectedReason: nullable(string()),
  /** The request's state (machines/transferRequestMachine.ts); approved is null until an admin decides. */
  status: optional(enums(TRANSFER_STATUSES)),
});
export type TransferRequest = Infer<typeof TransferRequest>;

export const TeamName = size(NonBlank, 1, 40);
/** POST /v1/team and PATCH /v1/team/{id}. */
export const TeamNameBody = object({ name: TeamName });
export type TeamNameBody = Infer<typeof TeamNameBody>;

/** PATCH /v1/team/{id}/admin. */
export const AdminTeamPatch = object({
  name: optional(TeamName),
  wins: optional(Count),
  losses: optional(Count),
  gold: optional(Count),
  silver: optional(Count),
  bronze: optional(Count),
});
export type AdminTeamPatch = Infer<typeof AdminTeamPatch>;

/** PATCH /v1/transfer/{id}. */
export const TransferDecision = object({ approved: boolean(), rejectedReason: optional(nullable(CleanText)) });
export type TransferDecision = Infer<typeof TransferDecision>;

/** POST /v1/billing/transfer-request/{teamId}. */
export const TransferRequestBody = object({ teamId: Id, addPlayer: boolean(), userId: Id });
export type TransferRequestBody = Infer<typeof TransferRequestBody>;

export const TemporaryTeamMember = TeamMember;

/** A team formed for one tournament. */
export const TemporaryTeam = type({
  id: Id,
  tournamentId: Id,
  name: string(),
  logoUrl: nullable(string()),
  captainId: nullable(Id),
  listOrder: integer(),
  users: array(TeamMember),
  wins: integer(),
  losses: integer(),
  freeSubstitutes: array(string()),
});
export type TemporaryTeam = Infer<typeof TemporaryTeam>;

/** PATCH /v1/tournament/temporary-team/{id}[/admin]: a new name, or the list of free substitutes. */
export const TemporaryTeamPatch = object({
  name: optional(TeamName),
  freeSubstitutes: optional(array(size(NonBlank, 1, 40))),
});
export type TemporaryTeamPatch = Infer<typeof TemporaryTeamPatch>;

/** GET /v1/tournament/temporary-team/{id}: the tournament team page (users: CAPTAIN first). */
export const TemporaryTeamDetail = type({
  ...TemporaryTeam.schema,
  /** True once the last member left: the team can never change again ("All members have left this team."). */
  locked: boolean(),
  /** Players the team may hold: teamLimit, or for SWITCHEROO 4 (doubles) / 2 (singles). */
  teamSize: integer(),
  tournament: type({
    id: Id,
    title: string(),
    status: enums(TOURNAMENT_STATUSES),
    tournamentType: enums(TOURNAMENT_TYPES),
    switcherooType: enums(SWITCHEROO_TYPES),
  }),
});
export type TemporaryTeamDetail = Infer<typeof TemporaryTeamDetail>;

/** GET /v1/tournament/temporary-team/{id}/members: members (CAPTAIN first), then pending invites. */
export const TeamManagementRows = array(TeamManagementRow);
export type TeamManagementRows = Infer<typeof TeamManagementRows>;

/** POST /v1/tournament/temporary-team/{id}/logo (and other logo uploads) answer the new logo's URL. */
export const LogoUploaded = type({ logoUrl: string() });
export type LogoUploaded = Infer<typeof LogoUploaded>;

/** DELETE /v1/tournament/temporary-team/{id}/members (leave): locked is true when the last member left. */
export const TeamLeft = type({ locked: boolean() });
export type TeamLeft = Infer<typeof TeamLeft>;
