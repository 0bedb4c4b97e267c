import { SCORE_MAX, SCORE_MIN, type TournamentStatus } from './constants';
import { MATCH_ERRORS, VALIDATION } from './messages';
import { DAY_MS } from './durations';

/*
 * Who may do what to a tournament match, for the SPA (to offer or explain an action) and the server (to refuse it)
 * alike. Both map their match to `MatchFacts`: the SPA from the API's TournamentMatch, the server from its row.
 */

export type MatchSide = 'A' | 'B';

/** What the rules read of a match. */
export interface MatchFacts {
  /** The tournament's status (null: not known, e.g. a match listed without its tournament). */
  tournamentStatus: TournamentStatus | null;
  /** Whether the tournament lets players report scores. */
  allowScoreSubmission: boolean;
  /** False for a Grand Final 2 that is not needed (the winners bracket champion won the Grand Final). */
  live: boolean;
  byeA: boolean;
  byeB: boolean;
  entryAId: number | null;
  entryBId: number | null;
  /** The match has a winner. */
  decided: boolean;
  /** Each side's own report of the score is in. */
  reportedA: boolean;
  reportedB: boolean;
  /** The side is filled by the seeding (round 1), not by another match's result. */
  seededA: boolean;
  seededB: boolean;
}

/** Why an action is refused: a key of MATCH_ERRORS (the words both programs show). */
export type MatchBlocker = 'notActive' | 'submissionClosed' | 'notNeeded' | 'bye' | 'waiting' | 'decided' | 'notPlayer' | 'alreadyReported' | 'resultNotActive' | 'entriesNotActive' | 'entriesDecided';

/** Both entrants known, neither a bye, and the match is played (a void Grand Final 2 is not). */
export function isPlayable(m: MatchFacts): boolean {
  return m.live && !m.byeA && !m.byeB && m.entryAId !== null && m.entryBId !== null;
}

/** Why the match cannot take a result at all: a void Grand Final 2, a bye, an entrant still unknown (null: it can). */
export function playableBlocker(m: MatchFacts): 'notNeeded' | 'bye' | 'waiting' | null {
  if (!m.live) return 'notNeeded';
  if (m.byeA || m.byeB) return 'bye';
  if (m.entryAId === null || m.entryBId === null) return 'waiting';
  return null;
}

/** Whether `side` (the viewer's side of the match, if any) has already reported a score. */
export function ownSideReported(m: MatchFacts, side: MatchSide | null): boolean {
  return side === 'A' ? m.reportedA : side === 'B' ? m.reportedB : false;
}

/**
 * Why nobody may report this match's score now (null: its players may): the tournament is ACTIVE and allows score
 * submission, and the match is playable and has no winner.
 */
export function reportStateBlocker(m: MatchFacts): MatchBlocker | null {
  if (m.tournamentStatus !== 'ACTIVE') return 'notActive';
  if (!m.allowScoreSubmission) return 'submissionClosed';
  return playableBlocker(m) ?? (m.decided ? 'decided' : null);
}

/**
 * Why a player on `side` (null: the viewer plays neither side) may not report this match's score (null: they may).
 * Spec: only a player of the match, once, while the match can take a report. The match's state comes first, so a
 * refusal reads the same to anyone.
 */
export function reportBlocker(m: MatchFacts, side: MatchSide | null): MatchBlocker | null {
  const state = reportStateBlocker(m);
  if (state) return state;
  if (!side) return 'notPlayer';
  return ownSideReported(m, side) ? 'alreadyReported' : null;
}

/** Why staff may not set or overwrite this match's result (null: they may): ACTIVE or COMPLETED, a playable match. */
export function staffResultBlocker(m: MatchFacts): MatchBlocker | null {
  if (m.tournamentStatus !== 'ACTIVE' && m.tournamentStatus !== 'COMPLETED') return 'resultNotActive';
  return playableBlocker(m);
}

/** Why staff may not change the entries of this match (null: some side may change): ACTIVE or CLOSED, undecided, played. */
export function entriesChangeBlocker(m: MatchFacts): MatchBlocker | null {
  if (m.tournamentStatus !== 'ACTIVE' && m.tournamentStatus !== 'CLOSED') return 'entriesNotActive';
  if (!m.live) return 'notNeeded';
  if (m.decided || (m.byeA && m.byeB)) return 'entriesDecided';
  return null;
}

/**
 * The sides whose entry staff may change: an undecided, played match's seeded (round 1) sides that are not byes.
 * Later slots are filled by results; they change by overwriting the result that fills them.
 */
export function changeableSides(m: MatchFacts): MatchSide[] {
  if (!m.live || m.decided || (m.byeA && m.byeB)) return [];
  const sides: MatchSide[] = [];
  if (m.seededA && !m.byeA) sides.push('A');
  if (m.seededB && !m.byeB) sides.push('B');
  return sides;
}

// ---------------------------------------------------------------------------------------------------------------
// Scores

/** The message a typed score earns: required and whole ('Please enter a valid score'), 0–3 ('Score must be between 0 and 3'). */
export function scoreError(value: string): string | undefined {
  const text = value.trim();
  const n = Number(text);
  if (text === '' || !Number.isInteger(n)) return VALIDATION.score.required;
  if (n < SCORE_MIN || n > SCORE_MAX) return VALIDATION.score.range;
  return undefined;
}

/** What the two score fields hold, as typed. */
export interface ScoreDraft {
  A: string;
  B: string;
}
/** Messages under the fields (`form`: under both, e.g. a draw). */
export interface ScoreErrors {
  A?: string;
  B?: string;
  form?: string;
}

/** Both fields' messages; two valid but equal scores are a draw, which a double-elimination match cannot end in. */
export function draftErrors(draft: ScoreDraft): ScoreErrors {
  const errors: ScoreErrors = {};
  const a = scoreError(draft.A);
  const b = scoreError(draft.B);
  if (a) errors.A = a;
  if (b) errors.B = b;
  const draw = !a && !b ? resultError({ entryAScore: Number(draft.A), entryBScore: Number(draft.B) }) : undefined;
  if (draw) errors.form = draw;
  return errors;
}

/** A result's message: a double-elimination match cannot end in a draw (range and type are the contract's). */
export function resultError(scores: { entryAScore: number; entryBScore: number }): string | undefined {
  return scores.entryAScore === scores.entryBScore ? MATCH_ERRORS.draw : undefined;
}

/**
 * Overdue, for tournament and league matches alike: a due date is a day ("Due by 22/11/2026", stored as the start of
 * that day, like a tournament's end date), so a match due by the 22nd is overdue from the 23rd, not from the first
 * minute of the 22nd. A match is overdue at `now` when it is due before this instant (no due date: never).
 */
export const overdueBefore = (now: number) => now - DAY_MS;
