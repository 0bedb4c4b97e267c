import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { temporaryTeamMembers, temporaryTeams, tournamentEntries, tournamentMatches, tournaments, users } from '../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors';
import { BracketError } from '../../src/domain/bracket/BracketError';
import { overwriteResult } from '../../src/domain/bracket/overwriteResult';
import { recordResult } from '../../src/domain/bracket/recordResult';
import type { Side } from '../../src/domain/bracket/types';
import { MATCH_ERRORS, TOURNAMENT_ERRORS } from '../../src/domain/messages';
import type { MatchEntriesPatch, ScoreBody, TournamentMatch } from '../../src/api/contract/tournament';
import type { TeamMember } from '../../src/api/contract/team';
import { temporaryTeamMemberColumns, toTeamMember } from './tournamentView';
import {
  loadBracket,
  lockTournament,
  reassignSeeds,
  saveBracket,
  settleTournament,
  type LoadedBracket,
  type MatchRow,
  type RowState,
  type TournamentRow,
} from './brackets';

type Conn = Db | Tx;

// ---------------------------------------------------------------------------------------------------------------
// Views

interface EntryInfo {
  id: number;
  userId: number | null;
  teamId: number | null;
  definedName: string | null;
  discordName: string | null;
  picture: string | null;
}
interface TeamInfo {
  id: number;
  name: string;
  logoUrl: string | null;
  users: TeamMember[];
}

/** Everything needed to name the sides of `rows`: a fixed handful of queries, whatever the bracket size. */
async function sideData(conn: Conn, tournamentId: number, rows: MatchRow[], all: boolean) {
  const wanted = all ? undefined : [...new Set(rows.flatMap((r) => [r.entryAId, r.entryBId]).filter((id): id is number => id !== null))];
  const entries = new Map<number, EntryInfo>();
  const teams = new Map<number, TeamInfo>();
  if (wanted && wanted.length === 0) return { entries, teams };
  const entryRows = await conn
    .select({
      id: tournamentEntries.id,
      userId: tournamentEntries.userId,
      teamId: tournamentEntries.temporaryTeamId,
      definedName: tournamentEntries.definedName,
      discordName: users.discordName,
      picture: users.picture,
    })
    .from(tournamentEntries)
    .leftJoin(users, eq(users.id, tournamentEntries.userId))
    .where(and(eq(tournamentEntries.tournamentId, tournamentId), wanted ? inArray(tournamentEntries.id, wanted) : undefined));
  for (const e of entryRows) entries.set(e.id, e);
  const teamIds = entryRows.flatMap((e) => (e.teamId === null ? [] : [e.teamId]));
  if (teamIds.length > 0) {
    const teamWhere = all ? eq(temporaryTeams.tournamentId, tournamentId) : inArray(temporaryTeams.id, teamIds);
    const [teamRows, memberRows] = await Promise.all([
      conn.select().from(temporaryTeams).where(teamWhere),
      conn
        .select(temporaryTeamMemberColumns)
        .from(temporaryTeamMembers)
        .innerJoin(users, eq(users.id, temporaryTeamMembers.userId))
        .where(
          all ? eq(temporaryTeamMembers.tournamentId, tournamentId) : inArray(temporaryTeamMembers.teamId, teamIds),
        )
        .orderBy(asc(temporaryTeamMembers.slot), asc(users.id)),
    ]);
    for (const t of teamRows) teams.set(t.id, { id: t.id, name: t.name, logoUrl: t.logoUrl, users: [] });
    for (const m of memberRows) teams.get(m.teamId)?.users.push(toTeamMember(m));
    for (const t of teams.values()) {
      t.users.sort((a, b) => (a.teamRole === b.teamRole ? 0 : a.teamRole === 'CAPTAIN' ? -1 : 1));
    }
  }
  return { entries, teams };
}

type TournamentSummary = NonNullable<TournamentMatch['tournament']>;

