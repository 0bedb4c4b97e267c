import { and, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { temporaryTeamMembers, temporaryTeams, tournamentEntries, tournamentMatches, tournaments, users } from '../db/schema';
import { conflict } from '../http/errors';
import { generateBracket } from '../../src/domain/bracket/generateBracket';
import { diffBrackets } from '../../src/domain/bracket/diffBrackets';
import { resetBracket } from '../../src/domain/bracket/resetBracket';
import { champion } from '../../src/domain/bracket/placements';
import type { Bracket, SlotSource } from '../../src/domain/bracket/types';
import { teamSize } from '../../src/domain/tournamentRules';
import { MATCH_ERRORS } from '../../src/domain/messages';
import { assertTournamentTransition } from '../../machines/rules/tournamentMachine';
import { lockTournament, type TournamentRow } from './tournamentStore';
import { auditTargets, recordAudit, type AuditActor } from './auditLog';
import {
  chunks,
  CLEARED_RESULT,
  loadBracket,
  nextRowState,
  nowMs,
  refreshEntryRecords,
  readInTurns,
  ROWS_PER_WRITE,
  yieldTurn,
  winningEntryOf,
  writeRowStates,
  type LoadedBracket,
  type RowState,
} from './bracketStore';

/*
 * Stored brackets. A tournament's bracket is its `tournament_matches` rows (one per engine match, same
 * numbering) plus the seeding: `tournament_entries.seed` maps the engine's entrant index i to the entry
 * seeded i + 1. Every change loads the rows into an engine `Bracket`, applies a pure engine operation and
 * writes back only the rows `diffBrackets` reports, inside the caller's transaction.
 */

type Conn = Db | Tx;

export async function tournamentHasBracket(conn: Conn, tournamentId: number): Promise<boolean> {
  const [row] = await conn
    .select({ id: tournamentMatches.id })
    .from(tournamentMatches)
    .where(eq(tournamentMatches.tournamentId, tournamentId))
    .limit(1);
  return !!row;
}

// ---------------------------------------------------------------------------------------------------------------
// Generation

/** Who goes into the bracket, strongest first: a stored entry, or a predefined name still to materialise. */
type Candidate = { kind: 'entry'; entryId: number } | { kind: 'defined'; name: string };

const candidateKey = (c: Candidate) => (c.kind === 'entry' ? `e:${c.entryId}` : `d:${c.name}`);

/** The stored entries a start seeds: not refunded, not a predefined name, and of the tournament's kind (team or player). */
function candidateEntries(t: TournamentRow): SQL {
  return and(
    eq(tournamentEntries.tournamentId, t.id),
    eq(tournamentEntries.refunded, false),
    isNull(tournamentEntries.definedName),
    teamSize(t) > 1 ? isNotNull(tournamentEntries.temporaryTeamId) : isNotNull(tournamentEntries.userId),
  )!;
}

/**
 * Whether an entry (a `tournament_entries` row) plays in the bracket: the maps screen's "playing" flag
 * (seasons-and-admin §3). Once the bracket exists, the entries it seeded; before, those a start would seed
 * (`candidateEntries`). A SWITCHEROO player plays through the team they are paired into: seated in one, and once the
 * bracket exists, in one it seeded.
 */
export function playingCondition(t: TournamentRow, hasBracket: boolean): SQL {
  const seeded = hasBracket ? sql`join ${tournamentEntries} te on te.temporary_team_id = tm.team_id and te.seed is not null` : sql``;
  const seated = sql`exists (select 1 from ${temporaryTeamMembers} tm ${seeded}
    where tm.tournament_id = ${t.id} and tm.user_id = ${tournamentEntries.userId})`;
  const pairedPlayer =
    t.tournamentType === 'SWITCHEROO' ? and(isNotNull(tournamentEntries.userId), eq(tournamentEntries.refunded, false), seated) : undefined;
  return or(hasBracket ? isNotNull(tournamentEntries.seed) : candidateEntries(t), pairedPlayer)!;
}

/**
 * The entrants of a tournament in seed order.
 * - Single-player tournaments: the user entries, by katanaRank (highest first).
 * - Team tournaments and SWITCHEROO: the temporary-team entries, by their members' average katanaRank
 *   (SWITCHEROO teams formed by the pairing screen get their entry row here if they lack one).
 * - Ties by sign-up order; then the predefined names (definedUsers, then definedTeams) in list order.
 */
async function bracketCandidates(tx: Tx, t: TournamentRow): Promise<Candidate[]> {
  const teamBased = teamSize(t) > 1;
  if (t.tournamentType === 'SWITCHEROO') {
    const teams = await tx
      .selectDistinct({ id: temporaryTeams.id })
      .from(temporaryTeams)
      .innerJoin(temporaryTeamMembers, eq(temporaryTeamMembers.teamId, temporaryTeams.id))
      .where(eq(temporaryTeams.tournamentId, t.id));
    if (teams.length > 0) {
      await tx
        .insert(tournamentEntries)
        .values(teams.map((team) => ({ tournamentId: t.id, temporaryTeamId: team.id })))
        .onConflictDoNothing();
    }
  }
  const strength = teamBased
    ? sql<number>`coalesce((select avg(u.katana_rank) from ${temporaryTeamMembers} tm join ${users} u on u.id = tm.user_id where tm.team_id = ${tournamentEntries}.temporary_team_id), 0)::float8`
    : sql<number>`coalesce((select u.katana_rank from ${users} u where u.id = ${tournamentEntries}.user_id), 0)::float8`;
  // Read in batches and sorted here (strongest first, then sign-up order): 4,096 strengths in one statement stall.
  const real = await readInTurns<{ id: number; strength: number; createdAt: number }>(
    tx,
    'bracket_candidates',
    sql`select ${tournamentEntries.id} as id, ${strength} as strength, ${tournamentEntries.createdAt}::float8 as "createdAt"
      from ${tournamentEntries}
      where ${candidateEntries(t)}`,
  );
  real.sort((a, b) => b.strength - a.strength || a.createdAt - b.createdAt || a.id - b.id);
  const defined = [
    ...t.definedEntries.definedUsers.map((u) => u.name),
    ...t.definedEntries.definedTeams.map((team) => team.name),
  ]
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  return [
    ...real.map((r): Candidate => ({ kind: 'entry', entryId: r.id })),
    ...defined.map((name): Candidate => ({ kind: 'defined', name })),
  ];
}

function sourceColumns(source: SlotSource) {
  return source.kind === 'seed'
    ? { kind: 'seed', ref: source.seed }
    : { kind: source.kind, ref: source.match };
}

/**
 * Seeds the tournament's entries and stores its double-elimination bracket (byes already advanced).
 * An existing bracket is kept when its entrants are still exactly the tournament's entrants (an admin who
 * closes and restarts an ACTIVE tournament keeps its results); otherwise it is replaced. Returns the new bracket, or
 * null when the stored one was kept.
 * @throws 404 when the tournament does not exist; 409 with fewer than 2 entrants.
 */
export async function generateTournamentBracket(tx: Tx, tournamentId: number): Promise<Bracket | null> {
  // Locked (and its bracket version bumped) here too, so no caller can store a bracket the cached read would miss.
  const t = await lockTournament(tx, tournamentId);
  await yieldTurn();
  const candidates = await bracketCandidates(tx, t);
  await yieldTurn();
  if (candidates.length < 2) {
    const unpaired = t.tournamentType === 'SWITCHEROO' && candidates.every((c) => c.kind === 'defined');
    throw conflict(unpaired && candidates.length === 0 ? MATCH_ERRORS.switcherooNotPaired : MATCH_ERRORS.notEnoughEntries);
  }

  if (await tournamentHasBracket(tx, tournamentId)) {
    const seeded = await tx
      .select({ id: tournamentEntries.id, definedName: tournamentEntries.definedName })
      .from(tournamentEntries)
      .where(and(eq(tournamentEntries.tournamentId, tournamentId), isNotNull(tournamentEntries.seed)));
    const current = seeded.map((e) => (e.definedName !== null ? `d:${e.definedName}` : `e:${e.id}`)).sort();
    const wanted = candidates.map(candidateKey).sort();
    if (current.length === wanted.length && current.every((key, i) => key === wanted[i])) return null;
    await tx.delete(tournamentMatches).where(eq(tournamentMatches.tournamentId, tournamentId));
  }
  await tx
    .delete(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, tournamentId), isNotNull(tournamentEntries.definedName)));
  await yieldTurn();

  // Materialise the predefined names as entries, in order, seeded as they are inserted (they come last).
  const realCount = candidates.filter((c) => c.kind === 'entry').length;
  const definedNames = candidates.flatMap((c) => (c.kind === 'defined' ? [c.name] : []));
  const definedIds: number[] = [];
  for (const part of chunks(definedNames.map((definedName, i) => ({ tournamentId, definedName, seed: realCount + i + 1 })))) {
    const rows = await tx.insert(tournamentEntries).values(part).returning({ id: tournamentEntries.id, seed: tournamentEntries.seed });
    for (const r of rows) definedIds[(r.seed as number) - realCount - 1] = r.id;
    await yieldTurn();
  }
  const seededIds = candidates.map((c, i) => (c.kind === 'entry' ? c.entryId : definedIds[i - realCount]));
  await seedEntries(tx, tournamentId, seededIds.slice(0, realCount));

  const bracket = generateBracket(seededIds.length);
  await yieldTurn();
  await insertMatches(tx, t, bracket, seededIds);
  return bracket;
}

