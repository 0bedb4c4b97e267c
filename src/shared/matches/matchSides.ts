import type { TournamentMatch } from '../../api/contract/tournament';

export type Side = 'A' | 'B';

/** What one side of a match page shows. */
export interface SideView {
  side: Side;
  kind: 'team' | 'user' | 'defined' | 'bye' | 'unknown' | 'none';
  /** "bye", "???", "none" (both sides byes) or the entry's name. */
  name: string;
  /** Team logo or player picture (null: the first letter). */
  imageUrl: string | null;
  userId: number | null;
  /** Team page or player page; null for predefined names, byes and unknown entries. */
  href: string | null;
  /** The result once decided (null while pending, and for byes). */
  score: number | null;
  outcome: 'winner' | 'loser' | null;
  /** What this side reported (its view of A and B), or null while it has not. */
  reported: [number, number] | null;
}

/** The page's view of side `side` of match `m`. */
export function sideView(m: TournamentMatch, side: Side): SideView {
  const isA = side === 'A';
  const bye = isA ? m.entryAbye : m.entryBbye;
  const team = isA ? m.teamA : m.teamB;
  const user = isA ? m.userA : m.userB;
  const defined = isA ? m.definedEntryA : m.definedEntryB;
  const entryId = isA ? m.entryAId : m.entryBId;
  const decided = m.winningEntry !== '';
  const won = m.winningEntry === (isA ? 'EntryA' : 'EntryB');
  const repA = isA ? m.entryAScoreA : m.entryBScoreA;
  const repB = isA ? m.entryAScoreB : m.entryBScoreB;
  const base = {
    side,
    imageUrl: null,
    userId: null,
    href: null,
    score: null,
    outcome: null,
    reported: repA !== null && repB !== null ? ([repA, repB] as [number, number]) : null,
  };
  if (m.entryAbye && m.entryBbye) return { ...base, kind: 'none', name: 'none' };
  if (bye) return { ...base, kind: 'bye', name: 'bye' };
  const name = team?.name ?? user?.discordName ?? defined ?? null;
  if (entryId === null || name === null) return { ...base, kind: 'unknown', name: '???' };
  const score = decided ? ((isA ? m.scoreA : m.scoreB) ?? null) : null;
  const outcome = decided ? (won ? 'winner' : 'loser') : null;
  if (team) {
    return { ...base, kind: 'team', name, imageUrl: team.logoUrl, href: `/tournaments/${m.tournamentId}/${team.id}`, score, outcome };
  }
  if (user) {
    return { ...base, kind: 'user', name, imageUrl: user.picture, userId: user.id, href: `/players/${user.id}`, score, outcome };
  }
  return { ...base, kind: 'defined', name, score, outcome };
}

/** "3 : 1" once decided with scores, otherwise "- : -" (the admin matches list). */
export function scoreLine(m: TournamentMatch): string {
  if (m.winningEntry !== '' && m.scoreA != null && m.scoreB != null) return `${m.scoreA} : ${m.scoreB}`;
  return '- : -';
}

/** A side's name for lists: the entry's name, "bye" or "???". */
export const sideName = (m: TournamentMatch, side: Side) => sideView(m, side).name;

/** Staff replace scores that exist (a result, or the disputed reports of both sides): OVERWRITE; otherwise SUBMIT. */
export const isOverwrite = (m: TournamentMatch) => m.winningEntry !== '' || m.dispute;

/** The staff button and form title: OVERWRITE SCORE (ADMIN) when scores exist, else SUBMIT SCORE (ADMIN). */
export const adminLabel = (overwrite: boolean) => (overwrite ? 'OVERWRITE SCORE (ADMIN)' : 'SUBMIT SCORE (ADMIN)');

/** "reported Alpha 1 – 3 Bravo" for a side's report (side A's score first), or "not reported yet". */
export const reportText = (reported: [number, number] | null, names: readonly [string, string]) =>
  reported ? `reported ${names[0]} ${reported[0]} – ${reported[1]} ${names[1]}` : 'not reported yet';

const sameScore = (x: [number, number] | null, y: [number, number]) => x !== null && x[0] === y[0] && x[1] === y[1];

/**
 * The result staff set, when it is not what both sides reported (a dispute settled, a result overwritten, a match
 * decided without both reports); null while undecided or when the sides' agreeing reports are the result.
 */
export function staffResult([a, b]: readonly [SideView, SideView]): [number, number] | null {
  if (a.score === null || b.score === null) return null;
  const result: [number, number] = [a.score, b.score];
  return sameScore(a.reported, result) && sameScore(b.reported, result) ? null : result;
}

/**
 * The staff confirmation's question, in the words of the button it answers: OVERWRITE SCORE (ADMIN) overwrites a
 * decided result or the disputed reports (which stay on record beside the result), SUBMIT SCORE (ADMIN) sets one.
 * `after` says what follows once the result is set (`undecided`) or changed (`decided`).
 */
export function staffResultQuestion(
  m: { decided: boolean; dispute: boolean },
  subject: string,
  result: string,
  after: { decided: string; undecided: string },
): string {
  if (m.decided) return `Overwrite the result of ${subject} with ${result}? ${after.decided}`;
  if (m.dispute) return `Overwrite the disputed scores of ${subject} with ${result}? Both reports stay on record. ${after.undecided}`;
  return `Set the result of ${subject} to ${result}? ${after.undecided}`;
}
