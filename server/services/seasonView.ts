import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { seasonDivisions, seasonEntries, seasonGroups, seasonMatches, seasons, teams, users } from '../db/schema';
import { toTeamSummary, type TeamRow } from './teams';
import { seasonFieldsOfRow, type DivisionRow, type SeasonEntryRow, type SeasonRow } from './seasonStore';
import type { Division, DivisionDetail, Group, Season, SeasonMatch, SeasonTeam } from '../../src/api/contract/season';
import type { TeamMember } from '../../src/api/contract/team';
import { groupStandings } from '../../src/domain/season/groupStandings';
import { divisionStage } from '../../src/domain/season/playoffBracket';
import { divisionPodium, loadDivisionBracket } from './seasonBrackets';

/*
 * Entities as the contract (src/api/contract/season.ts) spells them. Reads batch by season: one query per table,
 * never one per team.
 */

type Conn = Db | Tx;
export type SeasonMatchRow = typeof seasonMatches.$inferSelect;
type MemberRow = Pick<typeof users.$inferSelect, 'id' | 'discordName' | 'picture' | 'teamRole' | 'katanaRank' | 'teamId'>;

/** Who is looking: their team (if any) decides userPartOfTeam and teamMembersCount. */
export interface Viewer {
  id: number;
  teamId: number | null;
}

const toMember = (u: MemberRow): TeamMember => ({
  id: u.id,
  discordName: u.discordName,
  picture: u.picture,
  teamRole: u.teamRole,
  katanaRank: u.katanaRank,
});

/** Captain first, then by name (the roster order of the team pages). */
const rosterOrder = (a: MemberRow, b: MemberRow) =>
  Number(b.teamRole === 'CAPTAIN') - Number(a.teamRole === 'CAPTAIN') || a.discordName.localeCompare(b.discordName);

/** Teams by id with their members, for building SeasonTeams. */
export async function loadTeams(conn: Conn, teamIds: number[]) {
  const ids = [...new Set(teamIds)];
  if (ids.length === 0) return new Map<number, { team: TeamRow; members: MemberRow[] }>();
  const [teamRows, memberRows] = await Promise.all([
    conn.select().from(teams).where(inArray(teams.id, ids)),
    conn
      .select({
        id: users.id,
        discordName: users.discordName,
        picture: users.picture,
        teamRole: users.teamRole,
        katanaRank: users.katanaRank,
        teamId: users.teamId,
      })
      .from(users)
      .where(inArray(users.teamId, ids)),
  ]);
  const byTeam = new Map(teamRows.map((team) => [team.id, { team, members: [] as MemberRow[] }]));
  for (const m of memberRows) byTeam.get(m.teamId as number)?.members.push(m);
  for (const t of byTeam.values()) t.members.sort(rosterOrder);
  return byTeam;
}

/** Mean katanaRank of the members (0 for a team without members), to one decimal. */
export const averageKR = (members: readonly { katanaRank: number }[]) =>
  members.length === 0 ? 0 : Math.round((members.reduce((s, m) => s + m.katanaRank, 0) / members.length) * 10) / 10;

export function toSeasonTeam(
  loaded: { team: TeamRow; members: MemberRow[] },
  entry: Pick<SeasonEntryRow, 'divisionWins' | 'divisionLosses' | 'paymentId' | 'refunded'>,
  admin = false,
): SeasonTeam {
  return {
    ...toTeamSummary(loaded.team),
    users: loaded.members.map(toMember),
    divisionWins: entry.divisionWins,
    divisionLosses: entry.divisionLosses,
    averageKR: averageKR(loaded.members),
    transferMode: loaded.team.transferMode,
    ...(admin ? { paid: entry.paymentId !== null, refunded: entry.refunded } : {}),
  };
}

/** A group's teams in standings order (divisionWins − divisionLosses, then head-to-head, average KR, id). */
function standings(
  entries: SeasonEntryRow[],
  loaded: Awaited<ReturnType<typeof loadTeams>>,
  groupMatches: SeasonMatchRow[],
): SeasonTeam[] {
  const teamsOfGroup = entries.flatMap((e) => {
    const t = loaded.get(e.teamId);
    return t ? [toSeasonTeam(t, e)] : [];
  });
  const decided = groupMatches
    .filter((m) => m.teamAId !== null && m.teamBId !== null)
    .map((m) => ({ teamAId: m.teamAId as number, teamBId: m.teamBId as number, winningTeam: m.winningTeam }));
  return groupStandings(teamsOfGroup, decided);
}