/** Contract matches for rows of one tournament, both sides resolved (player, team or predefined name). */
async function toMatches(
  conn: Conn,
  tournamentId: number,
  rows: MatchRow[],
  idByNumber: Map<number, number>,
  opts: { all: boolean; tournament?: TournamentSummary; viewerId?: number | null },
): Promise<TournamentMatch[]> {
  const { entries, teams } = await sideData(conn, tournamentId, rows, opts.all);
  const side = (entryId: number | null) => {
    const e = entryId === null ? undefined : entries.get(entryId);
    const team = e?.teamId != null ? (teams.get(e.teamId) ?? null) : null;
    const user = e?.userId != null && e.discordName !== null ? { id: e.userId, discordName: e.discordName, picture: e.picture } : null;
    const defined = e?.definedName ?? null;
    return { user, team, defined, name: team?.name ?? user?.discordName ?? defined ?? null, entry: e };
  };
  return rows.map((r) => {
    const a = side(r.entryAId);
    const b = side(r.entryBId);
    const sourceId = (kind: string, ref: number) => (kind === 'seed' ? null : (idByNumber.get(ref) ?? null));
    const sourceKind = (kind: string) => (kind === 'winner' || kind === 'loser' ? kind : null);
    const match: TournamentMatch = {
      id: r.id,
      matchNumber: r.matchNumber,
      roundName: r.roundName,
      tournamentId,
      dueByDate: r.dueByDate,
      entryASourceId: sourceId(r.sourceAKind, r.sourceARef),
      entryBSourceId: sourceId(r.sourceBKind, r.sourceBRef),
      entryAId: r.entryAId,
      entryBId: r.entryBId,
      userA: a.user,
      userB: b.user,
      teamA: a.team,
      teamB: b.team,
      definedEntryA: a.defined,
      definedEntryB: b.defined,
      entryAbye: r.entryABye,
      entryBbye: r.entryBBye,
      entryAScoreA: r.entryAScoreA,
      entryAScoreB: r.entryAScoreB,
      entryBScoreA: r.entryBScoreA,
      entryBScoreB: r.entryBScoreB,
      winningEntry: r.winningEntry as TournamentMatch['winningEntry'],
      // The Grand Finals are drawn with the winners bracket; only the losers track is "not winners".
      winnersBracket: r.track !== 'losers',
      track: r.track as TournamentMatch['track'],
      round: r.round,
      position: r.position,
      entryASourceKind: sourceKind(r.sourceAKind),
      entryBSourceKind: sourceKind(r.sourceBKind),
      live: r.live,
      dispute: r.dispute,
      scoreA: r.scoreA,
      scoreB: r.scoreB,
      entryAName: a.name,
      entryBName: b.name,
    };
    if (opts.tournament) match.tournament = opts.tournament;
    if (opts.viewerId !== undefined) {
      const plays = (s: ReturnType<typeof side>) =>
        !!opts.viewerId && (s.user?.id === opts.viewerId || !!s.team?.users.some((u) => u.id === opts.viewerId));
      match.viewerSide = plays(a) ? 'A' : plays(b) ? 'B' : null;
    }
    return match;
  });
}

async function requireTournament(conn: Conn, tournamentId: number): Promise<TournamentRow> {
  const [t] = await conn.select().from(tournaments).where(eq(tournaments.id, tournamentId));
  if (!t) throw notFound(TOURNAMENT_ERRORS.notFound);
  return t;
}

/** GET /v1/tournament/{id}/match: every match of the bracket in play order (empty before the bracket exists). */
export async function listTournamentMatches(db: Db, tournamentId: number): Promise<TournamentMatch[]> {
  await requireTournament(db, tournamentId);
  const rows = await db
    .select()
    .from(tournamentMatches)
    .where(eq(tournamentMatches.tournamentId, tournamentId))
    .orderBy(asc(tournamentMatches.matchNumber));
  const idByNumber = new Map(rows.map((r) => [r.matchNumber, r.id]));
  return toMatches(db, tournamentId, rows, idByNumber, { all: true });
}

/** GET /v1/tournament/{id}/match/{matchId}: one match with its tournament and the viewer's side. */
export async function getTournamentMatch(
  conn: Conn,
  tournamentId: number,
  matchId: number,
  viewerId: number | null,
): Promise<TournamentMatch> {
  const t = await requireTournament(conn, tournamentId);
  const [row] = await conn
    .select()
    .from(tournamentMatches)
    .where(and(eq(tournamentMatches.id, matchId), eq(tournamentMatches.tournamentId, tournamentId)));
  if (!row) throw notFound(MATCH_ERRORS.notFound);
  const sources = [row.sourceAKind === 'seed' ? null : row.sourceARef, row.sourceBKind === 'seed' ? null : row.sourceBRef].filter(
    (n): n is number => n !== null,
  );
  const sourceRows =
    sources.length === 0
      ? []
      : await conn
          .select({ id: tournamentMatches.id, number: tournamentMatches.matchNumber })
          .from(tournamentMatches)
          .where(and(eq(tournamentMatches.tournamentId, tournamentId), inArray(tournamentMatches.matchNumber, sources)));
  const idByNumber = new Map(sourceRows.map((r) => [r.number, r.id]));
  const tournament = {
    id: t.id,
    title: t.title,
    status: t.status,
    allowScoreSubmission: t.allowScoreSubmission,
    tournamentType: t.tournamentType,
    teamLimit: t.teamLimit,
  };
  const [match] = await toMatches(conn, tournamentId, [row], idByNumber, { all: false, tournament, viewerId });
  return match;
}

