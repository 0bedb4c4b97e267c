import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { temporaryTeams, tournamentEntries, tournaments } from '../db/schema';
import { lockRowOr404, rowOr404 } from '../db/rowById';
import { TOURNAMENT_ERRORS } from '../../src/domain/messages';

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
export function lockTournament(tx: Tx, id: number): Promise<TournamentRow> {
  return lockRowOr404(tx, tournaments, id, TOURNAMENT_ERRORS.notFound);
}

/** Entries that hold a place: every entry of the tournament not refunded (players, teams and predefined names). */
export async function activeEntryCount(db: Db | Tx, tournamentId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, tournamentId), eq(tournamentEntries.refunded, false)));
  return Number(n);
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