/** The divisions of a season with their groups and teams (Season.divisions), Division 1 first. */
async function seasonDivisionsOf(conn: Conn, seasonId: number): Promise<Division[]> {
  const divisions = await conn
    .select()
    .from(seasonDivisions)
    .where(eq(seasonDivisions.seasonId, seasonId))
    .orderBy(asc(seasonDivisions.position));
  if (divisions.length === 0) return [];
  const [groups, entries, groupMatches] = await Promise.all([
    conn.select().from(seasonGroups).where(eq(seasonGroups.seasonId, seasonId)).orderBy(asc(seasonGroups.name)),
    conn.select().from(seasonEntries).where(eq(seasonEntries.seasonId, seasonId)),
    conn
      .select()
      .from(seasonMatches)
      .where(and(eq(seasonMatches.seasonId, seasonId), eq(seasonMatches.matchType, 'GROUP_STAGE'))),
  ]);
  const loaded = await loadTeams(conn, entries.map((e) => e.teamId));
  const podiums = await Promise.all(divisions.map(async (d) => divisionPodium(await loadDivisionBracket(conn, d.id))));
  return divisions.map((d, i) => ({
    id: d.id,
    name: d.name,
    joinedTeamsCount: entries.filter((e) => e.divisionId === d.id).length,
    placings: podiums[i].flatMap(({ place, teamId }) => {
      const team = loaded.get(teamId)?.team;
      return team ? [{ place, team: toTeamSummary(team) }] : [];
    }),
    groups: groups
      .filter((g) => g.divisionId === d.id)
      .map(
        (g): Group => ({
          id: g.id,
          name: g.name,
          teams: standings(
            entries.filter((e) => e.groupId === g.id),
            loaded,
            groupMatches.filter((m) => m.groupId === g.id),
          ),
        }),
      ),
  }));
}

/** The viewer's team: members counted (captain included) and whether it joined each of `seasonIds`. */
async function viewerFacts(conn: Conn, viewer: Viewer | null, seasonIds: number[]) {
  if (!viewer?.teamId || seasonIds.length === 0) return { members: 0, joined: new Set<number>() };
  const [[{ n }], joinedRows] = await Promise.all([
    conn.select({ n: count() }).from(users).where(eq(users.teamId, viewer.teamId)),
    conn
      .select({ seasonId: seasonEntries.seasonId })
      .from(seasonEntries)
      .where(and(eq(seasonEntries.teamId, viewer.teamId), inArray(seasonEntries.seasonId, seasonIds))),
  ]);
  return { members: Number(n), joined: new Set(joinedRows.map((r) => r.seasonId)) };
}

async function joinedCounts(conn: Conn, seasonIds: number[]) {
  if (seasonIds.length === 0) return new Map<number, number>();
  const rows = await conn
    .select({ seasonId: seasonEntries.seasonId, n: count() })
    .from(seasonEntries)
    .where(inArray(seasonEntries.seasonId, seasonIds))
    .groupBy(seasonEntries.seasonId);
  return new Map(rows.map((r) => [r.seasonId, Number(r.n)]));
}

/**
 * Seasons as the contract's Season. `withDivisions` loads the divisions, groups and teams (the season page);
 * lists leave them empty to stay one query per table.
 */
export async function toSeasons(conn: Conn, rows: SeasonRow[], viewer: Viewer | null, withDivisions = false): Promise<Season[]> {
  const ids = rows.map((r) => r.id);
  const [counts, facts] = await Promise.all([joinedCounts(conn, ids), viewerFacts(conn, viewer, ids)]);
  const out: Season[] = [];
  for (const row of rows) {
    out.push({
      id: row.id,
      ...seasonFieldsOfRow(row),
      seasonType: row.seasonType,
      joinedTeamsCount: counts.get(row.id) ?? 0,
      userPartOfTeam: facts.joined.has(row.id),
      teamMembersCount: facts.members,
      divisions: withDivisions ? await seasonDivisionsOf(conn, row.id) : [],
      divisionSplits: row.divisionSplits,
    });
  }
  return out;
}

export async function toSeason(conn: Conn, row: SeasonRow, viewer: Viewer | null): Promise<Season> {
  const [season] = await toSeasons(conn, [row], viewer, true);
  return season;
}

const matchTeam = (t: TeamRow | undefined) => (t ? { id: t.id, name: t.name, logoUrl: t.logoUrl } : null);