// ---------------------------------------------------------------------------------------------------------------
// Rules shared by the writes

async function lockMatch(tx: Tx, tournamentId: number, matchId: number): Promise<MatchRow> {
  const [row] = await tx
    .select()
    .from(tournamentMatches)
    .where(and(eq(tournamentMatches.id, matchId), eq(tournamentMatches.tournamentId, tournamentId)))
    .for('update');
  if (!row) throw notFound(MATCH_ERRORS.notFound);
  return row;
}

/** Refuses a match that cannot take a result: void GF2, a bye, unknown entrants. */
function assertPlayable(row: MatchRow): void {
  if (!row.live) throw conflict(MATCH_ERRORS.notNeeded);
  if (row.entryABye || row.entryBBye) throw conflict(MATCH_ERRORS.bye);
  if (row.entryAId === null || row.entryBId === null) throw conflict(MATCH_ERRORS.waiting);
}

const BRACKET_STATUS: Record<BracketError['code'], number> = {
  'no-such-match': 404,
  'bad-side': 400,
  void: 409,
  decided: 409,
  'not-ready': 409,
};

/** Runs an engine operation, answering its refusals with an honest status. */
function engine<T>(operation: () => T): T {
  try {
    return operation();
  } catch (error) {
    if (error instanceof BracketError) throw new HttpError(BRACKET_STATUS[error.code], error.message);
    throw error;
  }
}

async function requireBracket(tx: Tx, tournamentId: number): Promise<LoadedBracket> {
  const loaded = await loadBracket(tx, tournamentId);
  if (!loaded) throw conflict(MATCH_ERRORS.noBracket);
  return loaded;
}

const winnerOf = (scores: ScoreBody): Side => (scores.entryAScore > scores.entryBScore ? 'A' : 'B');

/**
 * The win and the loss of an agreed result on the players' records: a solo entry's user, or a temporary team and
 * each of its members. Predefined names have no record. Runs once per decided match (see `recordsCounted`).
 */
async function countRecords(tx: Tx, winnerEntryId: number, loserEntryId: number): Promise<void> {
  for (const [entryId, column] of [
    [winnerEntryId, 'wins'],
    [loserEntryId, 'losses'],
  ] as const) {
    const col = sql.identifier(column);
    await tx.execute(sql`
      update ${users} set ${col} = ${col} + 1
      where ${users.id} in (
        select e.user_id from ${tournamentEntries} e where e.id = ${entryId} and e.user_id is not null
        union
        select m.user_id from ${temporaryTeamMembers} m join ${tournamentEntries} e on e.temporary_team_id = m.team_id
        where e.id = ${entryId}
      )`);
    await tx.execute(sql`
      update ${temporaryTeams} set ${col} = ${col} + 1
      where ${temporaryTeams.id} = (select e.temporary_team_id from ${tournamentEntries} e where e.id = ${entryId})`);
  }
}

