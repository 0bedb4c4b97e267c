import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { teamInvites, teams, users } from '../db/schema';
import type { AuthUser } from '../auth/plugin';
import { isStaff } from '../auth/plugin';
import { conflict, forbidden, notFound } from '../http/errors';
import { lockRowOr404, rowOr404 } from '../db/rowById';
import { deleteImageIfUnused, saveImage } from '../storage/images';
import { addMember, dropMember, leagueTeamRoster } from './roster';
import { recordStaffTransfer, requestJoin, requestRemoval, withTransferRows } from './transfers';
import { auditTargets, recordAudit } from './auditLog';

/** Whether `user` acts on the team as staff rather than as its captain (a staff change of someone else's team is audited). */
const actsAsStaff = (user: AuthUser, teamId: number) => !(user.teamId === teamId && user.teamRole === 'CAPTAIN');
import type { Billing } from '../billing/types';
import { isLeagueTeamNameTaken } from './adminTeams';
import { teamDetail, type TeamRow } from './teams';
import { inviteRow } from './temporaryTeamAccess';
import type { Team, TeamManagementRow } from '../../src/api/contract/team';
import type { TransferOutcome } from '../../src/api/contract/transfer';
import { LEAGUE_TEAM_SIZE } from '../../src/domain/constants';
import { LEAGUE_TEAM as MSG } from '../../src/domain/messages';

/*
 * League (permanent) teams: creating one, its management dialog (name, logo, invites, members, captain) and the
 * invitee's answer. Roster rules (seats, succession, the last member locking the team) are ./roster.ts's.
 * Every command locks the team row first, then user rows: one order, so two commands never wait on each other in
 * a circle. See docs/decisions.md, "League teams (issue 13)".
 */

type UserRow = typeof users.$inferSelect;

/**
 * While the team plays a season (transferMode) a roster change is a transfer request an admin approves
 * (./transfers.ts): the captain's invite is a transfer invite, the invitee's accept and the captain's removal open a
 * request, and staff changes are recorded as approved transfers. What those calls need from the app.
 */
export interface TransferSettings {
  billing: Billing;
  /** TRANSFER_FEE_EUROS in cents (0: free). */
  feeCents: number;
  now: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Locks and checks

async function lockTeam(tx: Tx, teamId: number): Promise<TeamRow> {
  const team = await lockRowOr404(tx, teams, teamId, MSG.notFound);
  if (team.locked) throw conflict(MSG.locked);
  return team;
}

const lockUser = (tx: Tx, userId: number) => lockRowOr404(tx, users, userId, MSG.userNotFound);

async function captainOf(tx: Db | Tx, teamId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.teamId, teamId), eq(users.teamRole, 'CAPTAIN')));
  return row?.id ?? null;
}

/** The caller must captain this team (staff too: the admin dialog has its own calls). */
async function assertCaptain(tx: Tx, teamId: number, user: AuthUser) {
  if ((await captainOf(tx, teamId)) !== user.id) throw forbidden(MSG.notCaptain);
}

async function assertCaptainOrStaff(tx: Tx, teamId: number, user: AuthUser) {
  if (!isStaff(user)) await assertCaptain(tx, teamId, user);
}

function assertMemberOf(teamId: number, target: UserRow) {
  if (target.teamId !== teamId) throw notFound(MSG.notAMember(target.discordName));
}

/** A player may join: not banned, on no team (one permanent team per player), and a seat left. */
async function assertCanJoin(tx: Tx, teamId: number, target: UserRow, self: boolean) {
  if (target.banned) throw conflict(MSG.banned(target.discordName));
  if (target.teamId === teamId) throw conflict(MSG.alreadyMember(target.discordName));
  if (target.teamId !== null) throw conflict(self ? MSG.youHaveATeam : MSG.onAnotherTeam(target.discordName));
  const [{ members }] = await tx.select({ members: sql<number>`count(*)::int` }).from(users).where(eq(users.teamId, teamId));
  if (Number(members) >= LEAGUE_TEAM_SIZE) throw conflict(MSG.full(LEAGUE_TEAM_SIZE));
}

/**
 * Serializes creations and renames of one name (case-insensitive) for the rest of the transaction, so two teams
 * cannot both find a name free. The teams table has no unique index on lower(name) (old data may hold duplicates).
 */
