import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { AdminUserPatch, AdminUserRow, OwnProfilePatch, User, UserInfo } from '../../src/api/contract/user';
import { PROFILE, USER_ADMIN } from '../../src/domain/messages';
import { recordEditBlocker } from '../../src/domain/staffRecords';
import { revokeAllForUser } from '../auth/sessions';
import { lockRowOr404 } from '../db/rowById';
import { bumpBracketsOfUsers } from './tournamentStore';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { recordAudit } from './auditLog';
import { updateUser, upsertFromDiscord } from './userWrites';
import { avatarUrl, currentAvatar, type DiscordUser } from './discord';

export type UserRow = typeof users.$inferSelect;

/** The contract's User, from a row. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    discordName: row.discordName,
    battleTag: row.battleTag,
    katanaRank: row.katanaRank,
    wins: row.wins,
    losses: row.losses,
    gold: row.gold,
    silver: row.silver,
    bronze: row.bronze,
    joined: row.joined,
    picture: row.picture,
    twitterHandle: row.twitterHandle,
    twitchName: row.twitchName,
    youtubeChannel: row.youtubeChannel,
    freeAgent: row.freeAgent,
    teamId: row.teamId,
    teamRole: row.teamRole,
    role: row.role,
  };
}

export const toUserInfo = (row: UserRow): UserInfo => ({ ...toUser(row), banned: row.banned });
export const toAdminUserRow = (row: UserRow): AdminUserRow => ({ ...toUser(row), banned: row.banned });

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The users lists' search: the Discord name or the Activision ID contains `search` (no condition when blank). */
export const nameOrTagMatches = (search: string) =>
  search ? or(ilike(users.discordName, likePattern(search)), ilike(users.battleTag, likePattern(search))) : undefined;

export async function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** PLAYER RANKS: highest katanaRank first; optional free-agent filter and name search. Banned users are hidden. */
export async function listPlayers(
  db: Db,
  opts: { offset: number; perPage: number; search: string; freeAgent?: boolean },
) {
  const where = and(
    eq(users.banned, false),
    opts.freeAgent === undefined ? undefined : eq(users.freeAgent, opts.freeAgent),
    nameOrTagMatches(opts.search),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.katanaRank), desc(users.wins), asc(users.id))
      .limit(opts.perPage)
      .offset(opts.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(total) };
}

/** Case-insensitive exact name lookup (local sign-in's ?as=). */
export async function findUserByName(db: Db, name: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.discordName}) = lower(${name})`)
    .orderBy(asc(users.id))
    .limit(1);
  return row;
}

/** The admin users list: every user, banned ones included, by name; search matches the name or the Activision ID. */
export async function listUsersForAdmin(db: Db, opts: { offset: number; perPage: number; search: string }) {
  const where = nameOrTagMatches(opts.search);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(sql`lower(${users.discordName})`, asc(users.id))
      .limit(opts.perPage)
      .offset(opts.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(total) };
}

/**
 * Bans a user for good and signs them out everywhere. Nobody bans themselves or an owner; banning another member
 * of staff takes an owner. Banning a banned user again changes nothing.
 */
export async function banUser(db: Db, config: Config, actor: UserRow, targetId: number): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, targetId)).for('update');
    if (!target) throw notFound(USER_ADMIN.notFound);
    if (target.id === actor.id) throw conflict(USER_ADMIN.banSelf);
    if (target.role === 'OWNER') throw forbidden(USER_ADMIN.banOwner);
    if (target.role === 'ADMIN' && actor.role !== 'OWNER') throw forbidden(USER_ADMIN.banStaff);
    if (target.banned) return target;
    const row = (await updateUser(tx, targetId, { banned: true }))!;
    await revokeAllForUser(tx, config, targetId);
    await recordAudit(tx, { actorId: actor.id, action: 'USER_BANNED', target: auditTarget(target), before: target, after: { banned: true } });
    return row;
  });
}

/**
 * Staff correct a player's record (PATCH /v1/user/{id}): a staff member's record only an OWNER, nobody their own
 * (src/domain/staffRecords.ts, 403); only the fields sent change; a blank Activision ID clears
 * it. An empty body is refused.
 */
export async function editUserRecord(db: Db, actor: UserRow, targetId: number, patch: AdminUserPatch): Promise<UserRow> {
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as AdminUserPatch;
  if (Object.keys(changes).length === 0) throw badRequest(USER_ADMIN.nothingToEdit);
  if (changes.battleTag !== undefined) changes.battleTag = changes.battleTag?.trim() || null;
  return db.transaction(async (tx) => {
    const target = await lockRowOr404(tx, users, targetId, USER_ADMIN.notFound);
    const blocker = recordEditBlocker(actor, target);
    if (blocker) throw forbidden(blocker);
    const row = (await updateUser(tx, targetId, changes))!;
    await recordAudit(tx, { actorId: actor.id, action: 'USER_EDITED', target: auditTarget(target), before: target, after: changes });
    // KR shows on brackets: their cached copies must be rebuilt.
    if (changes.katanaRank !== undefined) await bumpBracketsOfUsers(tx, [targetId]);
    return row;
  });
}

/** How the audit log names a user it records a change of. */
export const auditTarget = (user: UserRow) => ({ type: 'USER' as const, id: user.id, name: user.discordName });

/** How many players the invitee search answers at most. */
const INVITEE_SEARCH_LIMIT = 10;

/**
 * The team dialogs' user search: players who are not banned whose Discord name contains `term`, the exact and
 * prefix matches first. The searching user is left out (nobody invites themselves). `forTeam` narrows it to the
 * players one team's invite would take (leagueInviteeFilter, temporaryInviteeFilter).
 */
export async function searchInvitees(db: Db, term: string, viewerId: number, forTeam?: SQL) {
  const lower = term.toLowerCase();
  return db
    .select({ id: users.id, discordName: users.discordName, picture: users.picture })
    .from(users)
    .where(and(eq(users.banned, false), ne(users.id, viewerId), ilike(users.discordName, likePattern(term)), forTeam))
    .orderBy(
      sql`case when lower(${users.discordName}) = ${lower} then 0 when lower(${users.discordName}) like ${`${lower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} then 1 else 2 end`,
      asc(users.discordName),
      asc(users.id),
    )
    .limit(INVITEE_SEARCH_LIMIT);
}

