import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { temporaryTeamInvites, temporaryTeamMembers, temporaryTeams, tournamentEntries, tournaments, users } from '../db/schema';
import { isStaff, type AuthUser } from '../auth/plugin';
import { conflict, forbidden, notFound } from '../http/errors';
import {
  assertCaptainMay,
  assertMember,
  assertPhase,
  assertStaffMay,
  change,
  findTarget,
  inviteRow,
  lockTeam,
  memberRow,
  membersBySeniority,
  type Locked,
  type UserRow,
} from './temporaryTeamAccess';
import { temporaryTeamDetail } from './temporaryTeams';
import { addMember, dropMember, temporaryTeamRoster } from './roster';
import { auditTargets, recordAudit, type AuditActor } from './auditLog';
import type { TemporaryTeamRow as TeamRow, TournamentRow } from './tournamentStore';
import type { TeamManagementRow, TemporaryTeamDetail } from '../../src/api/contract/team';
import { teamSize } from '../../src/domain/tournamentRules';
import { TEMPORARY_TEAM as MSG } from '../../src/domain/messages';

/* Temporary team rosters: invites, joining, removing, promoting and leaving (the rules themselves: ./roster.ts). */

/**
 * Whether `target` may join the team now: not banned, not already in a team of this tournament, signed up when
 * the tournament is a SWITCHEROO (its teams are formed from sign-ups), and a free place on the team.
 * `self` words the refusals for the invitee accepting.
 */
async function assertCanJoin(tx: Tx, { team, tournament }: Locked, target: UserRow, self = false) {
  if (target.banned) throw conflict(MSG.banned(target.discordName));
  const [membership] = await tx
    .select({ teamId: temporaryTeamMembers.teamId })
    .from(temporaryTeamMembers)
    .where(and(eq(temporaryTeamMembers.tournamentId, tournament.id), eq(temporaryTeamMembers.userId, target.id)));
  if (membership?.teamId === team.id) throw conflict(MSG.alreadyMember(target.discordName));
  if (membership) throw conflict(self ? MSG.youAreInAnotherTeam : MSG.inAnotherTeam(target.discordName));
  if (tournament.tournamentType === 'SWITCHEROO') {
    const [entry] = await tx
      .select({ id: tournamentEntries.id })
      .from(tournamentEntries)
      .where(
        and(
          eq(tournamentEntries.tournamentId, tournament.id),
          eq(tournamentEntries.userId, target.id),
          eq(tournamentEntries.refunded, false),
        ),
      );
    if (!entry) throw conflict(self ? MSG.youAreNotSignedUp : MSG.notSignedUp(target.discordName));
  }
  await assertRoom(tx, team, tournament);
}

/**
 * The invite search of this team's dialog (captain or staff; 403 otherwise): only players `assertCanJoin` and the
 * captain's invite would take: in no team of this tournament, signed up for a SWITCHEROO, and for the captain not
 * invited to this team already (the staff's Force Add takes an invited player).
 */
export async function temporaryInviteeFilter(db: Db, teamId: number, user: AuthUser): Promise<SQL> {
  const [row] = await db
    .select({ team: temporaryTeams, tournamentType: tournaments.tournamentType })
    .from(temporaryTeams)
    .innerJoin(tournaments, eq(tournaments.id, temporaryTeams.tournamentId))
    .where(eq(temporaryTeams.id, teamId));
  if (!row) throw notFound(MSG.notFound);
  if (!isStaff(user) && row.team.captainId !== user.id) throw forbidden(MSG.notCaptain);
  const tournamentId = row.team.tournamentId;
  return and(
    sql`not exists (select 1 from ${temporaryTeamMembers} where ${temporaryTeamMembers.tournamentId} = ${tournamentId} and ${temporaryTeamMembers.userId} = ${users.id})`,
    isStaff(user)
      ? undefined
      : sql`not exists (select 1 from ${temporaryTeamInvites} where ${temporaryTeamInvites.teamId} = ${teamId} and ${temporaryTeamInvites.userId} = ${users.id} and ${temporaryTeamInvites.status} = 'PENDING')`,
    row.tournamentType === 'SWITCHEROO'
      ? sql`exists (select 1 from ${tournamentEntries} where ${tournamentEntries.tournamentId} = ${tournamentId} and ${tournamentEntries.userId} = ${users.id} and ${tournamentEntries.refunded} = false)`
      : undefined,
  )!;
}

