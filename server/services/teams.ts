import { asc, count, desc, eq, ilike, and } from 'drizzle-orm';
import type { Db } from '../db/client';
import { teams } from '../db/schema';
import type { TeamSummary } from '../../src/api/contract/team';
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
