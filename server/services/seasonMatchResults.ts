import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { seasonDivisions, seasonEntries, seasonMatches, teams, users } from '../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors';
import { lockSeason, type SeasonRow } from './seasonStore';
import { assertSeasonVisible } from './seasonQueries';
import { auditTargets, recordAudit, resultText, type AuditActor } from './auditLog';
import { bumpBracketsOfUsers } from './tournamentStore';
import { addToRecords, updateUser } from './userWrites';
import { completeIfDecided } from './seasonLifecycle';
import { divisionPodium, loadDivisionBracket, recordGroupResults, recordPlayoffResult, saveDivisionBracket, type MedalPlace } from './seasonBrackets';
import { announceSeasonMatch } from './announcements';
import { getSeasonMatchRow, sideOfTeam, type MatchViewer } from './seasonMatchQueries';
import type { SeasonMatchRow } from './seasonView';
import type { ScoreBody } from '../../src/api/contract/tournament';
import { BracketError } from '../../src/domain/bracket/BracketError';
import { overwriteResult } from '../../src/domain/bracket/overwriteResult';
import { groupRecords } from '../../src/domain/season/groupStandings';
import { newRating } from '../../src/domain/rating';
import type { WinningTeam } from '../../src/domain/constants';
import { MATCH_ERRORS, SEASON_MATCH_ERRORS } from '../../src/domain/messages';
import { reportBlocker, reportStateBlocker, resultError, staffResultBlocker, type MatchBlocker } from '../../src/domain/matchRules';
import { seasonMatchFacts } from '../../src/domain/season/seasonMatchFacts';

/*
 * The writes of league play, with the tournament matches' rules (matches.ts): captains report (double entry, each
 * side once), matching reports decide the match, different reports make a dispute; staff set or overwrite a
 * result. Every write locks the season row first, then the match row, so both captains reporting at the same
 * instant run one after the other and the second sees the first: one outcome, one rating change.
 */

const BRACKET_STATUS: Record<BracketError['code'], number> = {
  'no-such-match': 404,
  'bad-side': 400,
  void: 409,
  decided: 409,
  'not-ready': 409,
};

/** Runs an engine operation, answering its refusals with an honest status. */
async function engine<T>(operation: () => Promise<T> | T): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof BracketError) throw new HttpError(BRACKET_STATUS[error.code], error.message);
    throw error;
  }
}

/** The season (locked) and the match (locked) of `matchId`. */
async function lockMatch(tx: Tx, matchId: number): Promise<{ season: SeasonRow; row: SeasonMatchRow }> {
  const { seasonId } = await getSeasonMatchRow(tx, matchId);
  const season = await lockSeason(tx, seasonId);
  const [row] = await tx.select().from(seasonMatches).where(eq(seasonMatches.id, matchId)).for('update');
  if (!row) throw notFound(SEASON_MATCH_ERRORS.notFound);
  return { season, row };
}

/** The shared match rules' facts (src/domain/matchRules.ts) of a locked league match. */
const factsOf = (season: SeasonRow, row: SeasonMatchRow) => seasonMatchFacts({ ...row, seasonType: season.seasonType });

/**
 * A rule's refusal as an answer, in league words where they differ: 403 for anyone but the teams' captains, 409
 * for a match out of play (its season's stage) or in a state that cannot take it.
 */
function refuse(blocker: MatchBlocker | null, row: SeasonMatchRow): void {
  if (!blocker) return;
  const group = row.matchType === 'GROUP_STAGE';
  if (blocker === 'notPlayer') throw forbidden(SEASON_MATCH_ERRORS.notCaptain);
  if (blocker === 'notActive') throw conflict(group ? SEASON_MATCH_ERRORS.groupNotInPlay : SEASON_MATCH_ERRORS.playoffNotInPlay);
  if (blocker === 'resultNotActive') {
    throw conflict(group ? SEASON_MATCH_ERRORS.groupResultNotInPlay : SEASON_MATCH_ERRORS.playoffResultNotInPlay);
  }
  throw conflict(MATCH_ERRORS[blocker]);
}

const winningTeamOf = (scores: ScoreBody): WinningTeam => (scores.entryAScore > scores.entryBScore ? 'TeamA' : 'TeamB');

/**
 * The agreed result on the teams' and players' records and every player's KR (src/domain/rating.ts, against the
 * other team's average KR before the match). Members are the teams' members now. Runs once per decided match.
 */
