import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { seasonGroups, seasonMatches, seasons, teams } from '../db/schema';
import { notFound } from '../http/errors';
import { likePattern } from './users';
import { visibleDivision, visibleSeason } from './seasonQueries';
import { toSeasonMatches, type SeasonMatchRow } from './seasonView';
import { overdue } from './matchQueues';
import type { SeasonMatch, SeasonMatchView, SeasonQueueMatch } from '../../src/api/contract/season';
import type { Side } from '../../src/domain/bracket/types';
import { SEASON_MATCH_ERRORS } from '../../src/domain/messages';
import { SEASON_MATCHES_IN_PLAY, SEASON_TYPES, type MatchQueueKind } from '../../src/domain/constants';

/*
 * The reads of league play: one match (the match page), a division's or a group's matches (the Completed and
 * Pending lists), and the admin queues' Season matches tables. Matches of an unpublished season exist only for
 * staff, like the season itself.
 */

type Conn = Db | Tx;

/** Who is looking: their team and role on it decide viewerSide and viewerIsCaptain. */
export interface MatchViewer {
  id: number;
  teamId: number | null;
  teamRole: 'PLAYER' | 'CAPTAIN' | null;
}

export async function getSeasonMatchRow(conn: Conn, id: number): Promise<SeasonMatchRow> {
  const [row] = await conn.select().from(seasonMatches).where(eq(seasonMatches.id, id));
  if (!row) throw notFound(SEASON_MATCH_ERRORS.notFound);
  return row;
}

/** The side a team plays on in `row`, or null. */
export const sideOfTeam = (row: Pick<SeasonMatchRow, 'teamAId' | 'teamBId'>, teamId: number | null): Side | null =>
  teamId === null ? null : row.teamAId === teamId ? 'A' : row.teamBId === teamId ? 'B' : null;

/** GET /v1/match/{id}: the league match page. */
export async function getSeasonMatch(conn: Db, id: number, viewer: MatchViewer | null, staff: boolean): Promise<SeasonMatchView> {
  const row = await getSeasonMatchRow(conn, id);
  const season = await visibleSeason(conn, row.seasonId, staff, SEASON_MATCH_ERRORS.notFound);
  const [match] = await toSeasonMatches(conn, [row]);
  const viewerSide = sideOfTeam(row, viewer?.teamId ?? null);
  return {
    ...match,
    seasonType: season.seasonType,
    live: row.live,
    viewerSide,
    viewerIsCaptain: viewerSide !== null && viewer?.teamRole === 'CAPTAIN',
  };
}

/** Group matches by due date and round, then the playoff matches by number (a Grand Final 2 not needed left out). */
const listOrder = [
  sql`case when ${seasonMatches.matchType} = 'GROUP_STAGE' then 0 else 1 end`,
  sql`${seasonMatches.dueByDate} asc nulls last`,
  asc(seasonMatches.round),
  asc(seasonMatches.matchNumber),
  asc(seasonMatches.id),
];

async function matchesWhere(db: Db, where: SQL | undefined): Promise<SeasonMatch[]> {
  const rows = await db
    .select()
    .from(seasonMatches)
    .where(and(where, eq(seasonMatches.live, true)))
    .orderBy(...listOrder);
  return toSeasonMatches(db, rows);
}

/** GET /v1/match/division/{divisionId}: the division's group and playoff matches. */
export async function divisionMatches(db: Db, divisionId: number, staff: boolean): Promise<SeasonMatch[]> {
  await visibleDivision(db, divisionId, staff);
  return matchesWhere(db, eq(seasonMatches.divisionId, divisionId));
}

/** These matches of one division as its reads show them (live updates send them; unknown ids are left out). */
export const divisionMatchesById = (db: Db, divisionId: number, ids: number[]): Promise<SeasonMatch[]> =>
  ids.length === 0 ? Promise.resolve([]) : matchesWhere(db, and(eq(seasonMatches.divisionId, divisionId), inArray(seasonMatches.id, ids)));

/** GET /v1/match/group/{groupId}: the group's round robin. */
export async function groupMatches(db: Db, groupId: number, staff: boolean): Promise<SeasonMatch[]> {
  const [group] = await db.select().from(seasonGroups).where(eq(seasonGroups.id, groupId));
  if (!group) throw notFound(SEASON_MATCH_ERRORS.groupNotFound);
  await visibleSeason(db, group.seasonId, staff, SEASON_MATCH_ERRORS.groupNotFound);
  return matchesWhere(db, eq(seasonMatches.groupId, groupId));
}

