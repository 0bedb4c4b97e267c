import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { temporaryTeamMembers, tournamentEntries, tournamentMatches, tournaments, users } from '../db/schema';
import { notFound } from '../http/errors';
import { likePattern } from './users';
import { DAY_MS } from '../../src/domain/durations';
import type { TournamentRow } from './tournamentStore';
import type { Game } from '../../src/domain/constants';
import { TOURNAMENT_ERRORS } from '../../src/domain/messages';
import { predefinedEntryCount, roundNamesFor, teamSize } from '../../src/domain/tournamentRules';

/* Tournament reads: the lists of every screen, and the rounds a tournament's maps and modes cover. */

/** Admin table: every tournament, newest first, searchable by title. */
export async function listTournaments(db: Db, opts: { offset: number; perPage: number; search: string }) {
  const where = opts.search ? ilike(tournaments.title, likePattern(opts.search)) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(tournaments).where(where).orderBy(desc(tournaments.createdAt), desc(tournaments.id)).limit(opts.perPage).offset(opts.offset),
    db.select({ total: count() }).from(tournaments).where(where),
  ]);
  return { rows, total: Number(total) };
}

/** Upcoming: OPEN or CLOSED tournaments whose end date has not passed, soonest first. */
export async function upcomingTournaments(db: Db, opts: { game?: Game; now: number }) {
  return db
    .select()
    .from(tournaments)
    .where(
      and(
        inArray(tournaments.status, ['OPEN', 'CLOSED']),
        // endDate is a day: the tournament is upcoming until that day is over.
        gt(tournaments.endDate, opts.now - DAY_MS),
        opts.game ? eq(tournaments.game, opts.game) : undefined,
      ),
    )
    .orderBy(asc(tournaments.startDate), asc(tournaments.id));
}

/** The all-tournaments page: every tournament, latest start first. */
export async function allTournaments(db: Db, opts: { offset: number; perPage: number }) {
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(tournaments).orderBy(desc(tournaments.startDate), desc(tournaments.id)).limit(opts.perPage).offset(opts.offset),
    db.select({ total: count() }).from(tournaments),
  ]);
  return { rows, total: Number(total) };
}

/** Completed tournaments with a winner, latest first (a predefined winner has a name but no id to link to). */
export async function hallOfFame(db: Db) {
  return db
    .select({
      id: tournaments.id,
      title: tournaments.title,
      tournamentType: tournaments.tournamentType,
      teamLimit: tournaments.teamLimit,
      endDate: tournaments.endDate,
      winningEntryId: tournaments.winningEntryId,
      winningEntryName: tournaments.winningEntryName,
    })
    .from(tournaments)
    .where(and(eq(tournaments.status, 'COMPLETED'), isNotNull(tournaments.winningEntryName)))
    .orderBy(desc(tournaments.endDate), desc(tournaments.id));
}

/** Tournaments a player entered, alone or through a temporary team: past (COMPLETED) or active (the others). */
export async function userTournaments(db: Db, userId: number, which: 'past' | 'active') {
  const [player] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!player) throw notFound(TOURNAMENT_ERRORS.playerNotFound);
  const solo = db
    .select({ id: tournamentEntries.tournamentId })
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.userId, userId), eq(tournamentEntries.refunded, false)));
  const viaTeam = db
    .select({ id: tournamentEntries.tournamentId })
    .from(tournamentEntries)
    .innerJoin(temporaryTeamMembers, eq(temporaryTeamMembers.teamId, tournamentEntries.temporaryTeamId))
    .where(and(eq(temporaryTeamMembers.userId, userId), eq(tournamentEntries.refunded, false)));
  const entered = or(inArray(tournaments.id, solo), inArray(tournaments.id, viaTeam));
  return which === 'past'
    ? db
        .select()
        .from(tournaments)
        .where(and(entered, eq(tournaments.status, 'COMPLETED')))
        .orderBy(desc(tournaments.endDate), desc(tournaments.id))
    : db
        .select()
        .from(tournaments)
        .where(and(entered, ne(tournaments.status, 'COMPLETED')))
        .orderBy(asc(tournaments.startDate), asc(tournaments.id));
}

// ---------------------------------------------------------------------------------------------------------------
// Rounds

/**
 * Entrants the bracket will have if the tournament starts now, counted the way `generateTournamentBracket` picks them:
 * player entries (single-player), team entries (team TOURNAMENTs), the paired teams (SWITCHEROO), plus the
 * predefined names.
 */
export async function expectedEntrantCount(db: Db | Tx, t: TournamentRow): Promise<number> {
  const predefined = predefinedEntryCount(t.definedEntries);
  if (t.tournamentType === 'SWITCHEROO') {
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${temporaryTeamMembers.teamId})::int` })
      .from(temporaryTeamMembers)
      .where(eq(temporaryTeamMembers.tournamentId, t.id));
    return Number(row?.n ?? 0) + predefined;
  }
  const [row] = await db
    .select({ n: count() })
    .from(tournamentEntries)
    .where(
      and(
        eq(tournamentEntries.tournamentId, t.id),
        eq(tournamentEntries.refunded, false),
        teamSize(t) > 1 ? isNotNull(tournamentEntries.temporaryTeamId) : isNotNull(tournamentEntries.userId),
      ),
    );
  return Number(row?.n ?? 0) + predefined;
}

/** The rounds that need a map and mode: those of the stored bracket, else those the entries would make. */
export async function tournamentRoundNames(db: Db | Tx, t: TournamentRow): Promise<string[]> {
  const stored = await db
    .select({ roundName: tournamentMatches.roundName })
    .from(tournamentMatches)
    .where(eq(tournamentMatches.tournamentId, t.id))
    .groupBy(tournamentMatches.roundName)
    .orderBy(sql`min(${tournamentMatches.matchNumber})`);
  if (stored.length > 0) return stored.map((r) => r.roundName);
  return roundNamesFor(await expectedEntrantCount(db, t));
}
