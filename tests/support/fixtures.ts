import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { users } from '../../server/db/schema';

let serial = 0;

/** Inserts a user straight into the database (tests that need a player the seed does not promise). */
export async function insertUser(db: Db, values: Partial<typeof users.$inferInsert> = {}) {
  serial++;
  const [row] = await db
    .insert(users)
    .values({ discordName: `Tester${serial}${Math.random().toString(36).slice(2, 6)}`, ...values })
    .returning();
  return row;
}

export async function findUserRow(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}
