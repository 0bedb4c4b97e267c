import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { temporaryTeamMembers, temporaryTeams, tournamentEntries, tournamentMatches, tournaments, users } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { generateBracket } from '../../src/domain/bracket/generateBracket';
import { diffBrackets } from '../../src/domain/bracket/diffBrackets';
import { resetBracket } from '../../src/domain/bracket/resetBracket';
import { champion } from '../../src/domain/bracket/placements';
import type { Bracket, BracketMatch, Side, SlotSource } from '../../src/domain/bracket/types';
import { teamSize } from '../../src/domain/tournamentRules';
import { MATCH_ERRORS, TOURNAMENT_ERRORS } from '../../src/domain/messages';
import { assertTournamentTransition } from '../../machines/tournamentMachine';

/*
 * Stored brackets. A tournament's bracket is its `tournament_matches` rows (one per engine match, same
 * numbering) plus the seeding: `tournament_entries.seed` maps the engine's entrant index i to the entry
 * seeded i + 1. Every change loads the rows into an engine `Bracket`, applies a pure engine operation and
 * writes back only the rows `diffBrackets` reports, inside the caller's transaction.
 */

type Conn = Db | Tx;
export type MatchRow = typeof tournamentMatches.$inferSelect;
export type TournamentRow = typeof tournaments.$inferSelect;

/** Rows per multi-row statement: keeps every statement far below PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;
const nowMs = sql`(extract(epoch from now()) * 1000)::bigint`;

function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Locks the tournament row for the rest of the transaction: every bracket change of one tournament runs one at a time. */
export async function lockTournament(tx: Tx, tournamentId: number): Promise<TournamentRow> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId)).for('no key update');
  if (!row) throw notFound(TOURNAMENT_ERRORS.notFound);
  return row;
}

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
  const real = await tx
    .select({ id: tournamentEntries.id, strength })
    .from(tournamentEntries)
    .where(
      and(
        eq(tournamentEntries.tournamentId, t.id),
        eq(tournamentEntries.refunded, false),
        isNull(tournamentEntries.definedName),
        teamBased ? isNotNull(tournamentEntries.temporaryTeamId) : isNotNull(tournamentEntries.userId),
      ),
    )
    .orderBy(sql`${strength} desc`, asc(tournamentEntries.createdAt), asc(tournamentEntries.id));
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
 * closes and restarts an ACTIVE tournament keeps its results); otherwise it is replaced.
 * @throws 404 when the tournament does not exist; 409 with fewer than 2 entrants.
 */
export async function generateTournamentBracket(tx: Tx, tournamentId: number): Promise<void> {
  const [t] = await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId));
  if (!t) throw notFound(TOURNAMENT_ERRORS.notFound);
  const candidates = await bracketCandidates(tx, t);
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
    if (current.length === wanted.length && current.every((key, i) => key === wanted[i])) return;
    await tx.delete(tournamentMatches).where(eq(tournamentMatches.tournamentId, tournamentId));
  }
  await tx
    .delete(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, tournamentId), isNotNull(tournamentEntries.definedName)));
  await tx.update(tournamentEntries).set({ seed: null, wins: 0, losses: 0 }).where(eq(tournamentEntries.tournamentId, tournamentId));

  // Materialise the predefined names as entries, in order, seeded as they are inserted (they come last).
  const realCount = candidates.filter((c) => c.kind === 'entry').length;
  const definedNames = candidates.flatMap((c) => (c.kind === 'defined' ? [c.name] : []));
  const definedIds: number[] = [];
  for (const part of chunks(definedNames.map((definedName, i) => ({ tournamentId, definedName, seed: realCount + i + 1 })))) {
    const rows = await tx.insert(tournamentEntries).values(part).returning({ id: tournamentEntries.id, seed: tournamentEntries.seed });
    for (const r of rows) definedIds[(r.seed as number) - realCount - 1] = r.id;
  }
  const seededIds = candidates.map((c, i) => (c.kind === 'entry' ? c.entryId : definedIds[i - realCount]));
  const realSeeds = seededIds.slice(0, realCount).map((id, i) => ({ id, seed: i + 1 }));
  for (const part of chunks(realSeeds)) {
    await tx.execute(sql`
      update ${tournamentEntries} set seed = v.seed
      from (values ${sql.join(
        part.map((p) => sql`(${p.id}::int, ${p.seed}::int)`),
        sql`, `,
      )}) as v(id, seed)
      where ${tournamentEntries.id} = v.id`);
  }

  const bracket = generateBracket(seededIds.length);
  const entryId = (index: number | null) => (index === null ? null : seededIds[index]);
  const rows = bracket.matches.map((m) => {
    const a = sourceColumns(m.sourceA);
    const b = sourceColumns(m.sourceB);
    return {
      tournamentId,
      matchNumber: m.number,
      roundName: m.roundName,
      track: m.track,
      round: m.round,
      position: m.position,
      sourceAKind: a.kind,
      sourceARef: a.ref,
      sourceBKind: b.kind,
      sourceBRef: b.ref,
      entryAId: entryId(m.entryA),
      entryBId: entryId(m.entryB),
      entryABye: m.byeA,
      entryBBye: m.byeB,
      live: m.live,
      winningEntry: winningEntryOf(m.winner),
      // Every match is due by the tournament's end date.
      dueByDate: t.endDate,
    };
  });
  for (const part of chunks(rows)) await tx.insert(tournamentMatches).values(part);
}

