import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';
import { notFound } from '../http/errors';

/** A table whose rows are addressed by a numeric `id` (tournaments, seasons, teams …). */
type IdTable = PgTable & { id: PgColumn };

/** The row with this id, or 404 with `missing` (e.g. "Tournament not found"). */
export async function rowOr404<T extends IdTable>(conn: Db | Tx, table: T, id: number, missing: string): Promise<T['$inferSelect']> {
  const [row] = await conn.select().from(table as PgTable).where(eq(table.id, id));
  if (!row) throw notFound(missing);
  return row as T['$inferSelect'];
}

/**
 * The row, locked for the rest of the transaction, or 404. The one lock strength of the server: `FOR NO KEY UPDATE`
 * is exclusive between lockers (a shared lock would let two renames both find a name free), yet it does not block
 * the foreign-key checks of rows inserted under the locked one (entries, matches, teams), which `FOR UPDATE` would.
 * See docs/decisions.md, "Structure (issue 9)".
 */
export async function lockRowOr404<T extends IdTable>(tx: Tx, table: T, id: number, missing: string): Promise<T['$inferSelect']> {
  const [row] = await tx.select().from(table as PgTable).where(eq(table.id, id)).for('no key update');
  if (!row) throw notFound(missing);
  return row as T['$inferSelect'];
}
