import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { temporaryTeamInvites, temporaryTeams, tournaments, users } from '../db/schema';
import type { AuthUser } from '../auth/plugin';
import { isStaff } from '../auth/plugin';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { deleteImageIfUnused, saveImage } from '../storage/images';
import { toTeamMember } from './tournamentView';
import { auditTargets, recordAudit } from './auditLog';
import {
  assertCaptainMay,
  assertCaptainOrStaffMay,
  assertStaffMay,
  captainFirst,
  inviteRow,
  lockTeam,
  memberRow,
  membersBySeniority,
  type Locked,
} from './temporaryTeamAccess';
import { activeEntryCount, isTeamNameTaken, type TemporaryTeamRow as TeamRow } from './tournamentStore';
import type { TeamManagementRow, TemporaryTeamDetail } from '../../src/api/contract/team';
import { teamSize } from '../../src/domain/tournamentRules';
import { TEMPORARY_TEAM as MSG, TOURNAMENT_ERRORS } from '../../src/domain/messages';

/* Temporary teams: the team page, the management rows, name, free substitutes, logo and disbanding. */

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
    if (as === 'staff') {
      await recordAudit(tx, { actorId: user.id, action: 'TEAM_EDITED', target: auditTargets.tournamentTeam(locked.team), before: locked.team, after: set });
    }
    return temporaryTeamDetail(tx, teamId);
  });
}

/** Team names are unique within a tournament (case-insensitive), as when joining. */
async function checkNameFree(tx: Tx, { team, tournament }: Locked, name: string): Promise<string> {
  if (await isTeamNameTaken(tx, tournament.id, name, team.id)) throw conflict(TOURNAMENT_ERRORS.teamNameTaken);
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
  const entries = await activeEntryCount(tx, tournament);
  const [{ used }] = await tx
    .select({ used: sql<number>`coalesce(sum(jsonb_array_length(${temporaryTeams.freeSubstitutes})), 0)::int` })
    .from(temporaryTeams)
    .where(and(eq(temporaryTeams.tournamentId, tournament.id), ne(temporaryTeams.id, team.id)));
  const left = Math.max(0, tournament.signUpLimit - entries - Number(used));
  if (trimmed.length > left) throw conflict(MSG.noSubstituteSlots(left));
  return trimmed;
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
    // Staff removing another team's logo change someone else's data: audited (a captain's own change is not).
    if (locked.team.captainId !== user.id) {
      await recordAudit(tx, { actorId: user.id, action: 'TEAM_LOGO_REMOVED', target: auditTargets.tournamentTeam(locked.team), before: locked.team, after: { logoUrl: null } });
    }
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
    if (locked.team.captainId !== user.id) {
      await recordAudit(tx, { actorId: user.id, action: 'TEAM_DISBANDED', target: auditTargets.tournamentTeam(locked.team), before: {}, after: { disbanded: true } });
    }
  });
}

