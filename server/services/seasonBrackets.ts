import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { seasonDivisions, seasonEntries, seasonGroups, seasonMatches, users } from '../db/schema';
import type { SeasonRow } from './seasonStore';
import { diffBrackets } from '../../src/domain/bracket/diffBrackets';
import { champion, placements } from '../../src/domain/bracket/placements';
import { recordResult } from '../../src/domain/bracket/recordResult';
import { resetBracket } from '../../src/domain/bracket/resetBracket';
import type { Bracket, BracketMatch, Side, SlotSource } from '../../src/domain/bracket/types';
import { assignGroups } from '../../src/domain/season/assignGroups';
import { divisionName, divisionSplitsError, splitIntoDivisions } from '../../src/domain/season/divisionSplits';
import { groupStandings } from '../../src/domain/season/groupStandings';
import { playoffBracket, playoffSeeds } from '../../src/domain/season/playoffBracket';
import { scheduleGroupMatches } from '../../src/domain/season/roundRobin';
import { MATCH_POSITIONS, type WinningTeam } from '../../src/domain/constants';

/*
 * What the season lifecycle builds and tears down: divisions and groups (placed from the saved splits), the
 * group-stage round robins, and each division's playoff double elimination stored as `season_matches` rows that
 * mirror the engine's BracketMatch (same numbering, slot sources, byes, `live`). The playoff seeding lives on
 * `season_entries.seed` (entrant index i is the entry seeded i + 1 within its division). Every function runs in
 * the caller's transaction, after the caller locked the season.
 */

type Conn = Db | Tx;
type MatchRow = typeof seasonMatches.$inferSelect;
const GROUP_NAMES = ['Group A', 'Group B'] as const;

/** The season's teams with their members' average KR (what divisions and groups are balanced by). */
async function entriesByStrength(tx: Tx, seasonId: number) {
  const strength = sql<number>`coalesce((select avg(${users.katanaRank}) from ${users} where ${users.teamId} = ${seasonEntries.teamId}), 0)::float8`;
  const rows = await tx
    .select({ id: seasonEntries.teamId, entryId: seasonEntries.id, averageKR: strength })
    .from(seasonEntries)
    .where(eq(seasonEntries.seasonId, seasonId));
  return rows.map((r) => ({ ...r, averageKR: Number(r.averageKR) }));
}

/**
 * Rebuilds the season's divisions and groups from its saved splits: Division 1 the strongest by average KR, each
 * split into Group A and Group B in snake order. When the splits no longer cover the joined teams (a team joined
 * or left since) the placement is dropped instead. Deleting the divisions also deletes their groups and matches;
 * the entries' records and seeds are cleared with them.
 */
export async function placeTeams(tx: Tx, season: SeasonRow): Promise<void> {
  await tx.delete(seasonDivisions).where(eq(seasonDivisions.seasonId, season.id));
  await tx
    .update(seasonEntries)
    .set({ divisionId: null, groupId: null, seed: null, divisionWins: 0, divisionLosses: 0 })
    .where(eq(seasonEntries.seasonId, season.id));
  const teams = await entriesByStrength(tx, season.id);
  if (season.divisionSplits.length === 0 || divisionSplitsError(season.divisionSplits, teams.length) !== null) return;
  const divisions = splitIntoDivisions(teams, season.divisionSplits);
  for (const [position, members] of divisions.entries()) {
    const [division] = await tx
      .insert(seasonDivisions)
      .values({ seasonId: season.id, name: divisionName(position), position })
      .returning();
    const groups = assignGroups(members);
    for (const [i, groupTeams] of [groups.A, groups.B].entries()) {
      const [group] = await tx
        .insert(seasonGroups)
        .values({ seasonId: season.id, divisionId: division.id, name: GROUP_NAMES[i] })
        .returning();
      if (groupTeams.length === 0) continue;
      await tx
        .update(seasonEntries)
        .set({ divisionId: division.id, groupId: group.id })
        .where(inArray(seasonEntries.id, groupTeams.map((t) => t.entryId)));
    }
  }
}