// ---------------------------------------------------------------------------------------------------------------
// Load and save

export const winningEntryOf = (side: Side | null): 'EntryA' | 'EntryB' | '' =>
  side === 'A' ? 'EntryA' : side === 'B' ? 'EntryB' : '';
export const sideOf = (winningEntry: string): Side | null =>
  winningEntry === 'EntryA' ? 'A' : winningEntry === 'EntryB' ? 'B' : null;

/** A tournament's bracket as the engine sees it, with the rows and the seeding it came from. */
export interface LoadedBracket {
  tournamentId: number;
  bracket: Bracket;
  /** Rows in match-number order: rows[i] is match number i + 1. */
  rows: MatchRow[];
  /** Entry id of each entrant index (seed - 1). */
  entryIds: (number | null)[];
}

function toSource(kind: string, ref: number): SlotSource {
  if (kind === 'seed') return { kind: 'seed', seed: ref };
  return { kind: kind === 'loser' ? 'loser' : 'winner', match: ref };
}

/** Loads a stored bracket, or null when the tournament has none. Lock the tournament first to change it. */
export async function loadBracket(conn: Conn, tournamentId: number): Promise<LoadedBracket | null> {
  const rows = await conn
    .select()
    .from(tournamentMatches)
    .where(eq(tournamentMatches.tournamentId, tournamentId))
    .orderBy(asc(tournamentMatches.matchNumber));
  if (rows.length === 0) return null;
  const seeded = await conn
    .select({ id: tournamentEntries.id, seed: tournamentEntries.seed })
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, tournamentId), isNotNull(tournamentEntries.seed)));
  // The entrant count is fixed by the stored structure: the round-1 slots that are not byes.
  let entrants = 0;
  let roundOneMatches = 0;
  for (const r of rows) {
    if (r.track !== 'winners' || r.round !== 0) continue;
    roundOneMatches++;
    if (!r.entryABye) entrants++;
    if (!r.entryBBye) entrants++;
  }
  const entryIds = new Array<number | null>(entrants).fill(null);
  const indexOf = new Map<number, number>();
  for (const e of seeded) {
    if (e.seed === null || e.seed > entrants) continue;
    entryIds[e.seed - 1] = e.id;
    indexOf.set(e.id, e.seed - 1);
  }
  const index = (id: number | null) => (id === null ? null : (indexOf.get(id) ?? null));
  const matches = rows.map(
    (r): BracketMatch => ({
      number: r.matchNumber,
      roundName: r.roundName,
      track: r.track as BracketMatch['track'],
      round: r.round,
      position: r.position,
      sourceA: toSource(r.sourceAKind, r.sourceARef),
      sourceB: toSource(r.sourceBKind, r.sourceBRef),
      entryA: index(r.entryAId),
      entryB: index(r.entryBId),
      byeA: r.entryABye,
      byeB: r.entryBBye,
      winner: sideOf(r.winningEntry),
      live: r.live,
    }),
  );
  return { tournamentId, bracket: { entrants, slots: roundOneMatches * 2, matches }, rows, entryIds };
}