/** League matches as the contract's SeasonMatch (teams and season names read in one query each). */
export async function toSeasonMatches(conn: Conn, rows: SeasonMatchRow[]): Promise<SeasonMatch[]> {
  if (rows.length === 0) return [];
  const teamIds = rows.flatMap((r) => [r.teamAId, r.teamBId]).filter((id): id is number => id !== null);
  const seasonIds = [...new Set(rows.map((r) => r.seasonId))];
  const [teamRows, seasonRows] = await Promise.all([
    teamIds.length ? conn.select().from(teams).where(inArray(teams.id, [...new Set(teamIds)])) : Promise.resolve([]),
    conn.select({ id: seasons.id, name: seasons.name }).from(seasons).where(inArray(seasons.id, seasonIds)),
  ]);
  const teamOf = new Map(teamRows.map((t) => [t.id, t]));
  const nameOf = new Map(seasonRows.map((s) => [s.id, s.name]));
  return rows.map((r) => ({
    id: r.id,
    seasonName: nameOf.get(r.seasonId) ?? '',
    seasonId: r.seasonId,
    divisionId: r.divisionId,
    groupId: r.groupId,
    dueByDate: r.dueByDate,
    teamA: r.teamAId === null ? null : matchTeam(teamOf.get(r.teamAId)),
    teamB: r.teamBId === null ? null : matchTeam(teamOf.get(r.teamBId)),
    winningTeam: r.winningTeam,
    teamAScoreA: r.teamAScoreA,
    teamAScoreB: r.teamAScoreB,
    teamBScoreA: r.teamBScoreA,
    teamBScoreB: r.teamBScoreB,
    scoreA: r.scoreA,
    scoreB: r.scoreB,
    matchType: r.matchType,
    roundType: r.roundType,
    matchNumber: r.matchNumber,
    position: r.position,
    dispute: r.dispute,
    teamABye: r.teamABye,
    teamBBye: r.teamBBye,
  }));
}

/** A group's next round: its undecided matches, soonest due first, as many as a round holds. */
function upcoming(groupMatches: SeasonMatchRow[], teamCount: number) {
  return groupMatches
    .filter((m) => m.winningTeam === null)
    .sort((a, b) => (a.dueByDate ?? 0) - (b.dueByDate ?? 0) || a.round - b.round || a.id - b.id)
    .slice(0, Math.max(1, Math.ceil(teamCount / 2)));
}

/** GET /v1/season/divisions/{id}: the group-stage view and the bracket view of one division. */
export async function toDivisionDetail(conn: Conn, division: DivisionRow): Promise<DivisionDetail> {
  const [groups, entries, matches] = await Promise.all([
    conn.select().from(seasonGroups).where(eq(seasonGroups.divisionId, division.id)).orderBy(asc(seasonGroups.name)),
    conn.select().from(seasonEntries).where(eq(seasonEntries.divisionId, division.id)),
    conn.select().from(seasonMatches).where(eq(seasonMatches.divisionId, division.id)).orderBy(asc(seasonMatches.id)),
  ]);
  const loaded = await loadTeams(conn, entries.map((e) => e.teamId));
  const [groupA, groupB] = [groups.find((g) => g.name === 'Group A'), groups.find((g) => g.name === 'Group B')];
  const groupView = async (groupId: number | undefined) => {
    if (groupId === undefined) return { teams: [] as SeasonTeam[], upcoming: [] as SeasonMatch[] };
    const groupEntries = entries.filter((e) => e.groupId === groupId);
    const groupMatches = matches.filter((m) => m.groupId === groupId);
    return {
      teams: standings(groupEntries, loaded, groupMatches),
      upcoming: await toSeasonMatches(conn, upcoming(groupMatches, groupEntries.length)),
    };
  };
  const [a, b] = [await groupView(groupA?.id), await groupView(groupB?.id)];
  const playoff = matches
    .filter((m) => m.matchType === 'PLAYOFF' && m.live)
    .sort((x, y) => (x.matchNumber ?? 0) - (y.matchNumber ?? 0));
  const bracket = await loadDivisionBracket(conn, division.id);
  const [season] = await conn.select({ seasonType: seasons.seasonType }).from(seasons).where(eq(seasons.id, division.seasonId));
  return {
    id: division.id,
    seasonId: division.seasonId,
    seasonType: season.seasonType,
    name: division.name,
    divisionType: divisionStage(bracket?.bracket ?? null),
    groupAId: groupA?.id ?? null,
    groupBId: groupB?.id ?? null,
    groupATeams: a.teams,
    groupBTeams: b.teams,
    groupAUpcoming: a.upcoming,
    groupBUpcoming: b.upcoming,
    elimMatches: await toSeasonMatches(conn, playoff),
  };
}
