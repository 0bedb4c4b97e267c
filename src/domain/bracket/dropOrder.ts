/**
 * Which winners-bracket match drops its loser into position `position` (0-based, top to bottom)
 * of the losers round that receives the losers of winners round `round` (1-based); `matches` is
 * that round's match count, a power of two. See docs/bracket-engine.md.
 *
 * - round 1: natural (Losers Round 1 pairs the losers of matches 1–2, 3–4, …);
 * - round 2: reversed (the bottom match's loser drops to the top);
 * - round 3: swapped by halves (the bottom half's losers drop to the top half, in order);
 * - round 4: reversed within each half;
 * - round 5 and later: adjacent pairs swapped (1↔2, 3↔4, …).
 * A one-match round (the Winners Final) has a single ordering.
 *
 * Why: each ordering XORs the position with a different mask (m−1, m/2, m/2−1, 1), so a
 * dropping loser always lands in a part of the losers bracket fed from other parts of the
 * winners bracket. An exhaustive search over these orderings shows this sequence delays the
 * first possible rematch the longest (e.g. for 256 or more entrants, not before Losers Round 9;
 * the plain "reverse even rounds, halve-swap odd rounds" scheme allows one from Losers Round 6).
 */
export function dropOrder(round: number, matches: number, position: number): number {
  if (round <= 1 || matches === 1) return position;
  const half = matches >> 1;
  const mask = round === 2 ? matches - 1 : round === 3 ? half : round === 4 ? half - 1 : 1;
  return position ^ mask;
}