/**
 * Starts the group stages: places the teams again (average KR may have changed since the preview) and schedules
 * each group's round robin across the Group Stage Weeks from the start date. Records start at 0–0.
 */
export async function createGroupStages(tx: Tx, season: SeasonRow): Promise<void> {
  await placeTeams(tx, season);
  const groups = await tx.select().from(seasonGroups).where(eq(seasonGroups.seasonId, season.id)).orderBy(asc(seasonGroups.id));
  const entries = await entriesByStrength(tx, season.id);
  const placed = await tx.select().from(seasonEntries).where(eq(seasonEntries.seasonId, season.id));
  const kr = new Map(entries.map((e) => [e.id, e.averageKR]));
  const rows: (typeof seasonMatches.$inferInsert)[] = [];
  for (const group of groups) {
    // Strongest first, so the round robin's fixed team is the group's top seed (a stable, documented order).
    const teamIds = placed
      .filter((e) => e.groupId === group.id)
      .map((e) => e.teamId)
      .sort((a, b) => (kr.get(b) ?? 0) - (kr.get(a) ?? 0) || a - b);
    for (const fixture of scheduleGroupMatches(teamIds, season.playoffWeeks, season.startDate)) {
      rows.push({
        seasonId: season.id,
        divisionId: group.divisionId,
        groupId: group.id,
        matchType: 'GROUP_STAGE',
        roundType: 'GROUPS',
        round: fixture.round,
        teamAId: fixture.teamA,
        teamBId: fixture.teamB,
        dueByDate: fixture.dueByDate,
      });
    }
  }
  if (rows.length > 0) await tx.insert(seasonMatches).values(rows);
}

/** A group's table as it stands: the entries' records, ties by head-to-head, average KR and id. */
async function groupTable(tx: Tx, groupId: number, averageKR: Map<number, number>) {
  const [entries, matches] = await Promise.all([
    tx.select().from(seasonEntries).where(eq(seasonEntries.groupId, groupId)),
    tx.select().from(seasonMatches).where(eq(seasonMatches.groupId, groupId)),
  ]);
  const table = entries.map((e) => ({
    id: e.teamId,
    entryId: e.id,
    averageKR: averageKR.get(e.teamId) ?? 0,
    divisionWins: e.divisionWins,
    divisionLosses: e.divisionLosses,
  }));
  const decided = matches
    .filter((m) => m.teamAId !== null && m.teamBId !== null)
    .map((m) => ({ teamAId: m.teamAId as number, teamBId: m.teamBId as number, winningTeam: m.winningTeam }));
  return groupStandings(table, decided);
}

const sourceColumns = (source: SlotSource) =>
  source.kind === 'seed' ? { kind: 'seed', ref: source.seed } : { kind: source.kind, ref: source.match };

/** A match re-opened: no reports, no result. */
const NO_SCORES = { teamAScoreA: null, teamAScoreB: null, teamBScoreA: null, teamBScoreB: null, scoreA: null, scoreB: null };

/** Both teams reported the same score, and it is the result. */
const agreedScores = (scoreA: number, scoreB: number) => ({
  teamAScoreA: scoreA,
  teamAScoreB: scoreB,
  teamBScoreA: scoreA,
  teamBScoreB: scoreB,
  scoreA,
  scoreB,
});

const winningTeamOf = (side: Side | null): WinningTeam | null => (side === 'A' ? 'TeamA' : side === 'B' ? 'TeamB' : null);

/**
 * Starts the playoffs: each division's top four of Group A and Group B (standings as they are) seeded A1, B1, A2,
 * B2, … into the engine's double elimination (15 numbered matches for 8 teams, a smaller bracket for a smaller
 * division), due by the season's eight playoff dates.
 */