async function countRecordsAndRatings(tx: Tx, row: SeasonMatchRow, scores: ScoreBody): Promise<void> {
  const [teamAId, teamBId] = [row.teamAId as number, row.teamBId as number];
  const members = await tx
    .select({ id: users.id, teamId: users.teamId, katanaRank: users.katanaRank })
    .from(users)
    .where(inArray(users.teamId, [teamAId, teamBId]));
  const average = (teamId: number) => {
    const ranks = members.filter((m) => m.teamId === teamId).map((m) => m.katanaRank);
    return ranks.length === 0 ? 0 : ranks.reduce((s, r) => s + r, 0) / ranks.length;
  };
  const sides = {
    [teamAId]: { own: scores.entryAScore, opponent: scores.entryBScore, opponentAverageKr: average(teamBId) },
    [teamBId]: { own: scores.entryBScore, opponent: scores.entryAScore, opponentAverageKr: average(teamAId) },
  };
  for (const m of members) {
    const side = sides[m.teamId as number];
    await updateUser(tx, m.id, {
      katanaRank: newRating({ kr: m.katanaRank, opponentAverageKr: side.opponentAverageKr, ownScore: side.own, opponentScore: side.opponent }),
    });
  }
  // The players' new KR shows on the tournament brackets they play in.
  await bumpBracketsOfUsers(tx, members.map((m) => m.id));
  const winner = scores.entryAScore > scores.entryBScore ? teamAId : teamBId;
  await countTeamRecords(tx, [{ winner, loser: winner === teamAId ? teamBId : teamAId }]);
}

/**
 * Decided league matches on the records: each a win for the winning team and its current members, a loss for the
 * losing team and its members. One update per team and column however many results (the demo seeds many at once).
 */
export async function countTeamRecords(tx: Tx, results: readonly { winner: number; loser: number }[]): Promise<void> {
  const tally = new Map<string, { teamId: number; column: 'wins' | 'losses'; n: number }>();
  for (const { winner, loser } of results) {
    for (const [teamId, column] of [[winner, 'wins'], [loser, 'losses']] as const) {
      const key = `${teamId}:${column}`;
      tally.set(key, { teamId, column, n: (tally.get(key)?.n ?? 0) + 1 });
    }
  }
  for (const { teamId, column, n } of tally.values()) {
    const c = sql.identifier(column);
    await tx.execute(sql`update ${teams} set ${c} = ${c} + ${n} where ${teams.id} = ${teamId}`);
    await addToRecords(tx, column, { teamId }, n);
  }
}

const MEDALS: Record<MedalPlace, 'gold' | 'silver' | 'bronze'> = { 1: 'gold', 2: 'silver', 3: 'bronze' };

/**
 * After a playoff result: once every division's grand final is decided the season is COMPLETE, and each
 * division's champion, runner-up and third (the Losers Final loser) get gold, silver and bronze, the teams and
 * their members alike.
 */
async function completeSeason(tx: Tx, season: SeasonRow): Promise<void> {
  if (await completeIfDecided(tx, season.id)) await awardSeasonMedals(tx, season.id);
}

/** Each division's podium (`divisionPodium`) gets its gold, silver and bronze, the teams and their members alike. */
export async function awardSeasonMedals(tx: Tx, seasonId: number): Promise<void> {
  const divisions = await tx.select({ id: seasonDivisions.id }).from(seasonDivisions).where(eq(seasonDivisions.seasonId, seasonId));
  for (const division of divisions) {
    for (const { place, teamId } of divisionPodium(await loadDivisionBracket(tx, division.id))) {
      const column = sql.identifier(MEDALS[place]);
      await tx.execute(sql`update ${teams} set ${column} = ${column} + 1 where ${teams.id} = ${teamId}`);
      await addToRecords(tx, MEDALS[place], { teamId });
    }
  }
}

/** The group's entries' records counted again from its decided matches (what an admin result changes). */
async function recountGroup(tx: Tx, groupId: number): Promise<void> {
  const [entries, matches] = await Promise.all([
    tx.select().from(seasonEntries).where(eq(seasonEntries.groupId, groupId)),
    tx.select().from(seasonMatches).where(eq(seasonMatches.groupId, groupId)),
  ]);
  const decided = matches.flatMap((m) =>
    m.teamAId === null || m.teamBId === null ? [] : [{ teamAId: m.teamAId, teamBId: m.teamBId, winningTeam: m.winningTeam }],
  );
  const records = groupRecords(entries.map((e) => e.teamId), decided);
  for (const e of entries) {
    const r = records.get(e.teamId) ?? { divisionWins: 0, divisionLosses: 0 };
    if (r.divisionWins === e.divisionWins && r.divisionLosses === e.divisionLosses) continue;
    await tx.update(seasonEntries).set(r).where(eq(seasonEntries.id, e.id));
  }
}

/**
 * SUBMIT SCORE by a captain of either team (double entry). Each side reports once; matching reports with a winner
 * decide the match (group standings, the playoff bracket, team and player records, KR, and the season's completion
 * move in the same transaction); different reports (or the same draw) make a dispute for staff to settle.
 */