// ---------------------------------------------------------------------------------------------------------------
// The admin queues

const teamA = alias(teams, 'team_a');
const teamB = alias(teams, 'team_b');

const withSides = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(seasons, eq(seasons.id, seasonMatches.seasonId))
    .leftJoin(teamA, eq(teamA.id, seasonMatches.teamAId))
    .leftJoin(teamB, eq(teamB.id, seasonMatches.teamBId));

/**
 * "The match is in play" as SQL over `season_matches` joined with its season: one (match type, season state) pair
 * per state of SEASON_MATCHES_IN_PLAY that plays matches, the very table the shared `seasonMatchInPlay` reads.
 */
export function seasonMatchInPlaySql(): SQL {
  const pairs = SEASON_TYPES.flatMap((seasonType) => {
    const matchType = SEASON_MATCHES_IN_PLAY[seasonType];
    return matchType ? [and(eq(seasonMatches.matchType, matchType), eq(seasons.seasonType, seasonType))] : [];
  });
  return (or(...pairs) ?? sql`false`) as SQL;
}

/**
 * The queues mirror the tournament ones (matchQueues.ts), for matches that can still be played: a group match
 * while its season is in the group stages, a playoff match while it is in the playoffs. Both teams known, no
 * result; dispute: the reports differ; incomplete: a side has not reported; overdue: the due day is over.
 */
function queueCondition(kind: MatchQueueKind, now: number): SQL {
  const m = seasonMatches;
  const pending = and(seasonMatchInPlaySql(), eq(m.live, true), isNull(m.winningTeam), isNotNull(m.teamAId), isNotNull(m.teamBId));
  switch (kind) {
    case 'dispute':
      return and(pending, eq(m.dispute, true)) as SQL;
    case 'incomplete':
      return and(pending, or(isNull(m.teamAScoreA), isNull(m.teamBScoreA))) as SQL;
    case 'overdue':
      return and(pending, overdue(m.dueByDate, now)) as SQL;
  }
}

/** A page of one queue, oldest due date first; `search` matches the season name or either team's name. */
export async function listSeasonQueue(
  db: Db,
  kind: MatchQueueKind,
  page: { offset: number; perPage: number; search: string },
  now: number,
): Promise<{ total: number; results: SeasonQueueMatch[] }> {
  const term = page.search ? likePattern(page.search) : null;
  const where = and(
    queueCondition(kind, now),
    term ? or(ilike(seasons.name, term), ilike(teamA.name, term), ilike(teamB.name, term)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    withSides(
      db
        .select({
          id: seasonMatches.id,
          dueByDate: seasonMatches.dueByDate,
          matchType: seasonMatches.matchType,
          roundType: seasonMatches.roundType,
          matchNumber: seasonMatches.matchNumber,
          teamASubmitted: sql<boolean>`${seasonMatches.teamAScoreA} is not null`,
          teamBSubmitted: sql<boolean>`${seasonMatches.teamBScoreA} is not null`,
          seasonId: seasons.id,
          seasonName: seasons.name,
          teamAId: teamA.id,
          teamAName: teamA.name,
          teamBId: teamB.id,
          teamBName: teamB.name,
        })
        .from(seasonMatches)
        .$dynamic(),
    )
      .where(where)
      .orderBy(sql`${seasonMatches.dueByDate} asc nulls last`, asc(seasons.id), asc(seasonMatches.id))
      .limit(page.perPage)
      .offset(page.offset),
    withSides(db.select({ total: count() }).from(seasonMatches).$dynamic()).where(where),
  ]);
  return {
    total: Number(total),
    results: rows.map((r) => ({
      id: r.id,
      season: { id: r.seasonId, name: r.seasonName },
      dueByDate: r.dueByDate,
      teamA: r.teamAId !== null && r.teamAName !== null ? { id: r.teamAId, name: r.teamAName } : null,
      teamB: r.teamBId !== null && r.teamBName !== null ? { id: r.teamBId, name: r.teamBName } : null,
      teamASubmitted: Boolean(r.teamASubmitted),
      teamBSubmitted: Boolean(r.teamBSubmitted),
      matchType: r.matchType,
      roundType: r.roundType,
      matchNumber: r.matchNumber,
    })),
  };
}