/** The columns a bracket change may write on a match row. */
export type RowState = Pick<
  MatchRow,
  | 'entryAId'
  | 'entryBId'
  | 'entryABye'
  | 'entryBBye'
  | 'live'
  | 'winningEntry'
  | 'entryAScoreA'
  | 'entryAScoreB'
  | 'entryBScoreA'
  | 'entryBScoreB'
  | 'scoreA'
  | 'scoreB'
  | 'dispute'
  | 'recordsCounted'
>;

/** The row for an engine match: a match whose entrants changed (or that became void) is re-opened, scores cleared. */
function nextRowState(row: MatchRow, m: BracketMatch, entryIds: (number | null)[]): RowState {
  const entryAId = m.entryA === null ? null : entryIds[m.entryA];
  const entryBId = m.entryB === null ? null : entryIds[m.entryB];
  const winningEntry = winningEntryOf(m.winner);
  const reopened = row.entryAId !== entryAId || row.entryBId !== entryBId || row.live !== m.live;
  const resultCleared = reopened || winningEntry !== row.winningEntry;
  const base = { entryAId, entryBId, entryABye: m.byeA, entryBBye: m.byeB, live: m.live, winningEntry };
  if (reopened) {
    return {
      ...base,
      entryAScoreA: null,
      entryAScoreB: null,
      entryBScoreA: null,
      entryBScoreB: null,
      scoreA: null,
      scoreB: null,
      dispute: false,
      recordsCounted: false,
    };
  }
  return {
    ...base,
    entryAScoreA: row.entryAScoreA,
    entryAScoreB: row.entryAScoreB,
    entryBScoreA: row.entryBScoreA,
    entryBScoreB: row.entryBScoreB,
    scoreA: resultCleared ? null : row.scoreA,
    scoreB: resultCleared ? null : row.scoreB,
    dispute: row.dispute,
    recordsCounted: resultCleared ? false : row.recordsCounted,
  };
}

/** Writes many rows' states in one statement per chunk. */
export async function writeRowStates(tx: Tx, states: { id: number; state: RowState }[]): Promise<void> {
  for (const part of chunks(states)) {
    const values = part.map(
      ({ id, state: s }) =>
        sql`(${id}::int, ${s.entryAId}::int, ${s.entryBId}::int, ${s.entryABye}::boolean, ${s.entryBBye}::boolean, ${s.live}::boolean, ${s.winningEntry}::text, ${s.entryAScoreA}::int, ${s.entryAScoreB}::int, ${s.entryBScoreA}::int, ${s.entryBScoreB}::int, ${s.scoreA}::int, ${s.scoreB}::int, ${s.dispute}::boolean, ${s.recordsCounted}::boolean)`,
    );
    await tx.execute(sql`
      update ${tournamentMatches} set
        entry_a_id = v.entry_a_id, entry_b_id = v.entry_b_id, entry_a_bye = v.entry_a_bye, entry_b_bye = v.entry_b_bye,
        live = v.live, winning_entry = v.winning_entry,
        entry_a_score_a = v.entry_a_score_a, entry_a_score_b = v.entry_a_score_b,
        entry_b_score_a = v.entry_b_score_a, entry_b_score_b = v.entry_b_score_b,
        score_a = v.score_a, score_b = v.score_b, dispute = v.dispute, records_counted = v.records_counted,
        updated_at = ${nowMs}
      from (values ${sql.join(values, sql`, `)}) as v(id, entry_a_id, entry_b_id, entry_a_bye, entry_b_bye, live,
        winning_entry, entry_a_score_a, entry_a_score_b, entry_b_score_a, entry_b_score_b, score_a, score_b, dispute,
        records_counted)
      where ${tournamentMatches.id} = v.id`);
  }
}

