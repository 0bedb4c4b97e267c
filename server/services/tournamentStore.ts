import { and, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { temporaryTeamMembers, temporaryTeams, tournamentEntries, tournaments } from '../db/schema';
import { rowOr404 } from '../db/rowById';
import { notFound } from '../http/errors';
import { TOURNAMENT_ERRORS } from '../../src/domain/messages';
import { predefinedEntryCount } from '../../src/domain/tournamentRules';

/*
 * The one owner of the tournament row's reads and locks, and of the counts every tournament rule asks for.
 * Services read, lock and count through here; none spells these queries again.
 */

export type TournamentRow = typeof tournaments.$inferSelect;
export type TemporaryTeamRow = typeof temporaryTeams.$inferSelect;

/** The tournament row, or 404 "Tournament not found". */
export function getTournament(db: Db | Tx, id: number): Promise<TournamentRow> {
  return rowOr404(db, tournaments, id, TOURNAMENT_ERRORS.notFound);
}

/**
 * The tournament row, locked for the rest of the transaction, or 404. Every change of a tournament or of anything in
 * it (lifecycle, sign-ups, bracket, results, temporary teams, pairing) locks it first, so they run one at a time and
 * each sees the last one's result (the lock strength: `lockRowOr404`).
 */
export async function lockTournament(tx: Tx, id: number): Promise<TournamentRow> {
  // An UPDATE of non-key columns takes the same row lock as `lockRowOr404` (FOR NO KEY UPDATE), and bumps the
  // bracket version in the same step: every change of the tournament or of anything in it (matches, entries, team
  // names and seats) invalidates the cached bracket read on every server instance, and a rolled-back change
  // rolls the bump back with it.
  const [row] = await tx
    .update(tournaments)
    .set({ bracketVersion: sql`${tournaments.bracketVersion} + 1` })
    .where(eq(tournaments.id, id))
    .returning();
  if (!row) throw notFound(TOURNAMENT_ERRORS.notFound);
  return row;
}

/**
 * Invalidates the bracket reads of every tournament these users appear in (own entry or temporary-team seat). Call
 * it in the transaction that changes a user's discordName, picture or katanaRank, which the bracket shows.
 */
export async function bumpBracketsOfUsers(conn: Db | Tx, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  const entered = conn
    .select({ id: tournamentEntries.tournamentId })
    .from(tournamentEntries)
    .where(inArray(tournamentEntries.userId, userIds));
  const seated = conn
    .select({ id: temporaryTeamMembers.tournamentId })
    .from(temporaryTeamMembers)
    .where(inArray(temporaryTeamMembers.userId, userIds));
  await conn
    .update(tournaments)
    .set({ bracketVersion: sql`${tournaments.bracketVersion} + 1` })
    .where(or(inArray(tournaments.id, entered), inArray(tournaments.id, seated)));
}

/** The tournament's bracket version (see `lockTournament`), or 404: one indexed read, nothing else. */
export async function bracketVersion(conn: Db | Tx, id: number): Promise<{ version: number; createdAt: number }> {
  const [row] = await conn
    .select({ version: tournaments.bracketVersion, createdAt: tournaments.createdAt })
    .from(tournaments)
    .where(eq(tournaments.id, id));
  if (!row) throw notFound(TOURNAMENT_ERRORS.notFound);
  return row;
}

/**
 * Entries that hold a place: every entry of the tournament not refunded (players and teams) and its predefined names
 * (`predefinedEntryCount`: counted from the list, whether or not the bracket has made them entries yet).
 */
export async function activeEntryCount(db: Db | Tx, t: Pick<TournamentRow, 'id' | 'definedEntries'>): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.refunded, false), isNull(tournamentEntries.definedName)));
  return Number(n) + predefinedEntryCount(t.definedEntries);
}

/**
 * Whether another temporary team of the tournament already has this name (case-insensitive). `exceptTeamId`: the
 * team being renamed, which may keep its own name or change its case.
 */
export async function isTeamNameTaken(db: Db | Tx, tournamentId: number, name: string, exceptTeamId?: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: temporaryTeams.id })
    .from(temporaryTeams)
    .where(
      and(
        eq(temporaryTeams.tournamentId, tournamentId),
        exceptTeamId === undefined ? undefined : ne(temporaryTeams.id, exceptTeamId),
        sql`lower(${temporaryTeams.name}) = lower(${name})`,
      ),
    )
    .limit(1);
  return !!taken;
}
