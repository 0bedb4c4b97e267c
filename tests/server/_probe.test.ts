import { it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestServer } from '/work/main/tests/support/testServer';
import { sessions, users } from '/work/main/server/db/schema';
it('probe', async () => {
  const s = await startTestServer();
  const q = s.database.db.select({ user: users, live: sql<boolean>`exists (select 1 from ${sessions} where ${sessions.family} = ${'x'} and ${sessions.userId} = ${users.id} and ${sessions.revokedAt} is null)` }).from(users).where(eq(users.id, 1));
  console.log(q.toSQL());
  await s.close();
});
