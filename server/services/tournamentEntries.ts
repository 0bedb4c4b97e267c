import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { temporaryTeamMembers, temporaryTeams, tournamentEntries, users } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { deleteImageIfUnused } from '../storage/images';
import { getTournament, lockTournament } from './tournamentStore';
import { dropMember, temporaryTeamRoster } from './roster';
import { temporaryTeamMemberColumns, toTeamMember } from './tournamentView';
import { likePattern } from './users';
import { auditTargets, recordAudit, type AuditActor } from './auditLog';
import type { Entry, SwitcherooEntries } from '../../src/api/contract/tournament';
import type { TeamMember } from '../../src/api/contract/team';
import type { Paged } from '../../src/api/contract/common';
import { TOURNAMENT_ERRORS } from '../../src/domain/messages';
import { SWITCHEROO_PAIRING_SLOTS } from '../../src/domain/constants';
import { hasStarted } from '../../src/domain/tournamentRules';
import { playingCondition, tournamentHasBracket } from './brackets';

export interface EntryListOptions {
  /** Staff see refunded entries and the paid/refunded flags; the public list hides both. */
  admin: boolean;
  search: string;
  /** null: every entry in one page (`notPaginated=true`). */
  page: { pageNo: number; perPage: number; offset: number } | null;
  /**
   * Only one kind of entry: `players` (a player's own entry) or `teams` (tournament teams and predefined names). A
   * started SWITCHEROO holds both: the players' sign-ups and the teams they were paired into, which play the bracket.
   */
  kind?: EntryKind | null;
}

