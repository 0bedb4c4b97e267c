import { asc, count, desc, eq, ilike, and, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { teams } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import type { AdminTeamPatch, TeamSummary } from '../../src/api/contract/team';
import { LEAGUE_TEAM } from '../../src/domain/messages';
import { likePattern } from './users';

export type TeamRow = typeof teams.$inferSelect;

export const toTeamSummary = (row: TeamRow): TeamSummary => ({
  id: row.id,
  name: row.name,
  logoUrl: row.logoUrl,
  wins: row.wins,
  losses: row.losses,
  gold: row.gold,
  silver: row.silver,
  bronze: row.bronze,
});

/** TEAM RANKS: most wins first, then trophies; locked (abandoned) teams are hidden. */
export async function listTeams(db: Db, opts: { offset: number; perPage: number; search: string }) {
  const where = and(eq(teams.locked, false), opts.search ? ilike(teams.name, likePattern(opts.search)) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(teams)
      .where(where)
      .orderBy(desc(teams.wins), desc(teams.gold), desc(teams.silver), desc(teams.bronze), asc(teams.losses), asc(teams.id))
      .limit(opts.perPage)
      .offset(opts.offset),
    db.select({ total: count() }).from(teams).where(where),
  ]);
  return { rows, total: Number(total) };
}

/**
 * Staff edit of a league team's name and record (PATCH /v1/team/{id}/admin). League team names are unique
 * (case-insensitive, locked teams included: their names still show in old seasons and matches); the row is locked so
 * two edits of one team apply one after the other.
 */
export async function adminEditTeam(db: Db, id: number, patch: AdminTeamPatch): Promise<TeamSummary> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(teams).where(eq(teams.id, id)).for('update');
    if (!row) throw notFound(LEAGUE_TEAM.notFound);
    const set: AdminTeamPatch = { ...patch };
    if (patch.name !== undefined) {
      set.name = patch.name.trim();
      if (await isLeagueTeamNameTaken(tx, set.name, id)) throw conflict(LEAGUE_TEAM.nameTaken);
    }
    if (Object.keys(set).length === 0) return toTeamSummary(row);
    const [updated] = await tx.update(teams).set(set).where(eq(teams.id, id)).returning();
    return toTeamSummary(updated);
  });
}

async function isLeagueTeamNameTaken(db: Db | Tx, name: string, exceptId: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(ne(teams.id, exceptId), sql`lower(${teams.name}) = lower(${name})`))
    .limit(1);
  return taken !== undefined;
}
