import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  siteImages,
  teams,
  temporaryTeamInvites,
  temporaryTeamMembers,
  temporaryTeams,
  tournamentEntries,
  tournaments,
  users,
} from '../db/schema';
import type { AuthUser } from '../auth/plugin';
import { isStaff } from '../auth/plugin';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { deleteImageByUrl, saveImage } from '../storage/images';
import { temporaryTeamMemberColumns, toTeamMember } from './tournamentView';
import type { TeamManagementRow, TemporaryTeamDetail } from '../../src/api/contract/team';
import { teamSize } from '../../src/domain/tournamentRules';
import { TEMPORARY_TEAM as MSG, TOURNAMENT_ERRORS } from '../../src/domain/messages';

type TeamRow = typeof temporaryTeams.$inferSelect;
type TournamentRow = typeof tournaments.$inferSelect;
type UserRow = typeof users.$inferSelect;
interface Locked {
  team: TeamRow;
  tournament: TournamentRow;
}

/**
 * When a change is allowed. Players (captain, members, invitees) manage a team only while the tournament is OPEN;
 * staff may change rosters until the bracket exists (the SWITCHEROO pairing happens while CLOSED) and may
 * moderate a name, substitutes or logo at any time.
 */
type Phase = 'open' | 'beforeStart' | 'any';

const memberColumns = {
  ...temporaryTeamMemberColumns,
  joinedAt: temporaryTeamMembers.joinedAt,
  slot: temporaryTeamMembers.slot,
};
type MemberRow = { id: number; discordName: string; picture: string | null; katanaRank: number; teamRole: 'PLAYER' | 'CAPTAIN'; joinedAt: number; slot: number };

/** Members in seniority order: the earliest to join first (the order a captain is promoted from). */
async function membersBySeniority(db: Db | Tx, teamId: number): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(temporaryTeamMembers)
    .innerJoin(users, eq(users.id, temporaryTeamMembers.userId))
    .where(eq(temporaryTeamMembers.teamId, teamId))
    .orderBy(asc(temporaryTeamMembers.joinedAt), asc(temporaryTeamMembers.slot), asc(users.id));
}

/** Roster order of every screen: the captain, then the others by seniority. */
const captainFirst = (rows: MemberRow[]) =>
  rows.slice().sort((a, b) => Number(b.teamRole === 'CAPTAIN') - Number(a.teamRole === 'CAPTAIN'));

/**
 * Locks a team for a change: the tournament row in share mode (so it cannot close or start meanwhile), then the
 * team row for update (so concurrent changes of one team run one after another). Always in this order.
 */
async function lockTeam(tx: Tx, teamId: number): Promise<Locked> {
  const [peek] = await tx
    .select({ tournamentId: temporaryTeams.tournamentId })
    .from(temporaryTeams)
    .where(eq(temporaryTeams.id, teamId));
  if (!peek) throw notFound(MSG.notFound);
  const [tournament] = await tx.select().from(tournaments).where(eq(tournaments.id, peek.tournamentId)).for('share');
  const [team] = await tx.select().from(temporaryTeams).where(eq(temporaryTeams.id, teamId)).for('update');
  if (!team || !tournament) throw notFound(MSG.notFound);
  return { team, tournament };
}

function assertPhase(tournament: TournamentRow, phase: Phase) {
  if (phase === 'open' && tournament.status !== 'OPEN') throw conflict(MSG.notOpen);
  if (phase === 'beforeStart' && tournament.status !== 'OPEN' && tournament.status !== 'CLOSED') {
    throw conflict(MSG.notBeforeStart);
  }
}

const isCaptain = (team: TeamRow, user: AuthUser) => team.captainId === user.id;

/** Locked teams refuse every change, to everyone; then the captain check (403), then the tournament's status (409). */
function assertCaptainMay(locked: Locked, user: AuthUser, phase: Phase = 'open') {
  if (locked.team.locked) throw conflict(MSG.locked);
  if (!isCaptain(locked.team, user)) throw forbidden(MSG.notCaptain);
  assertPhase(locked.tournament, phase);
}

