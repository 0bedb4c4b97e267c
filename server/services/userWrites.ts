import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import { bumpBracketsOfUsers } from './tournamentStore';

/*
 * The one module that writes the users table: every other module calls these (eslint's no-restricted-syntax
 * refuses `.insert(users)`, `.update(users)`, `.delete(users)` and `sql\`update ${users} …\`` elsewhere under server/).
 * Callers hold the transaction and the rules; these only write.
 */

type Conn = Db | Tx;
type UserRow = typeof users.$inferSelect;
type NewUser = typeof users.$inferInsert;
/** The columns a caller may change on one user (its id never). */
type UserChanges = Partial<Omit<NewUser, 'id'>>;

/** Adds users (sign-up from Discord, the demo league). */
export function insertUsers(conn: Conn, values: NewUser[]): Promise<UserRow[]> {
  return conn.insert(users).values(values).returning();
}

/** Changes columns of one user; answers the row after the change (undefined when there is no such user). */
export async function updateUser(conn: Conn, id: number, changes: UserChanges): Promise<UserRow | undefined> {
  const [row] = await conn.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}

/** A Discord profile's sign-in: creates its user, or refreshes the name and picture (and the role when given). */
export async function upsertFromDiscord(
  conn: Conn,
  profile: { discordId: string; discordName: string; picture: string | null; role?: 'OWNER' },
): Promise<UserRow> {
  const { discordId, discordName, picture, role } = profile;
  const [existing] = await conn.select().from(users).where(eq(users.discordId, discordId));
  if (!existing) return (await insertUsers(conn, [{ discordId, discordName, picture, role: role ?? 'USER' }]))[0];
  const row = (await updateUser(conn, existing.id, { discordName, picture, ...(role ? { role } : {}) }))!;
  // Names and pictures show on brackets: their cached copies must be rebuilt.
  if (existing.discordName !== discordName || existing.picture !== picture) await bumpBracketsOfUsers(conn, [existing.id]);
  return row;
}

/** A league team seat: the user's team and role in it (null, null: no team). Only the user's current team when `fromTeam` is given. */
export async function setTeamSeat(
  conn: Conn,
  userId: number,
  seat: { teamId: number | null; teamRole: 'PLAYER' | 'CAPTAIN' | null },
  fromTeam?: number,
): Promise<boolean> {
  const where = fromTeam === undefined ? eq(users.id, userId) : and(eq(users.id, userId), eq(users.teamId, fromTeam));
  const changed = await conn.update(users).set(seat).where(where).returning({ id: users.id });
  return changed.length > 0;
}

/** Hands a league team's captaincy to `userId` (a member of it); the captain before becomes a player. */
export async function setTeamCaptain(conn: Conn, teamId: number, userId: number): Promise<void> {
  await conn.update(users).set({ teamRole: 'PLAYER' }).where(and(eq(users.teamId, teamId), eq(users.teamRole, 'CAPTAIN')));
  await conn.update(users).set({ teamRole: 'CAPTAIN' }).where(and(eq(users.teamId, teamId), eq(users.id, userId)));
}

type Tally = 'wins' | 'losses' | 'gold' | 'silver' | 'bronze';

/** Adds `n` to a record column (wins, losses, medals) of the users `who` picks: the members of a league team, or some ids. */
export async function addToRecords(conn: Conn, column: Tally, who: { teamId: number } | { userIds: SQL | number[] }, n = 1) {
  const col = users[column];
  const where =
    'teamId' in who
      ? eq(users.teamId, who.teamId)
      : Array.isArray(who.userIds)
        ? inArray(users.id, who.userIds)
        : sql`${users.id} in (${who.userIds})`;
  await conn.update(users).set({ [column]: sql`${col} + ${n}` }).where(where);
}