export async function createPlayoffs(tx: Tx, season: SeasonRow): Promise<void> {
  const divisions = await tx.select().from(seasonDivisions).where(eq(seasonDivisions.seasonId, season.id)).orderBy(asc(seasonDivisions.position));
  const kr = new Map((await entriesByStrength(tx, season.id)).map((e) => [e.id, e.averageKR]));
  await tx.update(seasonEntries).set({ seed: null }).where(eq(seasonEntries.seasonId, season.id));
  for (const division of divisions) {
    const groups = await tx.select().from(seasonGroups).where(eq(seasonGroups.divisionId, division.id)).orderBy(asc(seasonGroups.name));
    const tables = await Promise.all(groups.map((g) => groupTable(tx, g.id, kr)));
    const seeds = playoffSeeds(tables[0] ?? [], tables[1] ?? []);
    if (seeds.length < 2) continue;
    for (const [i, team] of seeds.entries()) {
      await tx.update(seasonEntries).set({ seed: i + 1 }).where(eq(seasonEntries.id, team.entryId));
    }
    const { bracket, slots } = playoffBracket(seeds.length, season);
    const teamOf = (index: number | null) => (index === null ? null : seeds[index].id);
    await tx.insert(seasonMatches).values(
      bracket.matches.map((m, i) => {
        const a = sourceColumns(m.sourceA);
        const b = sourceColumns(m.sourceB);
        return {
          seasonId: season.id,
          divisionId: division.id,
          matchType: 'PLAYOFF' as const,
          roundType: slots[i].roundType,
          round: m.round,
          matchNumber: m.number,
          position: slots[i].position,
          track: m.track,
          sourceAKind: a.kind,
          sourceARef: a.ref,
          sourceBKind: b.kind,
          sourceBRef: b.ref,
          teamAId: teamOf(m.entryA),
          teamBId: teamOf(m.entryB),
          teamABye: m.byeA,
          teamBBye: m.byeB,
          live: m.live,
          winningTeam: winningTeamOf(m.winner),
          dueByDate: slots[i].dueByDate,
        };
      }),
    );
  }
}

/** Removes the playoffs (brackets and seeds): the season is back in its group stages with their results. */
export async function removePlayoffs(tx: Tx, seasonId: number): Promise<void> {
  await tx.delete(seasonMatches).where(and(eq(seasonMatches.seasonId, seasonId), eq(seasonMatches.matchType, 'PLAYOFF')));
  await tx.update(seasonEntries).set({ seed: null }).where(eq(seasonEntries.seasonId, seasonId));
}

export interface LoadedDivisionBracket {
  bracket: Bracket;
  /** rows[i] is match number i + 1. */
  rows: MatchRow[];
  /** Team id of each entrant index (seed − 1). */
  teamIds: (number | null)[];
}

/** The engine's round name of a stored round type (the inverse of `playoffRoundType`). */
export const ROUND_NAME_OF: Record<string, string> = {
  ROUND1: 'Round 1',
  LOSERROUND1: 'Losers Round 1',
  ROUND2: 'Round 2',
  LOSERROUND2: 'Losers Round 2',
  WINNERSFINAL: 'Winners Final',
  LOSERSROUND3: 'Losers Round 3',
  LOSERSFINAL: 'Losers Final',
  GRANDFINAL: 'Grand Final',
  GRANDFINAL2: 'Grand Final 2',
};

const toSource = (kind: string | null, ref: number | null): SlotSource =>
  kind === 'seed' ? { kind: 'seed', seed: ref ?? 0 } : { kind: kind === 'loser' ? 'loser' : 'winner', match: ref ?? 0 };