function assertStaffMay(locked: Locked, phase: Phase) {
  if (locked.team.locked) throw conflict(MSG.locked);
  assertPhase(locked.tournament, phase);
}

/** Staff act with staff rights (even on a team they captain); the captain only while OPEN; anyone else: 403. */
function assertCaptainOrStaffMay(locked: Locked, user: AuthUser, staffPhase: Phase) {
  if (isStaff(user)) assertStaffMay(locked, staffPhase);
  else assertCaptainMay(locked, user, 'open');
}

/** Runs a change in a transaction; a unique-index race (one team per user per tournament) becomes 409. */
async function change<T>(db: Db, work: (tx: Tx) => Promise<T>, onDuplicate: string): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(onDuplicate);
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

export async function temporaryTeamDetail(db: Db | Tx, teamId: number): Promise<TemporaryTeamDetail> {
  const [row] = await db
    .select({ team: temporaryTeams, tournament: tournaments })
    .from(temporaryTeams)
    .innerJoin(tournaments, eq(tournaments.id, temporaryTeams.tournamentId))
    .where(eq(temporaryTeams.id, teamId));
  if (!row) throw notFound(MSG.notFound);
  const { team, tournament } = row;
  const members = captainFirst(await membersBySeniority(db, teamId));
  return {
    id: team.id,
    tournamentId: team.tournamentId,
    name: team.name,
    logoUrl: team.logoUrl,
    captainId: team.captainId,
    listOrder: team.listOrder,
    users: members.map(toTeamMember),
    wins: team.wins,
    losses: team.losses,
    freeSubstitutes: team.freeSubstitutes,
    locked: team.locked,
    teamSize: teamSize(tournament),
    tournament: {
      id: tournament.id,
      title: tournament.title,
      status: tournament.status,
      tournamentType: tournament.tournamentType,
      switcherooType: tournament.switcherooType,
    },
  };
}

const inviteRow = (u: Pick<UserRow, 'id' | 'discordName' | 'picture' | 'katanaRank'>): TeamManagementRow => ({
  id: u.id,
  discordName: u.discordName,
  picture: u.picture,
  teamRole: null,
  katanaRank: u.katanaRank,
  type: 'INVITE',
  isRemoving: false,
  rejectedReason: null,
});

const memberRow = (m: MemberRow): TeamManagementRow => ({
  ...toTeamMember(m),
  type: 'MEMBER',
  isRemoving: false,
  rejectedReason: null,
});

/** The management dialog's rows: members (captain first), then pending invites. For members and staff. */
export async function managementRows(db: Db, teamId: number, viewer: AuthUser): Promise<TeamManagementRow[]> {
  const [team] = await db.select().from(temporaryTeams).where(eq(temporaryTeams.id, teamId));
  if (!team) throw notFound(MSG.notFound);
  const members = captainFirst(await membersBySeniority(db, teamId));
  if (!isStaff(viewer) && !members.some((m) => m.id === viewer.id)) throw forbidden(MSG.notMember);
  const invited = await db
    .select({ id: users.id, discordName: users.discordName, picture: users.picture, katanaRank: users.katanaRank })
    .from(temporaryTeamInvites)
    .innerJoin(users, eq(users.id, temporaryTeamInvites.userId))
    .where(and(eq(temporaryTeamInvites.teamId, teamId), eq(temporaryTeamInvites.status, 'PENDING')))
    .orderBy(asc(temporaryTeamInvites.createdAt), asc(temporaryTeamInvites.id));
  return [...members.map(memberRow), ...invited.map(inviteRow)];
}

// ---------------------------------------------------------------------------------------------------------------
// Name and free substitutes

export interface TemporaryTeamChanges {
  name?: string;
  freeSubstitutes?: string[];
}

