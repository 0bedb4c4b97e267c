import { asc, eq } from 'drizzle-orm';
import type { Tx } from './client';
import { tournaments } from './schema';
import { prng, type Rng } from './demoData';
import { generateTournamentBracket, settleTournament } from '../services/brackets';
import { countRecords } from '../services/matchResults';
import { loadBracket, saveBracket, type RowState } from '../services/bracketStore';
import { matchStatus } from '../../src/domain/bracket/matchStatus';
import { recordResult } from '../../src/domain/bracket/recordResult';
import type { Bracket, BracketMatch, Side } from '../../src/domain/bracket/types';

/**
 * The demo's brackets (deterministic): the ACTIVE tournaments get real, part-played brackets, the COMPLETED ones
 * brackets played to their champion.
 */
export async function seedBrackets(tx: Tx): Promise<void> {
  const rng = prng(641024);
  await seedWinterMajor(tx, rng);
  await seedOpenQualifier(tx, rng);
  await seedCompleted(tx, prng(20261031));
}

async function tournamentId(tx: Tx, title: string): Promise<number | null> {
  const [row] = await tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.title, title));
  return row?.id ?? null;
}

/** A plausible best-of-5 result: the better seed usually wins, 3–0, 3–1 or 3–2. */
function playMatch(rng: Rng, m: BracketMatch): { winner: Side; scoreA: number; scoreB: number } {
  const favourite: Side = (m.entryA as number) < (m.entryB as number) ? 'A' : 'B';
  const winner: Side = rng.chance(0.7) ? favourite : favourite === 'A' ? 'B' : 'A';
  const loserScore = rng.int(0, 2);
  return winner === 'A' ? { winner, scoreA: 3, scoreB: loserScore } : { winner, scoreA: loserScore, scoreB: 3 };
}

/** Both sides reported the same score, and it is the result. */
const agreed = (scoreA: number, scoreB: number): Partial<RowState> => ({
  entryAScoreA: scoreA,
  entryAScoreB: scoreB,
  entryBScoreA: scoreA,
  entryBScoreB: scoreB,
  scoreA,
  scoreB,
  dispute: false,
});

const readyIn = (b: Bracket, roundName: string) =>
  b.matches.filter((m) => m.roundName === roundName && matchStatus(m) === 'ready');

/**
 * Winter Major (64 players): all of Round 1, most of Losers Round 1 and Round 2 agreed by both sides; one Round 2
 * match in dispute and one where only side A has reported.
 */
async function seedWinterMajor(tx: Tx, rng: Rng) {
  const id = await tournamentId(tx, 'Winter Major');
  if (id === null) return;
  await generateTournamentBracket(tx, id);
  const loaded = await loadBracket(tx, id);
  if (!loaded) return;
  let bracket = loaded.bracket;
  const overrides = new Map<number, Partial<RowState>>();
  const agree = (m: BracketMatch) => {
    const { winner, scoreA, scoreB } = playMatch(rng, m);
    bracket = recordResult(bracket, m.number, winner);
    // The demo players' records already include these results.
    overrides.set(m.number, { ...agreed(scoreA, scoreB), recordsCounted: true });
  };
  readyIn(bracket, 'Round 1').forEach(agree);
  readyIn(bracket, 'Losers Round 1').slice(0, 12).forEach(agree);
  readyIn(bracket, 'Round 2').slice(0, 10).forEach(agree);
  const [disputed, halfReported] = readyIn(bracket, 'Round 2');
  overrides.set(disputed.number, { entryAScoreA: 3, entryAScoreB: 1, entryBScoreA: 1, entryBScoreB: 3, dispute: true });
  overrides.set(halfReported.number, { entryAScoreA: 3, entryAScoreB: 2 });
  await saveBracket(tx, loaded, bracket, overrides);
}

/**
 * Every COMPLETED tournament was played to its champion, both sides agreeing each score: the bracket, the entries'
 * standings, the players' and teams' records (counted once per match, as agreeing reports count them) and the winner
 * the hall of fame names all come from the same results.
 */
async function seedCompleted(tx: Tx, rng: Rng) {
  const completed = await tx.select().from(tournaments).where(eq(tournaments.status, 'COMPLETED')).orderBy(asc(tournaments.id));
  for (const t of completed) {
    if ((await generateTournamentBracket(tx, t.id)) === null) continue;
    const loaded = await loadBracket(tx, t.id);
    if (!loaded) continue;
    let bracket = loaded.bracket;
    const overrides = new Map<number, Partial<RowState>>();
    const played: [winner: number, loser: number][] = [];
    for (let m = bracket.matches.find((x) => matchStatus(x) === 'ready'); m; m = bracket.matches.find((x) => matchStatus(x) === 'ready')) {
      const { winner, scoreA, scoreB } = playMatch(rng, m);
      bracket = recordResult(bracket, m.number, winner);
      overrides.set(m.number, { ...agreed(scoreA, scoreB), recordsCounted: true });
      const [a, b] = [loaded.entryIds[m.entryA as number], loaded.entryIds[m.entryB as number]] as [number, number];
      played.push(winner === 'A' ? [a, b] : [b, a]);
    }
    await saveBracket(tx, loaded, bracket, overrides);
    for (const [winner, loser] of played) await countRecords(tx, winner, loser);
    await settleTournament(tx, t, loaded, bracket);
  }
}

/** Open Qualifier 1024: 1,024 predefined names; the first 24 Round 1 results were entered by an admin. */
async function seedOpenQualifier(tx: Tx, rng: Rng) {
  const id = await tournamentId(tx, 'Open Qualifier 1024');
  if (id === null) return;
  await generateTournamentBracket(tx, id);
  const loaded = await loadBracket(tx, id);
  if (!loaded) return;
  let bracket = loaded.bracket;
  const overrides = new Map<number, Partial<RowState>>();
  for (const m of readyIn(bracket, 'Round 1').slice(0, 24)) {
    const { winner, scoreA, scoreB } = playMatch(rng, m);
    bracket = recordResult(bracket, m.number, winner);
    overrides.set(m.number, { scoreA, scoreB });
  }
  await saveBracket(tx, loaded, bracket, overrides);
}