/** A division's playoff bracket as the engine sees it, or null before the playoffs. */
export async function loadDivisionBracket(conn: Conn, divisionId: number): Promise<LoadedDivisionBracket | null> {
  const rows = await conn
    .select()
    .from(seasonMatches)
    .where(and(eq(seasonMatches.divisionId, divisionId), eq(seasonMatches.matchType, 'PLAYOFF')))
    .orderBy(asc(seasonMatches.matchNumber));
  if (rows.length === 0) return null;
  const seeded = await conn
    .select({ teamId: seasonEntries.teamId, seed: seasonEntries.seed })
    .from(seasonEntries)
    .where(and(eq(seasonEntries.divisionId, divisionId), isNotNull(seasonEntries.seed)));
  let entrants = 0;
  let roundOne = 0;
  for (const r of rows) {
    if (r.track !== 'winners' || r.round !== 0) continue;
    roundOne++;
    entrants += Number(!r.teamABye) + Number(!r.teamBBye);
  }
  const teamIds = new Array<number | null>(entrants).fill(null);
  for (const e of seeded) if (e.seed !== null && e.seed <= entrants) teamIds[e.seed - 1] = e.teamId;
  const index = (teamId: number | null) => (teamId === null ? null : teamIds.indexOf(teamId) >= 0 ? teamIds.indexOf(teamId) : null);
  const matches = rows.map(
    (r): BracketMatch => ({
      number: r.matchNumber as number,
      roundName: ROUND_NAME_OF[r.roundType],
      track: r.track as BracketMatch['track'],
      round: r.round,
      position: MATCH_POSITIONS.indexOf(r.position ?? 'FIRST'),
      sourceA: toSource(r.sourceAKind, r.sourceARef),
      sourceB: toSource(r.sourceBKind, r.sourceBRef),
      entryA: index(r.teamAId),
      entryB: index(r.teamBId),
      byeA: r.teamABye,
      byeB: r.teamBBye,
      winner: r.winningTeam === 'TeamA' ? 'A' : r.winningTeam === 'TeamB' ? 'B' : null,
      live: r.live,
    }),
  );
  return { bracket: { entrants, slots: roundOne * 2, matches }, rows, teamIds };
}

/**
 * Writes a changed bracket back: only the matches the engine changed, a match whose teams changed (or that was
 * voided) re-opened with its scores cleared. `clearAll` clears every match's scores (the bracket reset).
 */
export async function saveDivisionBracket(tx: Tx, loaded: LoadedDivisionBracket, next: Bracket, clearAll = false) {
  const changed = new Set(diffBrackets(loaded.bracket, next));
  for (const m of next.matches) {
    const row = loaded.rows[m.number - 1];
    if (!changed.has(m.number) && !clearAll) continue;
    const teamAId = m.entryA === null ? null : loaded.teamIds[m.entryA];
    const teamBId = m.entryB === null ? null : loaded.teamIds[m.entryB];
    const reopened = clearAll || row.teamAId !== teamAId || row.teamBId !== teamBId || row.live !== m.live;
    await tx
      .update(seasonMatches)
      .set({
        teamAId,
        teamBId,
        teamABye: m.byeA,
        teamBBye: m.byeB,
        live: m.live,
        winningTeam: winningTeamOf(m.winner),
        ...(reopened
          ? { ...NO_SCORES, dispute: false, recordsCounted: false }
          : {}),
        updatedAt: sql`(extract(epoch from now()) * 1000)::bigint`,
      })
      .where(eq(seasonMatches.id, row.id));
  }
}

/** The bracket reset: every played match of the division removed, round 1 as the seeding built it, scores cleared. */
export async function resetDivisionBracket(tx: Tx, loaded: LoadedDivisionBracket): Promise<void> {
  await saveDivisionBracket(tx, loaded, resetBracket(loaded.bracket), true);
}

export interface PlayoffResult {
  matchNumber: number;
  scoreA: number;
  scoreB: number;
}

/**
 * Records playoff results in one pass (the winner advances, the loser drops, both sides' scores agreed): `next`
 * picks each result from the bracket as it stands, null to stop. One load and one write however many are played.
 */
