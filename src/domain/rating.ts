import { SCORE_MAX } from './constants';

/*
 * KR (katanaRank): the one rating rule of league play. A decided season match moves every player's KR with it, and
 * the admin Test Elo tool (PUT /v1/match/test-increase|test-decrease) calls the same function, so what an admin
 * checks there is what a match does. The spec gives no formula (docs/decisions.md, League play server): an Elo
 * update against the opposing team's average KR, scaled by the map difference and bounded per match.
 *
 * Worked example: a 1000 KR player whose team beats a team averaging 1100 KR 3–1.
 *   expected = 1 / (1 + 10^((1100 − 1000) / 400)) = 0.360
 *   margin   = (1 + |3 − 1|) / 2 = 1.5            (3–2: 1, 3–1: 1.5, 3–0: 2)
 *   change   = round(32 × 1.5 × (1 − 0.360)) = +31   → 1031
 * Each player of the losing team averaging 1100 (against 1000): round(32 × 1.5 × (0 − 0.640)) = −31.
 */

/** Elo's K: the most one match moves a player at a one-map margin. */
export const RATING_K = 32;
/** The most one match moves a player's KR (K × the 3–0 margin). */
export const RATING_MAX_CHANGE = RATING_K * 2;
/** KR never drops below this. */
export const RATING_FLOOR = 0;

export interface RatingInput {
  /** The player's KR before the match. */
  kr: number;
  /** The opposing team's average KR before the match. */
  opponentAverageKr: number;
  /** Maps won by the player's team and by the opposing team (0–3 each). */
  ownScore: number;
  opponentScore: number;
}

/** 1 for a 3–2 (or closer), 1.5 for 3–1, 2 for 3–0: a wider map difference moves more. */
export function marginFactor(ownScore: number, opponentScore: number): number {
  const difference = Math.min(Math.abs(ownScore - opponentScore), SCORE_MAX);
  return (1 + difference) / 2;
}

/** The player's expected result against the opposing average (Elo's logistic curve, 400-point scale). */
export function expectedResult(kr: number, opponentAverageKr: number): number {
  return 1 / (1 + 10 ** ((opponentAverageKr - kr) / 400));
}

/**
 * How much a player's KR moves: positive for the winning side, negative for the losing side, 0 for a draw of equals.
 * Bounded by ±RATING_MAX_CHANGE; a winner never loses KR and a loser never gains.
 */
export function ratingChange(input: RatingInput): number {
  const actual = input.ownScore > input.opponentScore ? 1 : input.ownScore < input.opponentScore ? 0 : 0.5;
  const raw = RATING_K * marginFactor(input.ownScore, input.opponentScore) * (actual - expectedResult(input.kr, input.opponentAverageKr));
  const bounded = Math.max(-RATING_MAX_CHANGE, Math.min(RATING_MAX_CHANGE, Math.round(raw)));
  if (actual === 1) return Math.max(0, bounded);
  if (actual === 0) return Math.min(0, bounded);
  return bounded;
}

/** The player's KR after the match (whole, never below RATING_FLOOR). */
export function newRating(input: RatingInput): number {
  return Math.max(RATING_FLOOR, Math.round(input.kr) + ratingChange(input));
}