async function claimName(tx: Tx, name: string, exceptId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`team-name:${name.toLowerCase()}`}))`);
  if (await isLeagueTeamNameTaken(tx, name, exceptId)) throw conflict(MSG.nameTaken);
}

/** An unanswered invite, a transfer invite (the team plays a season) included. */
const pendingInvite = eq(teamInvites.status, 'PENDING');

/** Settles a pending invite of `userId` to `teamId` as `status`; false when there was none. */
async function settleInvite(tx: Tx, teamId: number, userId: number, status: 'ACCEPTED' | 'REJECTED' | 'CANCELLED') {
  const done = await tx
    .update(teamInvites)
    .set({ status })
    .where(and(eq(teamInvites.teamId, teamId), eq(teamInvites.userId, userId), pendingInvite))
    .returning({ id: teamInvites.id });
  return done.length > 0;
}

/** Seats the player and settles their invites: this one accepted, every other team's cancelled (one team per player). */
async function joinTeam(tx: Tx, teamId: number, userId: number) {
  await addMember(tx, leagueTeamRoster, teamId, userId);
  await settleInvite(tx, teamId, userId, 'ACCEPTED');
  await tx.update(teamInvites).set({ status: 'CANCELLED' }).where(and(eq(teamInvites.userId, userId), pendingInvite));
}

// ---------------------------------------------------------------------------------------------------------------
// Creating, reading, naming

/** POST /v1/team: the caller founds a team and captains it. One permanent team per player. */
export async function createLeagueTeam(db: Db, user: AuthUser, name: string): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const me = await lockUser(tx, user.id);
    if (me.teamId !== null) throw conflict(MSG.youHaveATeam);
    await claimName(tx, name, 0);
    const [team] = await tx.insert(teams).values({ name }).returning({ id: teams.id });
    await joinTeam(tx, team.id, user.id);
    await leagueTeamRoster.setCaptain(tx, team.id, user.id);
    return { id: team.id };
  });
}

const memberColumns = { id: users.id, discordName: users.discordName, picture: users.picture, teamRole: users.teamRole, katanaRank: users.katanaRank };

/**
 * GET /v1/team/{id}/members: the management dialog's rows, members (captain first, then by seniority) then pending
 * invites (oldest first). For the team's members and staff.
 */
export async function leagueManagementRows(db: Db, teamId: number, viewer: AuthUser): Promise<TeamManagementRow[]> {
  await rowOr404(db, teams, teamId, MSG.notFound);
  if (!isStaff(viewer) && viewer.teamId !== teamId) throw forbidden(MSG.notMember);
  const [members, invited] = await Promise.all([
    db
      .select(memberColumns)
      .from(users)
      .where(eq(users.teamId, teamId))
      .orderBy(sql`case when ${users.teamRole} = 'CAPTAIN' then 0 else 1 end`, asc(users.id)),
    db
      .select({ id: users.id, discordName: users.discordName, picture: users.picture, katanaRank: users.katanaRank })
      .from(teamInvites)
      .innerJoin(users, eq(users.id, teamInvites.userId))
      .where(and(eq(teamInvites.teamId, teamId), pendingInvite))
      .orderBy(asc(teamInvites.createdAt), asc(teamInvites.id)),
  ]);
  return withTransferRows(db, teamId, [
    ...members.map((m): TeamManagementRow => ({ ...m, type: 'MEMBER', isRemoving: false, rejectedReason: null })),
    ...invited.map(inviteRow),
  ]);
}

/** PATCH /v1/team/{id}: rename (the captain or staff); names are unique, case-insensitive. */
export async function renameLeagueTeam(db: Db, teamId: number, user: AuthUser, name: string): Promise<Team> {
  await db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    await assertCaptainOrStaff(tx, teamId, user);
    await claimName(tx, name, teamId);
    await tx.update(teams).set({ name }).where(eq(teams.id, teamId));
    if (actsAsStaff(user, teamId)) await recordAudit(tx, { actorId: user.id, action: 'TEAM_EDITED', target: auditTargets.team(team), before: team, after: { name } });
  });
  return teamDetail(db, teamId);
}

// ---------------------------------------------------------------------------------------------------------------
// Logo

/** Checks before reading an upload, so a refused caller does not stream a 5MB file for nothing. */
export async function assertMayUploadLeagueLogo(db: Db, teamId: number, user: AuthUser): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    await assertCaptain(tx, teamId, user);
  });
}

/** POST /v1/team/{id}/logo: the captain only (staff cannot upload through the admin dialog, spec §6). */
export async function setLeagueTeamLogo(
  db: Db,
  teamId: number,
  user: AuthUser,
  image: { data: Buffer; contentType: string },
): Promise<{ logoUrl: string }> {
  return db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    await assertCaptain(tx, teamId, user);
    const logoUrl = await saveImage(tx, image.data, image.contentType);
    await tx.update(teams).set({ logoUrl }).where(eq(teams.id, teamId));
    await deleteImageIfUnused(tx, team.logoUrl);
    return { logoUrl };
  });
}

/** DELETE /v1/team/{id}/logo: the captain or staff. */
export async function removeLeagueTeamLogo(db: Db, teamId: number, user: AuthUser): Promise<void> {
  await db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    await assertCaptainOrStaff(tx, teamId, user);
    await tx.update(teams).set({ logoUrl: null }).where(eq(teams.id, teamId));
    await deleteImageIfUnused(tx, team.logoUrl);
    if (actsAsStaff(user, teamId)) {
      await recordAudit(tx, { actorId: user.id, action: 'TEAM_LOGO_REMOVED', target: auditTargets.team(team), before: team, after: { logoUrl: null } });
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Invites

/**
 * The invite search of this team's dialog (captain or staff; 403 otherwise): only players the captain's invite or the
 * staff's Force Add would take (`assertCanJoin`, and the invite below): on no team, and for the captain not invited to
 * this team already (Force Add takes an invited player).
 */
export async function leagueInviteeFilter(db: Db, teamId: number, user: AuthUser): Promise<SQL> {
  await rowOr404(db, teams, teamId, MSG.notFound);
  if (isStaff(user)) return isNull(users.teamId);
  if ((await captainOf(db, teamId)) !== user.id) throw forbidden(MSG.notCaptain);
  return and(
    isNull(users.teamId),
    sql`not exists (select 1 from ${teamInvites} where ${teamInvites.teamId} = ${teamId} and ${teamInvites.userId} = ${users.id} and ${pendingInvite})`,
  )!;
}

/** POST /v1/team/{id}/members/invites/{userId} (captain): answers the invite's management row. */
export async function inviteToLeagueTeam(db: Db, teamId: number, captain: AuthUser, userId: number): Promise<TeamManagementRow> {
  return db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    await assertCaptain(tx, teamId, captain);
    const target = await lockUser(tx, userId);
    await assertCanJoin(tx, teamId, target, false);
    const [already] = await tx
      .select({ id: teamInvites.id })
      .from(teamInvites)
      .where(and(eq(teamInvites.teamId, teamId), eq(teamInvites.userId, userId), pendingInvite));
    if (already) throw conflict(MSG.alreadyInvited(target.discordName));
    // In a season the invite is a transfer invite: accepting it asks the admins.
    await tx.insert(teamInvites).values({ teamId, userId, isTransfer: team.transferMode });
    return inviteRow(target);
  });
}

/** POST /v1/team/{id}/members/invites/{userId}/cancel (captain): revokes a pending invite. */
export async function cancelLeagueInvite(db: Db, teamId: number, captain: AuthUser, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    await assertCaptain(tx, teamId, captain);
    const target = await lockUser(tx, userId);
    if (!(await settleInvite(tx, teamId, userId, 'CANCELLED'))) throw notFound(MSG.noInvite(target.discordName));
  });
}

/**
 * PATCH /v1/team/{teamId}/members/invites/accept: the signed-in invitee joins as PLAYER. Under the team's lock and
 * then their own: of two invitees racing for the last seat one joins and the other is told the team is full; one
 * player accepting two teams at once joins one and is told they already have a team by the other.
 */
export async function acceptLeagueInvite(db: Db, teamId: number, user: AuthUser, transfers: TransferSettings): Promise<Team> {
  await db.transaction(async (tx) => {
    const team = await lockRowOr404(tx, teams, teamId, MSG.notFound);
    const me = await lockUser(tx, user.id);
    const [invite] = await tx
      .select({ id: teamInvites.id })
      .from(teamInvites)
      .where(and(eq(teamInvites.teamId, teamId), eq(teamInvites.userId, user.id), pendingInvite));
    if (!invite) throw notFound(MSG.noInviteForYou);
    if (team.locked) throw conflict(MSG.locked);
    await assertCanJoin(tx, teamId, me, true);
    // In a season the accept asks the admins (the SPA calls POST /v1/transfer for it, to learn the fee).
    if (team.transferMode) await requestJoin(tx, transfers.feeCents, user, team);
    else await joinTeam(tx, teamId, user.id);
  });
  // Read after the commit: the profile's reads run in parallel, which one transaction's connection cannot.
  return teamDetail(db, teamId);
}

/** PATCH /v1/team/{teamId}/members/invites/reject: the signed-in invitee declines. */
export async function rejectLeagueInvite(db: Db, teamId: number, user: AuthUser): Promise<void> {
  await db.transaction(async (tx) => {
    await lockRowOr404(tx, teams, teamId, MSG.notFound);
    if (!(await settleInvite(tx, teamId, user.id, 'REJECTED'))) throw notFound(MSG.noInviteForYou);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Members

/** POST /v1/team/{id}/admin/members/{userId} (staff): adds a player without an invite. */
export async function forceAddLeagueMember(db: Db, teamId: number, actor: AuthUser, userId: number, transfers: TransferSettings): Promise<TeamManagementRow> {
  return db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    const target = await lockUser(tx, userId);
    await assertCanJoin(tx, teamId, target, false);
    await joinTeam(tx, teamId, userId);
    // In a season the staff change is an approved transfer (audited there); outside one, a roster change.
    if (team.transferMode) await recordStaffTransfer(tx, transfers.billing, actor, team, target, true, transfers.now);
    else await recordAudit(tx, { actorId: actor.id, action: 'ROSTER_CHANGED', target: auditTargets.team(team), before: {}, after: { added: target.discordName } });
    return { ...inviteRow(target), teamRole: 'PLAYER', type: 'MEMBER' };
  });
}

/**
 * DELETE /v1/team/{id}/members/{userId} (the captain; not themselves) and /admin/members/{userId} (staff; anyone,
 * the captain included: the captain's place passes on, and removing the last member locks the team).
 */
export async function removeLeagueMember(
  db: Db,
  teamId: number,
  user: AuthUser,
  userId: number,
  as: 'captain' | 'staff',
  transfers: TransferSettings,
): Promise<TransferOutcome | null> {
  return db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if (as === 'captain') {
      await assertCaptain(tx, teamId, user);
      if (userId === user.id) throw conflict(MSG.captainRemovesSelf);
    }
    const target = await lockUser(tx, userId);
    assertMemberOf(teamId, target);
    // In a season the captain's Remove asks the admins ("User removal pending admin approval"); staff decide at once.
    if (team.transferMode && as === 'captain') return requestRemoval(tx, transfers.feeCents, user, team, userId);
    await dropMember(tx, leagueTeamRoster, teamId, userId);
    if (team.transferMode) await recordStaffTransfer(tx, transfers.billing, user, team, target, false, transfers.now);
    else if (as === 'staff') await recordAudit(tx, { actorId: user.id, action: 'ROSTER_CHANGED', target: auditTargets.team(team), before: {}, after: { removed: target.discordName } });
    return null;
  });
}

/**
 * PATCH /v1/team/{id}/members/{userId} (captain) and /admin/members/{userId} (staff): assign captain. The member
 * becomes CAPTAIN, the captain before stays on as PLAYER. Naming the captain again is refused (spec: the captain
 * cannot re-assign self). Not a roster change, so it is allowed while the team plays a season.
 */
export async function promoteLeagueMember(db: Db, teamId: number, user: AuthUser, userId: number, as: 'captain' | 'staff'): Promise<void> {
  await db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if (as === 'captain') await assertCaptain(tx, teamId, user);
    const target = await lockUser(tx, userId);
    assertMemberOf(teamId, target);
    if (target.teamRole === 'CAPTAIN') throw conflict(MSG.alreadyCaptain(target.discordName));
    const [captain] = await tx.select({ name: users.discordName }).from(users).where(and(eq(users.teamId, teamId), eq(users.teamRole, 'CAPTAIN')));
    await leagueTeamRoster.setCaptain(tx, teamId, userId);
    if (as === 'staff') {
      await recordAudit(tx, { actorId: user.id, action: 'ROSTER_CHANGED', target: auditTargets.team(team), before: { captain: captain?.name ?? null }, after: { captain: target.discordName } });
    }
  });
}