/** PATCH …/{id} (captain, while OPEN) and …/{id}/admin (staff, any status): rename and/or set free substitutes. */
export async function updateTemporaryTeam(
  db: Db,
  teamId: number,
  user: AuthUser,
  changes: TemporaryTeamChanges,
  as: 'captain' | 'staff',
): Promise<TemporaryTeamDetail> {
  return db.transaction(async (tx) => {
    const locked = await lockTeam(tx, teamId);
    if (as === 'captain') assertCaptainMay(locked, user);
    else assertStaffMay(locked, 'any');
    const set: Partial<TeamRow> = {};
    if (changes.name !== undefined) set.name = await checkNameFree(tx, locked, changes.name.trim());
    if (changes.freeSubstitutes !== undefined) {
      set.freeSubstitutes = await checkSubstitutes(tx, locked, changes.freeSubstitutes);
    }
    if (Object.keys(set).length > 0) await tx.update(temporaryTeams).set(set).where(eq(temporaryTeams.id, teamId));
    return temporaryTeamDetail(tx, teamId);
  });
}

/** Team names are unique within a tournament (case-insensitive), as when joining. */
async function checkNameFree(tx: Tx, { team, tournament }: Locked, name: string): Promise<string> {
  const [taken] = await tx
    .select({ id: temporaryTeams.id })
    .from(temporaryTeams)
    .where(
      and(
        eq(temporaryTeams.tournamentId, tournament.id),
        ne(temporaryTeams.id, team.id),
        sql`lower(${temporaryTeams.name}) = lower(${name})`,
      ),
    );
  if (taken) throw conflict(TOURNAMENT_ERRORS.teamNameTaken);
  return name;
}

/**
 * Free substitutes fill team slots nobody signed up for. SWITCHEROO: the tournament has signUpLimit − entries such
 * slots, shared by all its teams. Other team tournaments: a bench of at most one team's worth of names.
 */
async function checkSubstitutes(tx: Tx, { team, tournament }: Locked, names: string[]): Promise<string[]> {
  const trimmed = names.map((n) => n.trim());
  const seen = new Set<string>();
  for (const name of trimmed) {
    const key = name.toLocaleLowerCase();
    if (seen.has(key)) throw badRequest(MSG.duplicateSubstitute);
    seen.add(key);
  }
  if (tournament.tournamentType !== 'SWITCHEROO') {
    const max = teamSize(tournament);
    if (trimmed.length > max) throw badRequest(MSG.tooManySubstitutes(max));
    return trimmed;
  }
  const [{ entries }] = await tx
    .select({ entries: sql<number>`count(*)::int` })
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, tournament.id), eq(tournamentEntries.refunded, false)));
  const [{ used }] = await tx
    .select({ used: sql<number>`coalesce(sum(jsonb_array_length(${temporaryTeams.freeSubstitutes})), 0)::int` })
    .from(temporaryTeams)
    .where(and(eq(temporaryTeams.tournamentId, tournament.id), ne(temporaryTeams.id, team.id)));
  const left = Math.max(0, tournament.signUpLimit - Number(entries) - Number(used));
  if (trimmed.length > left) throw conflict(MSG.noSubstituteSlots(left));
  return trimmed;
}

// ---------------------------------------------------------------------------------------------------------------
// Roster

async function findTarget(tx: Tx, userId: number): Promise<UserRow> {
  const [target] = await tx.select().from(users).where(eq(users.id, userId));
  if (!target) throw notFound(MSG.userNotFound);
  return target;
}

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

async function assertRoom(tx: Tx, team: TeamRow, tournament: TournamentRow) {
  const [{ members }] = await tx
    .select({ members: sql<number>`count(*)::int` })
    .from(temporaryTeamMembers)
    .where(eq(temporaryTeamMembers.teamId, team.id));
  const size = teamSize(tournament);
  if (Number(members) >= size) throw conflict(MSG.full(size));
}