export async function recordPlayoffResults(tx: Tx, divisionId: number, next: (bracket: Bracket) => PlayoffResult | null) {
  const loaded = await loadDivisionBracket(tx, divisionId);
  if (!loaded) return;
  let bracket = loaded.bracket;
  const played: PlayoffResult[] = [];
  for (let result = next(bracket); result; result = next(bracket)) {
    bracket = recordResult(bracket, result.matchNumber, result.scoreA > result.scoreB ? 'A' : 'B');
    played.push(result);
  }
  await saveDivisionBracket(tx, loaded, bracket);
  for (const { matchNumber, scoreA, scoreB } of played) {
    await tx
      .update(seasonMatches)
      .set({ ...agreedScores(scoreA, scoreB), recordsCounted: true })
      .where(eq(seasonMatches.id, loaded.rows[matchNumber - 1].id));
  }
}

/** Records one playoff result. */
export function recordPlayoffResult(tx: Tx, divisionId: number, matchNumber: number, scoreA: number, scoreB: number) {
  let done = false;
  return recordPlayoffResults(tx, divisionId, () => (done ? null : ((done = true), { matchNumber, scoreA, scoreB })));
}

/**
 * Records group matches' agreed results and counts each once in both teams' season records (divisionWins and
 * divisionLosses on their entries): a match counted before keeps its old count.
 */
export async function recordGroupResults(tx: Tx, results: { match: MatchRow; scoreA: number; scoreB: number }[]) {
  const records = new Map<string, { seasonId: number; teamId: number; wins: number; losses: number }>();
  const count = (seasonId: number, teamId: number, won: boolean) => {
    const key = `${seasonId}:${teamId}`;
    const r = records.get(key) ?? { seasonId, teamId, wins: 0, losses: 0 };
    if (won) r.wins++;
    else r.losses++;
    records.set(key, r);
  };
  for (const { match, scoreA, scoreB } of results) {
    const winningTeam: WinningTeam = scoreA > scoreB ? 'TeamA' : 'TeamB';
    await tx
      .update(seasonMatches)
      .set({ ...agreedScores(scoreA, scoreB), winningTeam, recordsCounted: true })
      .where(eq(seasonMatches.id, match.id));
    if (match.recordsCounted || match.teamAId === null || match.teamBId === null) continue;
    count(match.seasonId, match.teamAId, winningTeam === 'TeamA');
    count(match.seasonId, match.teamBId, winningTeam === 'TeamB');
  }
  for (const r of records.values()) {
    await tx
      .update(seasonEntries)
      .set({
        divisionWins: sql`${seasonEntries.divisionWins} + ${r.wins}`,
        divisionLosses: sql`${seasonEntries.divisionLosses} + ${r.losses}`,
      })
      .where(and(eq(seasonEntries.seasonId, r.seasonId), eq(seasonEntries.teamId, r.teamId)));
  }
}

/** The medal places of a division's playoffs: 1 champion, 2 runner-up, 3 third (the Losers Final loser). */
export const MEDAL_PLACES = [1, 2, 3] as const;
export type MedalPlace = (typeof MEDAL_PLACES)[number];

/**
 * A division's medal placings, best first, once its champion is known (empty before): the teams completion gives
 * gold, silver and bronze, and the season page shows.
 */
export function divisionPodium(loaded: LoadedDivisionBracket | null): { place: MedalPlace; teamId: number }[] {
  if (!loaded || champion(loaded.bracket) === null) return [];
  return placements(loaded.bracket).flatMap(({ entrant, place }) => {
    const teamId = loaded.teamIds[entrant];
    return (MEDAL_PLACES as readonly number[]).includes(place) && teamId != null ? [{ place: place as MedalPlace, teamId }] : [];
  });
}

/** How many of the season's divisions have no champion yet (no bracket counts as undecided). */
export async function undecidedDivisions(conn: Conn, seasonId: number): Promise<number> {
  const divisions = await conn.select({ id: seasonDivisions.id }).from(seasonDivisions).where(eq(seasonDivisions.seasonId, seasonId));
  let undecided = 0;
  for (const d of divisions) {
    const loaded = await loadDivisionBracket(conn, d.id);
    if (!loaded || champion(loaded.bracket) === null) undecided++;
  }
  return undecided;
}