async function assertRoom(tx: Tx, team: TeamRow, tournament: TournamentRow) {
  const [{ members }] = await tx
    .select({ members: sql<number>`count(*)::int` })
    .from(temporaryTeamMembers)
    .where(eq(temporaryTeamMembers.teamId, team.id));
  const size = teamSize(tournament);
  if (Number(members) >= size) throw conflict(MSG.full(size));
}

/** Seats a player (lowest free slot) and settles their pending invites in this tournament. */
async function joinTeam(tx: Tx, { team, tournament }: Locked, userId: number) {
  await addMember(tx, temporaryTeamRoster, team.id, userId);
  await tx
    .update(temporaryTeamInvites)
    .set({ status: 'ACCEPTED' })
    .where(
      and(
        eq(temporaryTeamInvites.teamId, team.id),
        eq(temporaryTeamInvites.userId, userId),
        eq(temporaryTeamInvites.status, 'PENDING'),
      ),
    );
  // A player is in one team per tournament: invites from the other teams can no longer be accepted.
  const tournamentTeams = tx
    .select({ id: temporaryTeams.id })
    .from(temporaryTeams)
    .where(eq(temporaryTeams.tournamentId, tournament.id));
  await tx
    .update(temporaryTeamInvites)
    .set({ status: 'CANCELLED' })
    .where(
      and(
        eq(temporaryTeamInvites.userId, userId),
        eq(temporaryTeamInvites.status, 'PENDING'),
        inArray(temporaryTeamInvites.teamId, tournamentTeams),
      ),
    );
}

/** POST …/{id}/members/invites/{userId} (captain, while OPEN): answers the invite's management row. */
export async function inviteToTeam(db: Db, teamId: number, captain: AuthUser, userId: number): Promise<TeamManagementRow> {
  return db.transaction(async (tx) => {
    const locked = await lockTeam(tx, teamId);
    assertCaptainMay(locked, captain);
    const target = await findTarget(tx, userId);
    await assertCanJoin(tx, locked, target);
    if (await findPendingInvite(tx, teamId, userId)) throw conflict(MSG.alreadyInvited(target.discordName));
    await tx.insert(temporaryTeamInvites).values({ teamId, userId });
    return inviteRow(target);
  });
}

/** PATCH …/{id}/members/invites/{userId}/cancel (captain, while OPEN): revokes a pending invite. */
export async function cancelInvite(db: Db, teamId: number, captain: AuthUser, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockTeam(tx, teamId);
    assertCaptainMay(locked, captain);
    const target = await findTarget(tx, userId);
    const revoked = await tx
      .update(temporaryTeamInvites)
      .set({ status: 'CANCELLED' })
      .where(
        and(
          eq(temporaryTeamInvites.teamId, teamId),
          eq(temporaryTeamInvites.userId, userId),
          eq(temporaryTeamInvites.status, 'PENDING'),
        ),
      )
      .returning({ id: temporaryTeamInvites.id });
    if (revoked.length === 0) throw notFound(MSG.noInvite(target.discordName));
  });
}

/** PATCH …/{teamId}/members/invites/accept: the signed-in invitee joins as PLAYER (team size re-checked under lock). */
export async function acceptInvite(db: Db, teamId: number, user: AuthUser): Promise<TemporaryTeamDetail> {
  return change(
    db,
    async (tx) => {
      const locked = await lockTeam(tx, teamId);
      if (locked.team.locked) throw conflict(MSG.locked);
      await pendingInviteOf(tx, teamId, user.id);
      assertPhase(locked.tournament, 'open');
      await assertCanJoin(tx, locked, await findTarget(tx, user.id), true);
      await joinTeam(tx, locked, user.id);
      return temporaryTeamDetail(tx, teamId);
    },
    MSG.youAreInAnotherTeam,
  );
}

/** PATCH …/{teamId}/members/invites/reject: the signed-in invitee declines (allowed in any status). */
export async function rejectInvite(db: Db, teamId: number, user: AuthUser): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    const invite = await pendingInviteOf(tx, teamId, user.id);
    await tx.update(temporaryTeamInvites).set({ status: 'REJECTED' }).where(eq(temporaryTeamInvites.id, invite.id));
  });
}

async function findPendingInvite(tx: Tx, teamId: number, userId: number) {
  const [invite] = await tx
    .select()
    .from(temporaryTeamInvites)
    .where(
      and(
        eq(temporaryTeamInvites.teamId, teamId),
        eq(temporaryTeamInvites.userId, userId),
        eq(temporaryTeamInvites.status, 'PENDING'),
      ),
    );
  return invite;
}