export async function reportSeasonScore(db: Db, input: { matchId: number; user: MatchViewer; staff: boolean; scores: ScoreBody }): Promise<void> {
  await db.transaction(async (tx) => {
    const { season, row } = await lockMatch(tx, input.matchId);
    // A match of an unpublished season does not exist for anyone but staff.
    assertSeasonVisible(season, input.staff, SEASON_MATCH_ERRORS.notFound);
    const facts = factsOf(season, row);
    refuse(reportStateBlocker(facts), row);
    // Only captains report league scores: a member of the team reports for no side.
    const side = input.user.teamRole === 'CAPTAIN' ? sideOfTeam(row, input.user.teamId) : null;
    refuse(reportBlocker(facts, side), row);

    const { entryAScore, entryBScore } = input.scores;
    const report = side === 'A' ? { teamAScoreA: entryAScore, teamAScoreB: entryBScore } : { teamBScoreA: entryAScore, teamBScoreB: entryBScore };
    const next = { ...row, ...report };
    const save = (extra: { dispute?: boolean } = {}) =>
      tx.update(seasonMatches).set({ ...report, ...extra, updatedAt: Date.now() }).where(eq(seasonMatches.id, row.id));
    if (next.teamAScoreA === null || next.teamBScoreA === null) return void (await save());
    const agree = next.teamAScoreA === next.teamBScoreA && next.teamAScoreB === next.teamBScoreB && next.teamAScoreA !== next.teamAScoreB;
    if (!agree) {
      await save({ dispute: true });
      return void (await announceSeasonMatch(tx, season, row, 'players'));
    }

    const scores = { entryAScore: next.teamAScoreA, entryBScore: next.teamAScoreB as number };
    await tx
      .update(seasonMatches)
      .set({ ...report, scoreA: scores.entryAScore, scoreB: scores.entryBScore, updatedAt: Date.now() })
      .where(eq(seasonMatches.id, row.id));
    if (row.matchType === 'GROUP_STAGE') {
      await recordGroupResults(tx, [{ match: row, scoreA: scores.entryAScore, scoreB: scores.entryBScore }]);
    } else {
      await engine(() => recordPlayoffResult(tx, row.divisionId, row.matchNumber as number, scores.entryAScore, scores.entryBScore));
    }
    await countRecordsAndRatings(tx, row, scores);
    if (row.matchType === 'PLAYOFF') await completeSeason(tx, season);
    await announceSeasonMatch(tx, season, row, 'players');
  });
}

/**
 * SUBMIT SCORE (ADMIN) / OVERWRITE SCORE (ADMIN): sets the result of a match whose two teams are known, decided or
 * not; the dispute is settled, the admin's score is the result and each team's report stays as reported. A group result changes the group's
 * standings; a playoff result re-routes the bracket like a tournament overwrite (downstream matches whose teams
 * change re-open). Team and player records and KR are not touched (spec: admins correct those in the portal).
 */
export async function setSeasonMatchResult(db: Db, input: { matchId: number; scores: ScoreBody; actor: AuditActor }): Promise<void> {
  const invalid = resultError(input.scores);
  if (invalid) throw badRequest(invalid);
  await db.transaction(async (tx) => {
    const { season, row } = await lockMatch(tx, input.matchId);
    refuse(staffResultBlocker(factsOf(season, row)), row);
    await recordAudit(tx, {
      actorId: input.actor.id,
      action: 'MATCH_RESULT_SET',
      target: auditTargets.match(row.id, `${season.name}, ${row.matchType === 'GROUP_STAGE' ? 'group' : 'playoff'} match ${row.matchNumber ?? row.id}`),
      before: { result: row.winningTeam === null ? null : resultText(row.teamAScoreA, row.teamAScoreB) },
      after: { result: resultText(input.scores.entryAScore, input.scores.entryBScore) },
    });
    const winningTeam = winningTeamOf(input.scores);
    const { entryAScore: a, entryBScore: b } = input.scores;
    // The result is the staff's; each team's report stays as it was reported (the match page shows both).
    const result = { scoreA: a, scoreB: b, dispute: false, updatedAt: Date.now() };
    if (row.matchType === 'GROUP_STAGE') {
      await tx.update(seasonMatches).set({ ...result, winningTeam, recordsCounted: true }).where(eq(seasonMatches.id, row.id));
      await recountGroup(tx, row.groupId as number);
      return void (await announceSeasonMatch(tx, season, row, 'staff'));
    }
    const loaded = await loadDivisionBracket(tx, row.divisionId);
    if (!loaded) throw conflict(MATCH_ERRORS.waiting);
    const after = await engine(() => overwriteResult(loaded.bracket, row.matchNumber as number, winningTeam === 'TeamA' ? 'A' : 'B'));
    await saveDivisionBracket(tx, loaded, after);
    await tx.update(seasonMatches).set(result).where(eq(seasonMatches.id, row.id));
    await completeSeason(tx, season);
    await announceSeasonMatch(tx, season, row, 'staff');
  });
}