/**
 * Saves `after` (an engine result derived from `loaded.bracket`): writes only the changed rows, re-opening those
 * whose entrants changed; `overrides` sets further columns on given match numbers (scores of the played match).
 * Then refreshes the tournament wins and losses of every entry involved. Returns the written match numbers.
 */
export async function saveBracket(
  tx: Tx,
  loaded: LoadedBracket,
  after: Bracket,
  overrides: Map<number, Partial<RowState>> = new Map(),
): Promise<number[]> {
  const numbers = new Set(diffBrackets(loaded.bracket, after));
  for (const n of overrides.keys()) numbers.add(n);
  const sorted = [...numbers].sort((x, y) => x - y);
  const states = sorted.map((n) => {
    const row = loaded.rows[n - 1];
    return { id: row.id, state: { ...nextRowState(row, after.matches[n - 1], loaded.entryIds), ...overrides.get(n) } };
  });
  await writeRowStates(tx, states);
  const touched = new Set<number>();
  for (const n of sorted) {
    const row = loaded.rows[n - 1];
    const m = after.matches[n - 1];
    for (const id of [row.entryAId, row.entryBId, m.entryA === null ? null : loaded.entryIds[m.entryA], m.entryB === null ? null : loaded.entryIds[m.entryB]]) {
      if (id !== null && id !== undefined) touched.add(id);
    }
  }
  await refreshEntryRecords(tx, loaded.tournamentId, [...touched]);
  return sorted;
}

/**
 * Tournament wins and losses of entries, recomputed from the bracket: the played matches (not byes) each entry won
 * or lost. They follow every change, admin overwrites and resets included (they are the tournament's standings).
 */
export async function refreshEntryRecords(tx: Tx, tournamentId: number, entryIds: number[] | 'all'): Promise<void> {
  if (entryIds !== 'all' && entryIds.length === 0) return;
  const which: SQL =
    entryIds === 'all' ? sql`e.tournament_id = ${tournamentId}` : sql`e.id in (${sql.join(entryIds.map((id) => sql`${id}::int`), sql`, `)})`;
  await tx.execute(sql`
    update ${tournamentEntries} set wins = s.wins, losses = s.losses
    from (
      select e.id,
        count(m.id) filter (where (m.winning_entry = 'EntryA' and m.entry_a_id = e.id) or (m.winning_entry = 'EntryB' and m.entry_b_id = e.id))::int as wins,
        count(m.id) filter (where (m.winning_entry = 'EntryA' and m.entry_b_id = e.id) or (m.winning_entry = 'EntryB' and m.entry_a_id = e.id))::int as losses
      from ${tournamentEntries} e
      left join ${tournamentMatches} m on m.tournament_id = e.tournament_id and m.live and not m.entry_a_bye
        and not m.entry_b_bye and m.winning_entry <> '' and (m.entry_a_id = e.id or m.entry_b_id = e.id)
      where ${which}
      group by e.id
    ) s
    where ${tournamentEntries.id} = s.id`);
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
    .set({
      entryAScoreA: null,
      entryAScoreB: null,
      entryBScoreA: null,
      entryBScoreB: null,
      scoreA: null,
      scoreB: null,
      dispute: false,
      recordsCounted: false,
      updatedAt: nowMs,
    })
    .where(eq(tournamentMatches.tournamentId, tournamentId));
  const cleared = loaded.rows.map((r) => ({
    ...r,
    entryAScoreA: null,
    entryAScoreB: null,
    entryBScoreA: null,
    entryBScoreB: null,
    scoreA: null,
    scoreB: null,
    dispute: false,
    recordsCounted: false,
  }));
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
export async function resetTournament(db: Db, tournamentId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    if (t.status === 'COMPLETED') throw conflict(MATCH_ERRORS.resetCompleted);
    await resetTournamentBracket(tx, tournamentId);
  });
}