/** Which side of `row` the user plays on: the solo player, or any member of the temporary team. */
async function sideOfUser(tx: Tx, row: MatchRow, userId: number): Promise<Side | null> {
  const ids = [row.entryAId, row.entryBId].filter((id): id is number => id !== null);
  const entryRows = await tx
    .select({ id: tournamentEntries.id, userId: tournamentEntries.userId, teamId: tournamentEntries.temporaryTeamId })
    .from(tournamentEntries)
    .where(inArray(tournamentEntries.id, ids));
  const teamIds = entryRows.flatMap((e) => (e.teamId === null ? [] : [e.teamId]));
  const memberOf =
    teamIds.length === 0
      ? new Set<number>()
      : new Set(
          (
            await tx
              .select({ teamId: temporaryTeamMembers.teamId })
              .from(temporaryTeamMembers)
              .where(and(eq(temporaryTeamMembers.userId, userId), inArray(temporaryTeamMembers.teamId, teamIds)))
          ).map((m) => m.teamId),
        );
  const plays = (entryId: number | null) => {
    const e = entryRows.find((x) => x.id === entryId);
    return !!e && (e.userId === userId || (e.teamId !== null && memberOf.has(e.teamId)));
  };
  if (plays(row.entryAId)) return 'A';
  if (plays(row.entryBId)) return 'B';
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Player reports

/**
 * A player's report of a match's score (double entry). Each side reports once; when both reports agree on a
 * winner the result stands and the bracket moves both entries on, otherwise the match is disputed.
 * The tournament row is locked first, then the match row, so simultaneous reports of both sides run one after
 * the other and the second one sees the first.
 */
export async function submitScore(
  db: Db,
  input: { tournamentId: number; matchId: number; userId: number; scores: ScoreBody },
): Promise<void> {
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, input.tournamentId);
    const row = await lockMatch(tx, input.tournamentId, input.matchId);
    if (t.status !== 'ACTIVE') throw conflict(MATCH_ERRORS.notActive);
    if (!t.allowScoreSubmission) throw conflict(MATCH_ERRORS.submissionClosed);
    assertPlayable(row);
    if (row.winningEntry !== '') throw conflict(MATCH_ERRORS.decided);
    const side = await sideOfUser(tx, row, input.userId);
    if (!side) throw forbidden(MATCH_ERRORS.notPlayer);
    const reported = side === 'A' ? row.entryAScoreA !== null : row.entryBScoreA !== null;
    if (reported) throw conflict(MATCH_ERRORS.alreadyReported);

    const { entryAScore, entryBScore } = input.scores;
    const report: Partial<RowState> =
      side === 'A' ? { entryAScoreA: entryAScore, entryAScoreB: entryBScore } : { entryBScoreA: entryAScore, entryBScoreB: entryBScore };
    const next = { ...row, ...report };
    if (next.entryAScoreA === null || next.entryBScoreA === null) {
      await tx.update(tournamentMatches).set({ ...report, updatedAt: Date.now() }).where(eq(tournamentMatches.id, row.id));
      return;
    }
    const agree =
      next.entryAScoreA === next.entryBScoreA && next.entryAScoreB === next.entryBScoreB && next.entryAScoreA !== next.entryAScoreB;
    if (!agree) {
      await tx
        .update(tournamentMatches)
        .set({ ...report, dispute: true, updatedAt: Date.now() })
        .where(eq(tournamentMatches.id, row.id));
      return;
    }
    const scores = { entryAScore: next.entryAScoreA, entryBScore: next.entryAScoreB as number };
    const winner = winnerOf(scores);
    const loaded = await requireBracket(tx, input.tournamentId);
    const after = engine(() => recordResult(loaded.bracket, row.matchNumber, winner));
    await saveBracket(
      tx,
      loaded,
      after,
      new Map([[row.matchNumber, { ...report, scoreA: scores.entryAScore, scoreB: scores.entryBScore, dispute: false, recordsCounted: true }]]),
    );
    const [winnerId, loserId] = winner === 'A' ? [row.entryAId!, row.entryBId!] : [row.entryBId!, row.entryAId!];
    await countRecords(tx, winnerId, loserId);
    await settleTournament(tx, t, loaded, after);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Admin result

/**
 * SUBMIT SCORE (ADMIN) / OVERWRITE SCORE (ADMIN): sets the result of any match whose two entrants are known,
 * decided or not. The bracket re-routes (downstream matches whose entrants change are re-opened, their scores
 * cleared); the dispute is resolved. Players' and teams' win/loss records are not touched (spec: admins correct
 * those in the admin portal); the tournament's entry standings follow the bracket.
 */
export async function setMatchResult(db: Db, input: { tournamentId: number; matchId: number; scores: ScoreBody }): Promise<void> {
  if (input.scores.entryAScore === input.scores.entryBScore) throw badRequest(MATCH_ERRORS.draw);
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, input.tournamentId);
    const row = await lockMatch(tx, input.tournamentId, input.matchId);
    if (t.status !== 'ACTIVE' && t.status !== 'COMPLETED') throw conflict(MATCH_ERRORS.resultNotActive);
    assertPlayable(row);
    const loaded = await requireBracket(tx, input.tournamentId);
    const after = engine(() => overwriteResult(loaded.bracket, row.matchNumber, winnerOf(input.scores)));
    await saveBracket(
      tx,
      loaded,
      after,
      new Map([
        [
          row.matchNumber,
          {
            scoreA: input.scores.entryAScore,
            scoreB: input.scores.entryBScore,
            dispute: false,
            recordsCounted: row.recordsCounted,
          },
        ],
      ]),
    );
    await settleTournament(tx, t, loaded, after);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Admin change of entries

type Target = { kind: 'entry' | 'user' | 'team'; id: number } | { kind: 'defined'; name: string };

/** The entry asked for each side: entryXId, userXId, teamXId or definedEntryX (one per side; nulls mean "not this one"). */
function requestedSides(patch: MatchEntriesPatch): Partial<Record<Side, Target>> {
  const sides: Partial<Record<Side, Target>> = {};
  for (const side of ['A', 'B'] as const) {
    const options: Target[] = [];
    const entryId = patch[`entry${side}Id`];
    const userId = patch[`user${side}Id`];
    const teamId = patch[`team${side}Id`];
    const defined = patch[`definedEntry${side}`];
    if (entryId != null) options.push({ kind: 'entry', id: entryId });
    if (userId != null) options.push({ kind: 'user', id: userId });
    if (teamId != null) options.push({ kind: 'team', id: teamId });
    if (defined != null && defined.trim() !== '') options.push({ kind: 'defined', name: defined.trim() });
    if (options.length > 1) throw badRequest(MATCH_ERRORS.entriesOnePerSide);
    if (options.length === 1) sides[side] = options[0];
  }
  if (!sides.A && !sides.B) throw badRequest(MATCH_ERRORS.entriesNothing);
  return sides;
}

/** The entry of this tournament a target names; a predefined name of the tournament not yet materialised gets its entry now. */
async function resolveTarget(tx: Tx, t: TournamentRow, target: Target): Promise<number> {
  const column =
    target.kind === 'defined'
      ? eq(tournamentEntries.definedName, target.name)
      : eq({ entry: tournamentEntries.id, user: tournamentEntries.userId, team: tournamentEntries.temporaryTeamId }[target.kind], target.id);
  const [entry] = await tx
    .select({ id: tournamentEntries.id })
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.refunded, false), column))
    .orderBy(asc(tournamentEntries.id))
    .limit(1);
  if (entry) return entry.id;
  if (target.kind === 'defined') {
    const names = [...t.definedEntries.definedUsers, ...t.definedEntries.definedTeams].map((e) => e.name.trim());
    if (names.includes(target.name)) {
      const [created] = await tx
        .insert(tournamentEntries)
        .values({ tournamentId: t.id, definedName: target.name })
        .returning({ id: tournamentEntries.id });
      return created.id;
    }
  }
  throw badRequest(MATCH_ERRORS.entryNotInTournament);
}

