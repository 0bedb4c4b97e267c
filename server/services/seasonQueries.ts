import { and, asc, count, desc, eq, ilike } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { seasonEntries, seasons, teams } from '../db/schema';
import { notFound } from '../http/errors';
import { likePattern } from './users';
import { getDivisionRow, getSeasonRow, type DivisionRow, type SeasonRow } from './seasonStore';
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

/**
 * An unpublished season exists only for staff: for everyone else, every call about it, its divisions, groups and
 * matches answers exactly as for an id that does not exist (`missing`: the same 404 message), so a hidden id and a
 * missing one cannot be told apart.
 */
export function assertSeasonVisible(row: Pick<SeasonRow, 'published'>, staff: boolean, missing: string = SEASON_ERRORS.notFound): void {
  if (!row.published && !staff) throw notFound(missing);
}

/** A season for a viewer: unpublished seasons exist only for staff (the same 404 as a missing id for everyone else). */
export async function visibleSeason(db: Db | Tx, id: number, staff: boolean, missing: string = SEASON_ERRORS.notFound): Promise<SeasonRow> {
  const row = await getSeasonRow(db, id);
  assertSeasonVisible(row, staff, missing);
  return row;
}

/** A division for a viewer: one of an unpublished season answers like a missing division, except to staff. */
export async function visibleDivision(db: Db | Tx, id: number, staff: boolean): Promise<DivisionRow> {
  const division = await getDivisionRow(db, id);
  await visibleSeason(db, division.seasonId, staff, SEASON_ERRORS.divisionNotFound);
  return division;
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