/**
 * Seeds the real entries (`ids[i]` gets seed i + 1) and clears the seed and record of every other entry. The new
 * seeds go in as one JSON value per statement, not a bound parameter per value: building and binding thousands of
 * parameters cost more event-loop time than the database's own work.
 */
async function seedEntries(tx: Tx, tournamentId: number, ids: number[]): Promise<void> {
  // Only rows that hold a seed or a record need clearing (none on a first start), and each is written once.
  await tx.execute(sql`
    update ${tournamentEntries} set seed = null, wins = 0, losses = 0
    where ${tournamentEntries.tournamentId} = ${tournamentId}
      and (${tournamentEntries.seed} is not null or ${tournamentEntries.wins} <> 0 or ${tournamentEntries.losses} <> 0)
      and ${tournamentEntries.definedName} is null`);
  await yieldTurn();
  for (const part of chunks(ids.map((id, i) => ({ id, seed: i + 1 })), ROWS_PER_WRITE)) {
    await tx.execute(sql`
      update ${tournamentEntries} set seed = v.seed, wins = 0, losses = 0
      from json_to_recordset(${JSON.stringify(part)}::json) as v(id int, seed int)
      where ${tournamentEntries.id} = v.id`);
    await yieldTurn();
  }
}

/** Stores a generated bracket's matches, as `seedEntries` does: one JSON value per statement, a turn after each. */
async function insertMatches(tx: Tx, t: TournamentRow, bracket: Bracket, seededIds: number[]): Promise<void> {
  const entryId = (index: number | null) => (index === null ? null : seededIds[index]);
  const rows = bracket.matches.map((m) => {
    const a = sourceColumns(m.sourceA);
    const b = sourceColumns(m.sourceB);
    return {
      match_number: m.number,
      round_name: m.roundName,
      track: m.track,
      round: m.round,
      position: m.position,
      source_a_kind: a.kind,
      source_a_ref: a.ref,
      source_b_kind: b.kind,
      source_b_ref: b.ref,
      entry_a_id: entryId(m.entryA),
      entry_b_id: entryId(m.entryB),
      entry_a_bye: m.byeA,
      entry_b_bye: m.byeB,
      live: m.live,
      winning_entry: winningEntryOf(m.winner),
    };
  });
  for (const part of chunks(rows, ROWS_PER_WRITE)) {
    // Every match is due by the tournament's end date.
    await tx.execute(sql`
      insert into ${tournamentMatches} (tournament_id, due_by_date, match_number, round_name, track, round, position,
        source_a_kind, source_a_ref, source_b_kind, source_b_ref, entry_a_id, entry_b_id, entry_a_bye, entry_b_bye, live,
        winning_entry)
      select ${t.id}::int, ${t.endDate}::bigint, r.* from json_to_recordset(${JSON.stringify(part)}::json) as r(
        match_number int, round_name text, track text, round int, position int, source_a_kind text, source_a_ref int,
        source_b_kind text, source_b_ref int, entry_a_id int, entry_b_id int, entry_a_bye boolean, entry_b_bye boolean,
        live boolean, winning_entry text)`);
    await yieldTurn();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Outcome

/** What the hall of fame shows for an entry: the user id (solo), the temporary team id, or only a name. */
export async function describeEntry(conn: Conn, entryId: number): Promise<{ id: number | null; name: string }> {
  const [row] = await conn
    .select({
      userId: tournamentEntries.userId,
      teamId: tournamentEntries.temporaryTeamId,
      definedName: tournamentEntries.definedName,
      userName: users.discordName,
      teamName: temporaryTeams.name,
    })
    .from(tournamentEntries)
    .leftJoin(users, eq(users.id, tournamentEntries.userId))
    .leftJoin(temporaryTeams, eq(temporaryTeams.id, tournamentEntries.temporaryTeamId))
    .where(eq(tournamentEntries.id, entryId));
  if (!row) return { id: null, name: '???' };
  if (row.teamId !== null) return { id: row.teamId, name: row.teamName ?? '???' };
  if (row.userId !== null) return { id: row.userId, name: row.userName ?? '???' };
  return { id: null, name: row.definedName ?? '???' };
}

/**
 * Keeps the tournament in line with its bracket after a result: an ACTIVE tournament whose champion is now known
 * completes (through the lifecycle machine) and names its winner; a COMPLETED one follows a changed champion.
 * A COMPLETED tournament cannot lose its champion (the lifecycle has no way back to ACTIVE): 409.
 */
export async function settleTournament(tx: Tx, t: TournamentRow, loaded: LoadedBracket, after: Bracket): Promise<TournamentRow> {
  const index = champion(after);
  if (index === null) {
    if (t.status === 'COMPLETED') throw conflict(MATCH_ERRORS.wouldReopenCompleted);
    return t;
  }
  const entryId = loaded.entryIds[index];
  const winner = entryId === null ? { id: null, name: '???' } : await describeEntry(tx, entryId);
  const status = t.status === 'COMPLETED' ? t.status : assertTournamentTransition(t.status, 'tournament.complete');
  if (status === t.status && winner.id === t.winningEntryId && winner.name === t.winningEntryName) return t;
  const [row] = await tx
    .update(tournaments)
    .set({ status, winningEntryId: winner.id, winningEntryName: winner.name })
    .where(eq(tournaments.id, t.id))
    .returning();
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// Reset

/**
 * Clears every result and reported score of the tournament's bracket: round 1 is back with its byes advanced,
 * and every entry's tournament wins and losses are 0. The caller checks the tournament's status and locks it.
 * @throws 409 when the tournament has no bracket.
 */
export async function resetTournamentBracket(tx: Tx, tournamentId: number): Promise<void> {
  const loaded = await loadBracket(tx, tournamentId);
  if (!loaded) throw conflict(MATCH_ERRORS.noBracket);
  await tx
    .update(tournamentMatches)
    .set({ ...CLEARED_RESULT, updatedAt: nowMs })
    .where(eq(tournamentMatches.tournamentId, tournamentId));
  const cleared = loaded.rows.map((r) => ({ ...r, ...CLEARED_RESULT }));
  const after = resetBracket(loaded.bracket);
  const numbers = diffBrackets(loaded.bracket, after);
  await writeRowStates(
    tx,
    numbers.map((n) => ({ id: cleared[n - 1].id, state: nextRowState(cleared[n - 1], after.matches[n - 1], loaded.entryIds) })),
  );
  await refreshEntryRecords(tx, tournamentId, 'all');
}

// ---------------------------------------------------------------------------------------------------------------
// Changing the entries of a match (admin)

/**
 * Puts other entries into round-1 slots by re-seeding: the entrant index of a slot keeps its place in the engine's
 * bracket and only its entry changes. An entry that already holds a seed swaps places with the slot's entry (its
 * own round-1 match must be undecided); an entry without a seed takes the slot and the entry it replaces leaves
 * the bracket. Rows whose entries change are re-opened (reported scores cleared).
 * @throws 409 when a swapped entry's round-1 match is decided.
 */
export async function reassignSeeds(tx: Tx, loaded: LoadedBracket, changes: { seed: number; entryId: number }[]): Promise<void> {
  const ids = loaded.entryIds.slice();
  const roundOneOf = (index: number) =>
    loaded.bracket.matches.find(
      (m) =>
        m.track === 'winners' &&
        m.round === 0 &&
        ((m.sourceA.kind === 'seed' && m.sourceA.seed === index + 1) || (m.sourceB.kind === 'seed' && m.sourceB.seed === index + 1)),
    );
  for (const { seed, entryId } of changes) {
    const index = seed - 1;
    if (ids[index] === entryId) continue;
    const other = ids.indexOf(entryId);
    if (other >= 0) {
      const match = roundOneOf(other);
      if (match && match.winner !== null) throw conflict(MATCH_ERRORS.entryPlaying(match.number));
      [ids[index], ids[other]] = [ids[other], ids[index]];
    } else {
      ids[index] = entryId;
    }
  }
  const changed = new Set<number>();
  ids.forEach((id, i) => {
    if (id !== loaded.entryIds[i]) changed.add(i);
  });
  if (changed.size === 0) return;
  const kept = new Set(ids);
  const dropped = loaded.entryIds.filter((id): id is number => id !== null && !kept.has(id));
  if (dropped.length > 0) {
    await tx.update(tournamentEntries).set({ seed: null }).where(inArray(tournamentEntries.id, dropped));
  }
  for (const i of changed) {
    await tx.update(tournamentEntries).set({ seed: i + 1 }).where(eq(tournamentEntries.id, ids[i] as number));
  }
  const states: { id: number; state: RowState }[] = [];
  loaded.bracket.matches.forEach((m, n) => {
    if ((m.entryA !== null && changed.has(m.entryA)) || (m.entryB !== null && changed.has(m.entryB))) {
      states.push({ id: loaded.rows[n].id, state: nextRowState(loaded.rows[n], m, ids) });
    }
  });
  await writeRowStates(tx, states);
  const touched = [...changed].flatMap((i) => [loaded.entryIds[i], ids[i]]).filter((id): id is number => id !== null);
  await refreshEntryRecords(tx, loaded.tournamentId, touched);
}

/**
 * POST /v1/tournament/{id}/reset: the whole bracket back to round 1, in one transaction. A COMPLETED tournament
 * keeps its bracket: the lifecycle has no way back to ACTIVE and its champion is in the hall of fame.
 */
export async function resetTournament(db: Db, tournamentId: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    if (t.status === 'COMPLETED') throw conflict(MATCH_ERRORS.resetCompleted);
    await resetTournamentBracket(tx, tournamentId);
    await recordAudit(tx, { actorId: actor.id, action: 'BRACKET_RESET', target: auditTargets.tournament(t), before: {}, after: { bracket: 'reset' } });
  });
}