/** GET /v1/user/{id}: a player's public profile. Banned players are hidden from everyone but staff (as in PLAYER RANKS). */
export async function publicProfile(db: Db, id: number, staff: boolean): Promise<UserRow> {
  const row = await findUser(db, id);
  if (!row || (row.banned && !staff)) throw notFound(USER_ADMIN.notFound);
  return row;
}

/**
 * PATCH /v1/user: the signed-in player edits their own profile. The Activision ID is set once: sending a different
 * one while it is set is refused (support changes it). Empty handles clear the field.
 */
export async function updateOwnProfile(db: Db, userId: number, patch: OwnProfilePatch): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const row = await lockRowOr404(tx, users, userId, USER_ADMIN.notFound);
    const battleTag = patch.battleTag?.trim();
    if (battleTag !== undefined && row.battleTag !== null && battleTag !== row.battleTag) throw conflict(PROFILE.battleTagLocked);
    const handle = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);
    const updated = await updateUser(tx, userId, {
      battleTag: battleTag ?? row.battleTag,
      twitterHandle: handle(patch.twitterHandle),
      twitchName: handle(patch.twitchName),
      youtubeChannel: handle(patch.youtubeChannel),
      freeAgent: patch.freeAgent,
    });
    return updated!;
  });
}

/** Signs in a Discord account: creates its user or refreshes its name and picture; OWNER_DISCORD_IDS are made owners. */
export function userFromDiscord(db: Db, profile: DiscordUser, ownerIds: string[]): Promise<UserRow> {
  return upsertFromDiscord(db, {
    discordId: profile.id,
    discordName: profile.global_name || profile.username,
    picture: avatarUrl(profile),
    role: ownerIds.includes(profile.id) ? 'OWNER' : undefined,
  });
}

/**
 * POST /v1/auth/discord/{id}: after an image load error, the user's picture as Discord has it now (read with the bot
 * token; without one, or when Discord cannot answer, none: the SPA shows the letter disc). Unknown users: null.
 */
export async function refreshPicture(db: Db, bot: Config['discordBot'], id: number): Promise<{ picture: string | null }> {
  const user = await findUser(db, id);
  if (!user) return { picture: null };
  const picture = bot && user.discordId ? await currentAvatar(bot, user.discordId) : null;
  await updateUser(db, id, { picture });
  if (picture !== user.picture) await bumpBracketsOfUsers(db, [id]);
  return { picture };
}