/** Adds a player in the lowest free slot and settles their pending invites in this tournament. */
async function addMember(tx: Tx, { team, tournament }: Locked, userId: number) {
  const taken = await tx
    .select({ slot: temporaryTeamMembers.slot })
    .from(temporaryTeamMembers)
    .where(eq(temporaryTeamMembers.teamId, team.id));
  const used = new Set(taken.map((t) => t.slot));
  let slot = 0;
  while (used.has(slot)) slot++;
  await tx
    .insert(temporaryTeamMembers)
    .values({ teamId: team.id, userId, tournamentId: tournament.id, teamRole: 'PLAYER', slot });
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
    const [pending] = await tx
      .select({ id: temporaryTeamInvites.id })
      .from(temporaryTeamInvites)
      .where(
        and(
          eq(temporaryTeamInvites.teamId, teamId),
          eq(temporaryTeamInvites.userId, userId),
          eq(temporaryTeamInvites.status, 'PENDING'),
        ),
      );
    if (pending) throw conflict(MSG.alreadyInvited(target.discordName));
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
      await addMember(tx, locked, user.id);
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

async function pendingInviteOf(tx: Tx, teamId: number, userId: number) {
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
  if (!invite) throw notFound(MSG.noInviteForYou);
  return invite;
}

/** POST …/{id}/admin/members/{userId} (staff, until the tournament starts): adds without an invite. */
export async function forceAddMember(db: Db, teamId: number, userId: number): Promise<TeamManagementRow> {
  return change(
    db,
    async (tx) => {
      const locked = await lockTeam(tx, teamId);
      assertStaffMay(locked, 'beforeStart');
      const target = await findTarget(tx, userId);
      await assertCanJoin(tx, locked, target);
      await addMember(tx, locked, userId);
      const [added] = (await membersBySeniority(tx, teamId)).filter((m) => m.id === userId);
      return memberRow(added);
    },
    MSG.inAnotherTeam('This user'),
  );
}

/**
 * Takes a member off the team. The captain's place passes to the longest-standing member; when nobody is left the
 * team is locked for good, its entry withdrawn and its pending invites cancelled.
 */
async function dropMember(tx: Tx, team: TeamRow, userId: number) {
  await tx
    .delete(temporaryTeamMembers)
    .where(and(eq(temporaryTeamMembers.teamId, team.id), eq(temporaryTeamMembers.userId, userId)));
  const remaining = await membersBySeniority(tx, team.id);
  if (remaining.length === 0) {
    await tx.update(temporaryTeams).set({ locked: true, captainId: null }).where(eq(temporaryTeams.id, team.id));
    await tx.delete(tournamentEntries).where(eq(tournamentEntries.temporaryTeamId, team.id));
    await tx
      .update(temporaryTeamInvites)
      .set({ status: 'CANCELLED' })
      .where(and(eq(temporaryTeamInvites.teamId, team.id), eq(temporaryTeamInvites.status, 'PENDING')));
    return;
  }
  if (team.captainId === userId) {
    const heir = remaining[0];
    await tx
      .update(temporaryTeamMembers)
      .set({ teamRole: 'CAPTAIN' })
      .where(and(eq(temporaryTeamMembers.teamId, team.id), eq(temporaryTeamMembers.userId, heir.id)));
    await tx.update(temporaryTeams).set({ captainId: heir.id }).where(eq(temporaryTeams.id, team.id));
  }
}

async function assertMember(tx: Tx, teamId: number, target: UserRow) {
  const [row] = await tx
    .select({ userId: temporaryTeamMembers.userId })
    .from(temporaryTeamMembers)
    .where(and(eq(temporaryTeamMembers.teamId, teamId), eq(temporaryTeamMembers.userId, target.id)));
  if (!row) throw notFound(MSG.notAMember(target.discordName));
}

/** DELETE …/{id}/members/{userId} (captain, while OPEN): the captain cannot remove themselves. */
export async function removeMemberAsCaptain(db: Db, teamId: number, captain: AuthUser, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockTeam(tx, teamId);
    assertCaptainMay(locked, captain);
    if (userId === captain.id) throw conflict(MSG.captainRemovesSelf);
    const target = await findTarget(tx, userId);
    await assertMember(tx, teamId, target);
    await dropMember(tx, locked.team, userId);
  });
}