/**
 * PATCH (admin): puts other entries of this tournament into an undecided round-1 match. Later slots are filled by
 * results, so they are changed by overwriting the result that fills them (the engine stays consistent).
 */
export async function changeMatchEntries(
  db: Db,
  input: { tournamentId: number; matchId: number; patch: MatchEntriesPatch },
): Promise<void> {
  const sides = requestedSides(input.patch);
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, input.tournamentId);
    const row = await lockMatch(tx, input.tournamentId, input.matchId);
    if (t.status !== 'ACTIVE' && t.status !== 'CLOSED') throw conflict(MATCH_ERRORS.entriesNotActive);
    if (!row.live) throw conflict(MATCH_ERRORS.notNeeded);
    if (row.winningEntry !== '' || (row.entryABye && row.entryBBye)) throw conflict(MATCH_ERRORS.entriesDecided);
    const loaded = await requireBracket(tx, input.tournamentId);
    const changes: { seed: number; entryId: number }[] = [];
    for (const side of ['A', 'B'] as const) {
      const target = sides[side];
      if (!target) continue;
      const [kind, ref, bye] =
        side === 'A' ? [row.sourceAKind, row.sourceARef, row.entryABye] : [row.sourceBKind, row.sourceBRef, row.entryBBye];
      if (kind !== 'seed') throw conflict(MATCH_ERRORS.entriesNotSeeded(ref));
      if (bye) throw conflict(MATCH_ERRORS.bye);
      changes.push({ seed: ref, entryId: await resolveTarget(tx, t, target) });
    }
    if (changes.length === 2 && changes[0].entryId === changes[1].entryId) throw badRequest(MATCH_ERRORS.entriesSame);
    await reassignSeeds(tx, loaded, changes);
  });
}