async function pendingInviteOf(tx: Tx, teamId: number, userId: number) {
  const invite = await findPendingInvite(tx, teamId, userId);
  if (!invite) throw notFound(MSG.noInviteForYou);
  return invite;
}

/** POST …/{id}/admin/members/{userId} (staff, until the tournament starts): adds without an invite. */
export async function forceAddMember(db: Db, teamId: number, userId: number, actor: AuditActor): Promise<TeamManagementRow> {
  return change(
    db,
    async (tx) => {
      const locked = await lockTeam(tx, teamId);
      assertStaffMay(locked, 'beforeStart');
      const target = await findTarget(tx, userId);
      await assertCanJoin(tx, locked, target);
      await joinTeam(tx, locked, userId);
      await recordAudit(tx, { actorId: actor.id, action: 'ROSTER_CHANGED', target: auditTargets.tournamentTeam(locked.team), before: {}, after: { added: target.discordName } });
      const [added] = (await membersBySeniority(tx, teamId)).filter((m) => m.id === userId);
      return memberRow(added);
    },
    MSG.inAnotherTeam('This user'),
  );
}


/** DELETE …/{id}/members/{userId} (captain, while OPEN): the captain cannot remove themselves. */
export async function removeMemberAsCaptain(db: Db, teamId: number, captain: AuthUser, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockTeam(tx, teamId);
    assertCaptainMay(locked, captain);
    if (userId === captain.id) throw conflict(MSG.captainRemovesSelf);
    const target = await findTarget(tx, userId);
    await assertMember(tx, teamId, target);
    await dropMember(tx, temporaryTeamRoster, teamId, userId);
  });
}

/** DELETE …/{id}/admin/members/{userId} (staff, until the tournament starts): anyone, the captain included. */
export async function removeMemberAsStaff(db: Db, teamId: number, userId: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockTeam(tx, teamId);
    assertStaffMay(locked, 'beforeStart');
    const target = await findTarget(tx, userId);
    await assertMember(tx, teamId, target);
    await dropMember(tx, temporaryTeamRoster, teamId, userId);
    await recordAudit(tx, { actorId: actor.id, action: 'ROSTER_CHANGED', target: auditTargets.tournamentTeam(locked.team), before: {}, after: { removed: target.discordName } });
  });
}

/**
 * PATCH …/{id}/members/{userId} (captain, while OPEN) or …/{id}/admin/members/{userId} (staff, until the tournament
 * starts): makes a member the captain; the captain before stays on as a PLAYER. Nobody re-assigns themselves (spec:
 * the captain cannot re-assign self), so naming the captain again is refused.
 */
export async function promoteMember(db: Db, teamId: number, user: AuthUser, userId: number, as: 'captain' | 'staff'): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockTeam(tx, teamId);
    if (as === 'staff') assertStaffMay(locked, 'beforeStart');
    else assertCaptainMay(locked, user);
    const target = await findTarget(tx, userId);
    await assertMember(tx, teamId, target);
    if (locked.team.captainId === userId) throw conflict(MSG.alreadyCaptain(target.discordName));
    await temporaryTeamRoster.setCaptain(tx, teamId, userId);
    if (as === 'staff') {
      const [before] = (await membersBySeniority(tx, teamId)).filter((m) => m.id === locked.team.captainId);
      await recordAudit(tx, { actorId: user.id, action: 'ROSTER_CHANGED', target: auditTargets.tournamentTeam(locked.team), before: { captain: before?.discordName ?? null }, after: { captain: target.discordName } });
    }
  });
}

/** DELETE …/{id}/members (a member, while OPEN): leave the team; answers whether that locked it. */
export async function leaveTeam(db: Db, teamId: number, user: AuthUser): Promise<{ locked: boolean }> {
  return db.transaction(async (tx) => {
    const locked = await lockTeam(tx, teamId);
    if (locked.team.locked) throw conflict(MSG.locked);
    const [row] = await tx
      .select({ userId: temporaryTeamMembers.userId })
      .from(temporaryTeamMembers)
      .where(and(eq(temporaryTeamMembers.teamId, teamId), eq(temporaryTeamMembers.userId, user.id)));
    if (!row) throw forbidden(MSG.notMember);
    assertPhase(locked.tournament, 'open');
    const { retired } = await dropMember(tx, temporaryTeamRoster, teamId, user.id);
    return { locked: retired };
  });
}
