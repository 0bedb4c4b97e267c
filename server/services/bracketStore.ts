import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { tournamentEntries, tournamentMatches } from '../db/schema';
import { diffBrackets } from '../../src/domain/bracket/diffBrackets';
import type { Bracket, BracketMatch, Side, SlotSource } from '../../src/domain/bracket/types';

/*
 * Stored brackets, loaded and saved. A tournament's bracket is its `tournament_matches` rows (one per engine match,
 * same numbering) plus the seeding: `tournament_entries.seed` maps the engine's entrant index i to the entry seeded
 * i + 1. Every change loads the rows into an engine `Bracket`, applies a pure engine operation and writes back only
 * the rows `diffBrackets` reports, inside the caller's transaction.
 */

type Conn = Db | Tx;
export type MatchRow = typeof tournamentMatches.$inferSelect;

/** Rows per multi-row statement: keeps every statement far below PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;
export const nowMs = sql`(extract(epoch from now()) * 1000)::bigint`;

/**
 * Lets other requests run between the statements of a long write (a 4,096-entry bracket is ~8,000 rows; with PGlite
 * the database works on this thread too): `await yieldTurn()` after each chunk.
 */
export const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * All rows of `query`, fetched `batch` at a time through a cursor with a turn for other requests between fetches: a
 * query over thousands of rows then never holds the thread (PGlite) for its whole run. Inside a transaction only;
 * the rows come in no particular order (an ORDER BY would make the first fetch do all the work).
 */
export async function readInTurns<T>(tx: Tx, name: string, query: SQL, batch = ROWS_PER_WRITE * 2): Promise<T[]> {
  const cursor = sql.identifier(name);
  await tx.execute(sql`declare ${cursor} no scroll cursor for ${query}`);
  const rows: T[] = [];
  for (;;) {
    // Both drivers (PGlite, node-postgres) answer `{ rows }`.
    const { rows: part } = (await tx.execute(sql`fetch forward ${sql.raw(String(batch))} from ${cursor}`)) as unknown as { rows: T[] };
    rows.push(...part);
    await yieldTurn();
    if (part.length < batch) break;
  }
  await tx.execute(sql`close ${cursor}`);
  return rows;
}

/**
 * Rows per statement of the bracket's bulk writes (seeds, match inserts), sent as one JSON value: with PGlite one
 * statement runs on this thread from start to end, so this bounds the stall.
 */
export const ROWS_PER_WRITE = 100;

export function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
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

/** A match's result and reported scores, cleared (a re-opened match, a reset bracket). */
export const CLEARED_RESULT = {
  entryAScoreA: null,
  entryAScoreB: null,
  entryBScoreA: null,
  entryBScoreB: null,
  scoreA: null,
  scoreB: null,
  dispute: false,
  recordsCounted: false,
} as const;

/** The row for an engine match: a match whose entrants changed (or that became void) is re-opened, scores cleared. */
export function nextRowState(row: MatchRow, m: BracketMatch, entryIds: (number | null)[]): RowState {
  const entryAId = m.entryA === null ? null : entryIds[m.entryA];
  const entryBId = m.entryB === null ? null : entryIds[m.entryB];
  const winningEntry = winningEntryOf(m.winner);
  const reopened = row.entryAId !== entryAId || row.entryBId !== entryBId || row.live !== m.live;
  const resultCleared = reopened || winningEntry !== row.winningEntry;
  const base = { entryAId, entryBId, entryABye: m.byeA, entryBBye: m.byeB, live: m.live, winningEntry };
  if (reopened) {
    return { ...base, ...CLEARED_RESULT };
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
    await yieldTurn();
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