export const ENTRY_KINDS = ['players', 'teams'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** Members of temporary teams, CAPTAIN first, then by slot. */
export async function teamMembers(db: Db | Tx, teamIds: number[]): Promise<Map<number, TeamMember[]>> {
  const byTeam = new Map<number, TeamMember[]>();
  if (teamIds.length === 0) return byTeam;
  const rows = await db
    .select({ ...temporaryTeamMemberColumns, slot: temporaryTeamMembers.slot })
    .from(temporaryTeamMembers)
    .innerJoin(users, eq(users.id, temporaryTeamMembers.userId))
    .where(inArray(temporaryTeamMembers.teamId, teamIds))
    .orderBy(sql`case when ${temporaryTeamMembers.teamRole} = 'CAPTAIN' then 0 else 1 end`, asc(temporaryTeamMembers.slot), asc(users.id));
  for (const r of rows) {
    const list = byTeam.get(r.teamId) ?? [];
    list.push(toTeamMember(r));
    byTeam.set(r.teamId, list);
  }
  return byTeam;
}

/**
 * Entries of a tournament, best record first (wins, then fewest losses, then seed, then sign-up order), searchable by
 * name. Players carry `discordName`, teams and predefined entries `name`.
 */
export async function listEntries(db: Db, tournamentId: number, opts: EntryListOptions): Promise<Paged<Entry>> {
  const t = await getTournament(db, tournamentId);
  // Staff also see which entries play in the bracket (the maps screen's "playing" flag).
  const playing = opts.admin ? playingCondition(t, await tournamentHasBracket(db, tournamentId)) : sql`false`;
  const name = sql<string | null>`coalesce(${users.discordName}, ${temporaryTeams.name}, ${tournamentEntries.definedName})`;
  const where = and(
    eq(tournamentEntries.tournamentId, tournamentId),
    opts.admin ? undefined : eq(tournamentEntries.refunded, false),
    opts.search ? ilike(name, likePattern(opts.search)) : undefined,
    opts.kind === 'players' ? isNotNull(tournamentEntries.userId) : opts.kind === 'teams' ? isNull(tournamentEntries.userId) : undefined,
  );
  const base = db
    .select({
      entry: tournamentEntries,
      discordName: users.discordName,
      picture: users.picture,
      katanaRank: users.katanaRank,
      teamName: temporaryTeams.name,
      playing: sql<boolean>`(${playing})`,
    })
    .from(tournamentEntries)
    .leftJoin(users, eq(users.id, tournamentEntries.userId))
    .leftJoin(temporaryTeams, eq(temporaryTeams.id, tournamentEntries.temporaryTeamId))
    .where(where)
    .orderBy(
      desc(tournamentEntries.wins),
      asc(tournamentEntries.losses),
      sql`${tournamentEntries.seed} asc nulls last`,
      asc(tournamentEntries.id),
    );
  const [rows, [{ total }]] = await Promise.all([
    opts.page ? base.limit(opts.page.perPage).offset(opts.page.offset) : base,
    db
      .select({ total: count() })
      .from(tournamentEntries)
      .leftJoin(users, eq(users.id, tournamentEntries.userId))
      .leftJoin(temporaryTeams, eq(temporaryTeams.id, tournamentEntries.temporaryTeamId))
      .where(where),
  ]);
  const members = await teamMembers(db, rows.flatMap((r) => (r.entry.temporaryTeamId ? [r.entry.temporaryTeamId] : [])));
  const results: Entry[] = rows.map(({ entry, discordName, picture, katanaRank, teamName, playing }) => ({
    id: entry.id,
    ...(entry.userId
      ? {
          discordName: discordName ?? '',
          users: [{ id: entry.userId, discordName: discordName ?? '', picture, katanaRank: katanaRank ?? 0, teamRole: null }],
        }
      : { name: teamName ?? entry.definedName ?? '', users: entry.temporaryTeamId ? members.get(entry.temporaryTeamId) ?? [] : [] }),
    wins: entry.wins,
    losses: entry.losses,
    userId: entry.userId,
    teamId: entry.temporaryTeamId,
    ...(opts.admin ? { paid: entry.paymentId !== null, refunded: entry.refunded, playing: playing === true } : {}),
  }));
  const n = Number(total);
  return opts.page
    ? { pageNo: opts.page.pageNo, pageSize: opts.page.perPage, total: n, results }
    : { pageNo: 1, pageSize: Math.max(1, n), total: n, results };
}

/**
 * The SWITCHEROO pairing board: sign-ups not yet in a team, the teams formed so far with one slot per seat
 * (the user id sitting there, or null), and the free substitute slots (signUpLimit minus the sign-ups).
 */
export async function switcherooEntries(db: Db, tournamentId: number): Promise<SwitcherooEntries> {
  const t = await getTournament(db, tournamentId);
  if (t.tournamentType !== 'SWITCHEROO') throw conflict(TOURNAMENT_ERRORS.notSwitcheroo);
  const signUps = await db
    .select({ entry: tournamentEntries, discordName: users.discordName, picture: users.picture, katanaRank: users.katanaRank })
    .from(tournamentEntries)
    .innerJoin(users, eq(users.id, tournamentEntries.userId))
    .where(and(eq(tournamentEntries.tournamentId, tournamentId), eq(tournamentEntries.refunded, false)))
    .orderBy(asc(tournamentEntries.id));
  const teamRows = await db
    .select()
    .from(temporaryTeams)
    .where(eq(temporaryTeams.tournamentId, tournamentId))
    .orderBy(asc(temporaryTeams.listOrder), asc(temporaryTeams.id));
  const seats = await db
    .select({ teamId: temporaryTeamMembers.teamId, userId: temporaryTeamMembers.userId, slot: temporaryTeamMembers.slot })
    .from(temporaryTeamMembers)
    .where(eq(temporaryTeamMembers.tournamentId, tournamentId))
    .orderBy(asc(temporaryTeamMembers.slot), asc(temporaryTeamMembers.joinedAt));
  const members = await teamMembers(db, teamRows.map((r) => r.id));
  const paired = new Set(seats.map((s) => s.userId));
  // The board seats as many players as the pairing screen has slots (A–D singles, A–B doubles).
  const size = SWITCHEROO_PAIRING_SLOTS[t.switcherooType];
  return {
    entries: signUps
      .filter((s) => !paired.has(s.entry.userId!))
      .map(({ entry, discordName, picture, katanaRank }) => ({
        id: entry.id,
        discordName,
        wins: entry.wins,
        losses: entry.losses,
        users: [{ id: entry.userId!, discordName, picture, katanaRank, teamRole: null }],
        userId: entry.userId,
        teamId: null,
      })),
    teams: teamRows.map((team) => {
      const slots: (number | null)[] = Array.from({ length: size }, () => null);
      for (const seat of seats.filter((s) => s.teamId === team.id)) {
        // A seat out of range or already taken moves to the first free one.
        const index = seat.slot >= 0 && seat.slot < size && slots[seat.slot] === null ? seat.slot : slots.indexOf(null);
        if (index >= 0) slots[index] = seat.userId;
      }
      return { id: team.id, name: team.name, users: members.get(team.id) ?? [], slots };
    }),
    freeSubstituteSlots: Math.max(0, t.signUpLimit - signUps.length),
  };
}

/**
 * Removes an entry before the tournament starts: a team entry takes its temporary team (members, invites) with it;
 * a player also leaves any SWITCHEROO team they were paired into. A paid entry is not refunded here.
 */
/** How the audit log names an entry: its team, its player, or its predefined name. */
export async function entryLabel(conn: Db | Tx, entry: typeof tournamentEntries.$inferSelect): Promise<string> {
  if (entry.temporaryTeamId) {
    const [team] = await conn.select({ name: temporaryTeams.name }).from(temporaryTeams).where(eq(temporaryTeams.id, entry.temporaryTeamId));
    if (team) return team.name;
  }
  if (entry.userId) {
    const [user] = await conn.select({ name: users.discordName }).from(users).where(eq(users.id, entry.userId));
    if (user) return user.name;
  }
  return entry.definedName ?? `Entry ${entry.id}`;
}

export async function removeEntry(db: Db, tournamentId: number, entryId: number, actor: AuditActor) {
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    if (hasStarted(t)) throw conflict(TOURNAMENT_ERRORS.removeEntryStarted);
    const [entry] = await tx
      .select()
      .from(tournamentEntries)
      .where(and(eq(tournamentEntries.id, entryId), eq(tournamentEntries.tournamentId, tournamentId)));
    if (!entry) throw notFound(TOURNAMENT_ERRORS.entryNotFound);
    await recordAudit(tx, { actorId: actor.id, action: 'ENTRY_REMOVED', target: auditTargets.tournament(t), before: {}, after: { entry: await entryLabel(tx, entry) } });
    if (entry.temporaryTeamId) {
      const [team] = await tx.delete(temporaryTeams).where(eq(temporaryTeams.id, entry.temporaryTeamId)).returning();
      await deleteImageIfUnused(tx, team?.logoUrl);
    } else if (entry.userId) {
      await tx.delete(tournamentEntries).where(eq(tournamentEntries.id, entry.id));
      await leavePairedTeam(tx, tournamentId, entry.userId);
    } else {
      await tx.delete(tournamentEntries).where(eq(tournamentEntries.id, entry.id));
    }
  });
}

/** A removed player leaves the team they were paired into (succession and retiring: ./roster.ts). */
async function leavePairedTeam(tx: Tx, tournamentId: number, userId: number) {
  const [seat] = await tx
    .select({ teamId: temporaryTeamMembers.teamId })
    .from(temporaryTeamMembers)
    .where(and(eq(temporaryTeamMembers.tournamentId, tournamentId), eq(temporaryTeamMembers.userId, userId)));
  if (seat) await dropMember(tx, temporaryTeamRoster, seat.teamId, userId);
}
