import { and, asc, count, desc, eq, ilike } from 'drizzle-orm';
import type { Db } from '../db/client';
import { seasonEntries, seasons, teams } from '../db/schema';
import { notFound } from '../http/errors';
import { likePattern } from './users';
import { getSeasonRow, type SeasonRow } from './seasonStore';
import { loadTeams, toSeasonTeam } from './seasonView';
import type { SeasonTeam } from '../../src/api/contract/season';
import { SEASON_ERRORS } from '../../src/domain/messages';

interface Page {
  offset: number;
  perPage: number;
  search: string;
}

/** The public /seasons cards: published seasons, latest start first. */
export async function publishedSeasons(db: Db, page: Page) {
  const where = eq(seasons.published, true);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(seasons).where(where).orderBy(desc(seasons.startDate), desc(seasons.id)).limit(page.perPage).offset(page.offset),
    db.select({ total: count() }).from(seasons).where(where),
  ]);
  return { rows, total: Number(total) };
}

/** The admin seasons table: every season, newest first, searchable by name. */
export async function allSeasons(db: Db, page: Page) {
  const where = page.search ? ilike(seasons.name, likePattern(page.search)) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(seasons).where(where).orderBy(desc(seasons.createdAt), desc(seasons.id)).limit(page.perPage).offset(page.offset),
    db.select({ total: count() }).from(seasons).where(where),
  ]);
  return { rows, total: Number(total) };
}

/** The published season with the latest start date (404 when none is published). */
export async function latestSeason(db: Db): Promise<SeasonRow> {
  const [row] = await db
    .select()
    .from(seasons)
    .where(eq(seasons.published, true))
    .orderBy(desc(seasons.startDate), desc(seasons.id))
    .limit(1);
  if (!row) throw notFound(SEASON_ERRORS.notFound);
  return row;
}

/** A season for a viewer: unpublished seasons exist only for staff (404 for everyone else). */
export async function visibleSeason(db: Db, id: number, staff: boolean): Promise<SeasonRow> {
  const row = await getSeasonRow(db, id);
  if (!row.published && !staff) throw notFound(SEASON_ERRORS.notFound);
  return row;
}

/** The admin season teams page: the season's teams by name, searchable, with paid and refunded. */
export async function seasonTeams(db: Db, seasonId: number, page: Page): Promise<{ results: SeasonTeam[]; total: number }> {
  await getSeasonRow(db, seasonId);
  const where = and(eq(seasonEntries.seasonId, seasonId), page.search ? ilike(teams.name, likePattern(page.search)) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ entry: seasonEntries })
      .from(seasonEntries)
      .innerJoin(teams, eq(teams.id, seasonEntries.teamId))
      .where(where)
      .orderBy(asc(teams.name), asc(teams.id))
      .limit(page.perPage)
      .offset(page.offset),
    db.select({ total: count() }).from(seasonEntries).innerJoin(teams, eq(teams.id, seasonEntries.teamId)).where(where),
  ]);
  const loaded = await loadTeams(db, rows.map((r) => r.entry.teamId));
  const results = rows.flatMap(({ entry }) => {
    const team = loaded.get(entry.teamId);
    return team ? [toSeasonTeam(team, entry, true)] : [];
  });
  return { results, total: Number(total) };
}
