import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { temporaryTeamMembers, temporaryTeams, users } from '../db/schema';
import type { AuthUser } from '../auth/plugin';
import { isStaff } from '../auth/plugin';
import { conflict, forbidden, notFound } from '../http/errors';
import { lockTournament, type TemporaryTeamRow as TeamRow, type TournamentRow } from './tournamentStore';
import { temporaryTeamMemberColumns, toTeamMember } from './tournamentView';
import type { TeamManagementRow } from '../../src/api/contract/team';
import { TEMPORARY_TEAM as MSG } from '../../src/domain/messages';

/*
 * Who may change a temporary team, and when: the locks and checks every temporary-team command starts with, and the
 * rows they answer.
 */

export type UserRow = typeof users.$inferSelect;
export interface Locked {
  team: TeamRow;
  tournament: TournamentRow;
}

/**
 * When a change is allowed. Players (captain, members, invitees) manage a team only while the tournament is OPEN;
 * staff may change rosters until the bracket exists (the SWITCHEROO pairing happens while CLOSED) and may
 * moderate a name, substitutes or logo at any time.
 */
export type Phase = 'open' | 'beforeStart' | 'any';

const memberColumns = {
  ...temporaryTeamMemberColumns,
  joinedAt: temporaryTeamMembers.joinedAt,
  slot: temporaryTeamMembers.slot,
};
export type MemberRow = { id: number; discordName: string; picture: string | null; katanaRank: number; teamRole: 'PLAYER' | 'CAPTAIN'; joinedAt: number; slot: number };

/** Members in seniority order: the earliest to join first (the order a captain is promoted from). */
export async function membersBySeniority(db: Db | Tx, teamId: number): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(temporaryTeamMembers)
    .innerJoin(users, eq(users.id, temporaryTeamMembers.userId))
    .where(eq(temporaryTeamMembers.teamId, teamId))
    .orderBy(asc(temporaryTeamMembers.joinedAt), asc(temporaryTeamMembers.slot), asc(users.id));
}

/** Roster order of every screen: the captain, then the others by seniority. */
export const captainFirst = (rows: MemberRow[]) =>
  rows.slice().sort((a, b) => Number(b.teamRole === 'CAPTAIN') - Number(a.teamRole === 'CAPTAIN'));

/**
 * Locks a team for a change: the tournament row first (so it cannot close or start meanwhile, see `lockTournament`),
 * then the team row for update. Always in this order.
 */
export async function lockTeam(tx: Tx, teamId: number): Promise<Locked> {
  const [peek] = await tx
    .select({ tournamentId: temporaryTeams.tournamentId })
    .from(temporaryTeams)
    .where(eq(temporaryTeams.id, teamId));
  if (!peek) throw notFound(MSG.notFound);
  const tournament = await lockTournament(tx, peek.tournamentId);
  const [team] = await tx.select().from(temporaryTeams).where(eq(temporaryTeams.id, teamId)).for('update');
  if (!team) throw notFound(MSG.notFound);
  return { team, tournament };
}

export function assertPhase(tournament: TournamentRow, phase: Phase) {
  if (phase === 'open' && tournament.status !== 'OPEN') throw conflict(MSG.notOpen);
  if (phase === 'beforeStart' && tournament.status !== 'OPEN' && tournament.status !== 'CLOSED') {
    throw conflict(MSG.notBeforeStart);
  }
}

const isCaptain = (team: TeamRow, user: AuthUser) => team.captainId === user.id;

/** Locked teams refuse every change, to everyone; then the captain check (403), then the tournament's status (409). */
export function assertCaptainMay(locked: Locked, user: AuthUser, phase: Phase = 'open') {
  if (locked.team.locked) throw conflict(MSG.locked);
  if (!isCaptain(locked.team, user)) throw forbidden(MSG.notCaptain);
  assertPhase(locked.tournament, phase);
}

export function assertStaffMay(locked: Locked, phase: Phase) {
  if (locked.team.locked) throw conflict(MSG.locked);
  assertPhase(locked.tournament, phase);
}

/** Staff act with staff rights (even on a team they captain); the captain only while OPEN; anyone else: 403. */
export function assertCaptainOrStaffMay(locked: Locked, user: AuthUser, staffPhase: Phase) {
  if (isStaff(user)) assertStaffMay(locked, staffPhase);
  else assertCaptainMay(locked, user, 'open');
}

/** Runs a change in a transaction; a unique-index race (one team per user per tournament) becomes 409. */
export async function change<T>(db: Db, work: (tx: Tx) => Promise<T>, onDuplicate: string): Promise<T> {
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
// Rows and targets

export const inviteRow = (u: Pick<UserRow, 'id' | 'discordName' | 'picture' | 'katanaRank'>): TeamManagementRow => ({
  id: u.id,
  discordName: u.discordName,
  picture: u.picture,
  teamRole: null,
  katanaRank: u.katanaRank,
  type: 'INVITE',
  isRemoving: false,
  rejectedReason: null,
});

export const memberRow = (m: MemberRow): TeamManagementRow => ({
  ...toTeamMember(m),
  type: 'MEMBER',
  isRemoving: false,
  rejectedReason: null,
});


export async function findTarget(tx: Tx, userId: number): Promise<UserRow> {
  const [target] = await tx.select().from(users).where(eq(users.id, userId));
  if (!target) throw notFound(MSG.userNotFound);
  return target;
}

export async function assertMember(tx: Tx, teamId: number, target: UserRow) {
  const [row] = await tx
    .select({ userId: temporaryTeamMembers.userId })
    .from(temporaryTeamMembers)
    .where(and(eq(temporaryTeamMembers.teamId, teamId), eq(temporaryTeamMembers.userId, target.id)));
  if (!row) throw notFound(MSG.notAMember(target.discordName));
}