/** DELETE …/{id}/admin/members/{userId} (staff, until the tournament starts): anyone, the captain included. */
export async function removeMemberAsStaff(db: Db, teamId: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockTeam(tx, teamId);
    assertStaffMay(locked, 'beforeStart');
    const target = await findTarget(tx, userId);
    await assertMember(tx, teamId, target);
    await dropMember(tx, locked.team, userId);
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
    await tx
      .update(temporaryTeamMembers)
      .set({ teamRole: 'PLAYER' })
      .where(and(eq(temporaryTeamMembers.teamId, teamId), eq(temporaryTeamMembers.teamRole, 'CAPTAIN')));
    await tx
      .update(temporaryTeamMembers)
      .set({ teamRole: 'CAPTAIN' })
      .where(and(eq(temporaryTeamMembers.teamId, teamId), eq(temporaryTeamMembers.userId, userId)));
    await tx.update(temporaryTeams).set({ captainId: userId }).where(eq(temporaryTeams.id, teamId));
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
    await dropMember(tx, locked.team, user.id);
    const [after] = await tx.select({ locked: temporaryTeams.locked }).from(temporaryTeams).where(eq(temporaryTeams.id, teamId));
    return { locked: after.locked };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Logo and disband

/** Checks before reading an upload, so a refused caller does not stream a 5MB file for nothing. */
export async function assertMayUploadLogo(db: Db, teamId: number, captain: AuthUser): Promise<void> {
  await db.transaction(async (tx) => assertCaptainMay(await lockTeam(tx, teamId), captain));
}

/** POST …/{id}/logo (captain, while OPEN). Staff cannot upload through the admin dialog (spec). */
export async function setTeamLogo(
  db: Db,
  teamId: number,
  captain: AuthUser,
  image: { data: Buffer; contentType: string },
): Promise<{ logoUrl: string }> {
  return db.transaction(async (tx) => {
    const locked = await lockTeam(tx, teamId);
    assertCaptainMay(locked, captain);
    const logoUrl = await saveImage(tx, image.data, image.contentType);
    await tx.update(temporaryTeams).set({ logoUrl }).where(eq(temporaryTeams.id, teamId));
    await deleteImageIfUnused(tx, locked.team.logoUrl);
    return { logoUrl };
  });
}

/** DELETE …/{id}/logo: the captain while OPEN, or staff at any time. */
export async function removeTeamLogo(db: Db, teamId: number, user: AuthUser): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockTeam(tx, teamId);
    assertCaptainOrStaffMay(locked, user, 'any');
    await tx.update(temporaryTeams).set({ logoUrl: null }).where(eq(temporaryTeams.id, teamId));
    await deleteImageIfUnused(tx, locked.team.logoUrl);
  });
}

/** DELETE …/{id} (the captain or staff, while OPEN): removes the team, its members, invites and entry. */
export async function disbandTeam(db: Db, teamId: number, user: AuthUser): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockTeam(tx, teamId);
    assertCaptainOrStaffMay(locked, user, 'open');
    // Members, invites and the entry go with the team (foreign keys cascade).
    await tx.delete(temporaryTeams).where(eq(temporaryTeams.id, teamId));
    await deleteImageIfUnused(tx, locked.team.logoUrl);
  });
}

/**
 * A temporary team often starts with its permanent team's logo (the same image URL): the image is deleted only
 * when nothing else shows it.
 */
async function deleteImageIfUnused(tx: Tx, url: string | null) {
  if (!url) return;
  const shownBy = await Promise.all([
    tx.select({ id: temporaryTeams.id }).from(temporaryTeams).where(eq(temporaryTeams.logoUrl, url)).limit(1),
    tx.select({ id: teams.id }).from(teams).where(eq(teams.logoUrl, url)).limit(1),
    tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.graphicUrl, url)).limit(1),
    tx.select({ id: users.id }).from(users).where(eq(users.picture, url)).limit(1),
    tx.select({ url: siteImages.url }).from(siteImages).where(eq(siteImages.url, url)).limit(1),
  ]);
  if (shownBy.every((rows) => rows.length === 0)) await deleteImageByUrl(tx, url);
}
