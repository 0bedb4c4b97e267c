import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { temporaryTeamMembers, temporaryTeams, tournamentEntries, tournamentMatches } from '../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors';
import { BracketError } from '../../src/domain/bracket/BracketError';
import { overwriteResult } from '../../src/domain/bracket/overwriteResult';
import { recordResult } from '../../src/domain/bracket/recordResult';
import type { Side } from '../../src/domain/bracket/types';
import {
  changeableSides,
  entriesChangeBlocker,
  reportBlocker,
  reportStateBlocker,
  resultError,
  staffResultBlocker,
  type MatchBlocker,
  type MatchFacts,
} from '../../src/domain/matchRules';
import { MATCH_ERRORS } from '../../src/domain/messages';
import type { MatchEntriesPatch, ScoreBody } from '../../src/api/contract/tournament';
import { lockTournament, type TournamentRow } from './tournamentStore';
import { loadBracket, saveBracket, type LoadedBracket, type MatchRow, type RowState } from './bracketStore';
import { reassignSeeds, settleTournament } from './brackets';
import { auditTargets, recordAudit, resultText, type AuditActor } from './auditLog';
import { announceTournamentMatches } from './announcements';
import { addToRecords } from './userWrites';

/* Match result commands: a player's report, the staff result, and the staff change of a match's entries. */

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

/** The facts the shared match rules read (src/domain/matchRules.ts), from the locked rows. */
function factsOf(t: TournamentRow, row: MatchRow): MatchFacts {
  return {
    tournamentStatus: t.status,
    allowScoreSubmission: t.allowScoreSubmission,
    live: row.live,
    byeA: row.entryABye,
    byeB: row.entryBBye,
    entryAId: row.entryAId,
    entryBId: row.entryBId,
    decided: row.winningEntry !== '',
    reportedA: row.entryAScoreA !== null,
    reportedB: row.entryBScoreA !== null,
    seededA: row.sourceAKind === 'seed',
    seededB: row.sourceBKind === 'seed',
  };
}

/** A rule's refusal as an answer: 403 for someone who does not play the match, 409 for the match's state. */
function refuse(blocker: MatchBlocker | null): void {
  if (blocker === 'notPlayer') throw forbidden(MATCH_ERRORS.notPlayer);
  if (blocker) throw conflict(MATCH_ERRORS[blocker]);
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
export async function countRecords(tx: Tx, winnerEntryId: number, loserEntryId: number): Promise<void> {
  for (const [entryId, column] of [
    [winnerEntryId, 'wins'],
    [loserEntryId, 'losses'],
  ] as const) {
    const col = sql.identifier(column);
    await addToRecords(tx, column, {
      userIds: sql`
        select e.user_id from ${tournamentEntries} e where e.id = ${entryId} and e.user_id is not null
        union
        select m.user_id from ${temporaryTeamMembers} m join ${tournamentEntries} e on e.temporary_team_id = m.team_id
        where e.id = ${entryId}`,
    });
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
    const facts = factsOf(t, row);
    refuse(reportStateBlocker(facts));
    const side = await sideOfUser(tx, row, input.userId);
    refuse(reportBlocker(facts, side));

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
      await announceTournamentMatches(tx, t, [row.id], 'players');
      return;
    }
    const scores = { entryAScore: next.entryAScoreA, entryBScore: next.entryAScoreB as number };
    const winner = winnerOf(scores);
    const loaded = await requireBracket(tx, input.tournamentId);
    const after = engine(() => recordResult(loaded.bracket, row.matchNumber, winner));
    const written = await saveBracket(
      tx,
      loaded,
      after,
      new Map([[row.matchNumber, { ...report, scoreA: scores.entryAScore, scoreB: scores.entryBScore, dispute: false, recordsCounted: true }]]),
    );
    const [winnerId, loserId] = winner === 'A' ? [row.entryAId!, row.entryBId!] : [row.entryBId!, row.entryAId!];
    await countRecords(tx, winnerId, loserId);
    const settled = await settleTournament(tx, t, loaded, after);
    await announceTournamentMatches(tx, settled, written.map((n) => loaded.rows[n - 1].id), 'players');
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
export async function setMatchResult(db: Db, input: { tournamentId: number; matchId: number; scores: ScoreBody; actor: AuditActor }): Promise<void> {
  const invalid = resultError(input.scores);
  if (invalid) throw badRequest(invalid);
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, input.tournamentId);
    const row = await lockMatch(tx, input.tournamentId, input.matchId);
    refuse(staffResultBlocker(factsOf(t, row)));
    const loaded = await requireBracket(tx, input.tournamentId);
    const after = engine(() => overwriteResult(loaded.bracket, row.matchNumber, winnerOf(input.scores)));
    const written = await saveBracket(
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
    const settled = await settleTournament(tx, t, loaded, after);
    await recordAudit(tx, {
      actorId: input.actor.id,
      action: 'MATCH_RESULT_SET',
      target: auditTargets.match(row.id, `${t.title}, match ${row.matchNumber}`),
      before: { result: row.winningEntry === '' ? null : resultText(row.entryAScoreA, row.entryAScoreB) },
      after: { result: resultText(input.scores.entryAScore, input.scores.entryBScore) },
    });
    await announceTournamentMatches(tx, settled, written.map((n) => loaded.rows[n - 1].id), 'staff');
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
  input: { tournamentId: number; matchId: number; patch: MatchEntriesPatch; actor: AuditActor },
): Promise<void> {
  const sides = requestedSides(input.patch);
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, input.tournamentId);
    const row = await lockMatch(tx, input.tournamentId, input.matchId);
    const facts = factsOf(t, row);
    refuse(entriesChangeBlocker(facts));
    const changeable = changeableSides(facts);
    const loaded = await requireBracket(tx, input.tournamentId);
    const changes: { seed: number; entryId: number }[] = [];
    const moved: Record<string, number> = {};
    for (const side of ['A', 'B'] as const) {
      const target = sides[side];
      if (!target) continue;
      const [kind, ref] = side === 'A' ? [row.sourceAKind, row.sourceARef] : [row.sourceBKind, row.sourceBRef];
      if (kind !== 'seed') throw conflict(MATCH_ERRORS.entriesNotSeeded(ref));
      if (!changeable.includes(side)) throw conflict(MATCH_ERRORS.bye);
      changes.push({ seed: ref, entryId: await resolveTarget(tx, t, target) });
      moved[side === 'A' ? 'entryA' : 'entryB'] = changes[changes.length - 1].entryId;
    }
    if (changes.length === 2 && changes[0].entryId === changes[1].entryId) throw badRequest(MATCH_ERRORS.entriesSame);
    await reassignSeeds(tx, loaded, changes);
    await recordAudit(tx, {
      actorId: input.actor.id,
      action: 'MATCH_ENTRIES_CHANGED',
      target: auditTargets.match(row.id, `${t.title}, match ${row.matchNumber}`),
      before: { entryA: row.entryAId, entryB: row.entryBId },
      after: moved,
    });
  });
}
