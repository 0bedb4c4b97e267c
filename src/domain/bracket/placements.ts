import type { Bracket, BracketMatch, Placement } from './types';

// Grand Final and Grand Final 2 are always the last two matches (see generateBracket).
function finals(b: Bracket): [BracketMatch, BracketMatch] {
  const n = b.matches.length;
  return [b.matches[n - 2], b.matches[n - 1]];
}

function winnerEntry(m: BracketMatch): number | null {
  if (m.winner === null) return null;
  return m.winner === 'A' ? m.entryA : m.entryB;
}

function loserEntry(m: BracketMatch): number | null {
  if (m.winner === null) return null;
  return m.winner === 'A' ? m.entryB : m.entryA;
}

/** True once the champion is known: the Grand Final is won by side A, or Grand Final 2 is decided. */
export function isComplete(b: Bracket): boolean {
  return champion(b) !== null;
}

/** The champion's entrant index, or null while the bracket is not complete. */
export function champion(b: Bracket): number | null {
  const [gf, gf2] = finals(b);
  if (gf.winner === 'A') return gf.entryA;
  return gf2.live ? winnerEntry(gf2) : null;
}

/**
 * Final placements known so far, best first (ties by entrant index): 1 champion, 2 runner-up,
 * 3 the Losers Final loser, then by the losers round an entrant fell in, later rounds ranking
 * higher, a round's losers sharing its best place: 4, 5 (5–6), 7 (7–8), 9 (9–12), ….
 *
 * An entrant is listed once their place is final (eliminated, or the bracket complete), so
 * once `isComplete(b)` every entrant appears exactly once.
 */
export function placements(b: Bracket): Placement[] {
  // Each losers round eliminates one entrant per match (fewer when byes played in it; byes
  // only occur in the first two losers rounds, below every full round, so places stay dense).
  const losersRoundSizes: number[] = [];
  for (const m of b.matches) {
    if (m.track === 'losers') losersRoundSizes[m.round] = (losersRoundSizes[m.round] ?? 0) + 1;
  }
  const placeOfRound = new Array<number>(losersRoundSizes.length);
  let better = 2; // champion and runner-up
  for (let round = losersRoundSizes.length - 1; round >= 0; round--) {
    placeOfRound[round] = better + 1;
    better += losersRoundSizes[round];
  }

  const result: Placement[] = [];
  for (const m of b.matches) {
    if (m.track !== 'losers') continue;
    const loser = loserEntry(m);
    if (loser !== null) result.push({ entrant: loser, place: placeOfRound[m.round] });
  }
  const first = champion(b);
  if (first !== null) {
    const [gf, gf2] = finals(b);
    result.push({ entrant: first, place: 1 });
    result.push({ entrant: loserEntry(gf2.live ? gf2 : gf) as number, place: 2 });
  }
  return result.sort((x, y) => x.place - y.place || x.entrant - y.entrant);
}
