import { describe, expect, it } from 'vitest';
import {
  changeableSides,
  draftErrors,
  entriesChangeBlocker,
  isPlayable,
  ownSideReported,
  reportBlocker,
  resultError,
  scoreError,
  staffResultBlocker,
  type MatchFacts,
} from '../../src/domain/matchRules';
import { MATCH_ERRORS, VALIDATION } from '../../src/domain/messages';

/** A round-1 match of an ACTIVE tournament, both entrants known, nothing reported yet. */
const match = (facts: Partial<MatchFacts> = {}): MatchFacts => ({
  tournamentStatus: 'ACTIVE',
  allowScoreSubmission: true,
  live: true,
  byeA: false,
  byeB: false,
  entryAId: 1,
  entryBId: 2,
  decided: false,
  reportedA: false,
  reportedB: false,
  seededA: true,
  seededB: true,
  ...facts,
});

describe('isPlayable', () => {
  it('needs a live match, no bye and both entrants', () => {
    expect(isPlayable(match())).toBe(true);
    expect(isPlayable(match({ live: false }))).toBe(false);
    expect(isPlayable(match({ byeB: true }))).toBe(false);
    expect(isPlayable(match({ entryAId: null }))).toBe(false);
  });
});

describe('reportBlocker', () => {
  it('lets a player of either side report a playable, undecided match of an ACTIVE tournament once', () => {
    expect(reportBlocker(match(), 'A')).toBeNull();
    expect(reportBlocker(match({ reportedA: true }), 'B')).toBeNull();
    expect(reportBlocker(match({ reportedA: true }), 'A')).toBe('alreadyReported');
    expect(reportBlocker(match(), null)).toBe('notPlayer');
  });

  it("names the tournament's and the match's state before who asks", () => {
    expect(reportBlocker(match({ tournamentStatus: 'CLOSED' }), null)).toBe('notActive');
    expect(reportBlocker(match({ tournamentStatus: null }), 'A')).toBe('notActive');
    expect(reportBlocker(match({ allowScoreSubmission: false }), 'A')).toBe('submissionClosed');
    expect(reportBlocker(match({ live: false }), 'A')).toBe('notNeeded');
    expect(reportBlocker(match({ byeB: true, decided: true }), 'A')).toBe('bye');
    expect(reportBlocker(match({ entryBId: null }), 'A')).toBe('waiting');
    expect(reportBlocker(match({ decided: true, reportedA: true }), 'A')).toBe('decided');
  });

  it('uses keys of MATCH_ERRORS, the words both programs show', () => {
    for (const blocker of ['notActive', 'submissionClosed', 'notNeeded', 'bye', 'waiting', 'decided', 'notPlayer', 'alreadyReported'] as const) {
      expect(typeof MATCH_ERRORS[blocker]).toBe('string');
    }
  });
});

describe('ownSideReported', () => {
  it("reads the viewer's own side only", () => {
    expect(ownSideReported(match({ reportedB: true }), 'A')).toBe(false);
    expect(ownSideReported(match({ reportedB: true }), 'B')).toBe(true);
    expect(ownSideReported(match({ reportedA: true, reportedB: true }), null)).toBe(false);
  });
});

describe('staffResultBlocker', () => {
  it('lets staff set or overwrite a playable match while ACTIVE or COMPLETED, decided or not', () => {
    expect(staffResultBlocker(match())).toBeNull();
    expect(staffResultBlocker(match({ tournamentStatus: 'COMPLETED', decided: true }))).toBeNull();
    expect(staffResultBlocker(match({ tournamentStatus: 'CLOSED' }))).toBe('resultNotActive');
    expect(staffResultBlocker(match({ live: false }))).toBe('notNeeded');
    expect(staffResultBlocker(match({ byeA: true }))).toBe('bye');
    expect(staffResultBlocker(match({ entryAId: null }))).toBe('waiting');
  });
});

describe('changing the entries of a match', () => {
  it('offers the seeded sides that are not byes of an undecided, played match', () => {
    expect(changeableSides(match())).toEqual(['A', 'B']);
    expect(changeableSides(match({ seededB: false }))).toEqual(['A']);
    expect(changeableSides(match({ byeA: true }))).toEqual(['B']);
    expect(changeableSides(match({ byeA: true, byeB: true }))).toEqual([]);
    expect(changeableSides(match({ decided: true }))).toEqual([]);
    expect(changeableSides(match({ live: false }))).toEqual([]);
  });

  it('is for ACTIVE or CLOSED tournaments and undecided, played matches', () => {
    expect(entriesChangeBlocker(match())).toBeNull();
    expect(entriesChangeBlocker(match({ tournamentStatus: 'CLOSED' }))).toBeNull();
    expect(entriesChangeBlocker(match({ tournamentStatus: 'COMPLETED' }))).toBe('entriesNotActive');
    expect(entriesChangeBlocker(match({ live: false }))).toBe('notNeeded');
    expect(entriesChangeBlocker(match({ decided: true }))).toBe('entriesDecided');
  });
});

describe('score errors', () => {
  it('asks for a whole score from 0 to 3', () => {
    expect(scoreError('2')).toBeUndefined();
    expect(scoreError(' 0 ')).toBeUndefined();
    expect(scoreError('')).toBe(VALIDATION.score.required);
    expect(scoreError('1.5')).toBe(VALIDATION.score.required);
    expect(scoreError('4')).toBe(VALIDATION.score.range);
    expect(scoreError('-1')).toBe(VALIDATION.score.range);
  });

  it('refuses a draw once both scores are valid', () => {
    expect(draftErrors({ A: '2', B: '1' })).toEqual({});
    expect(draftErrors({ A: '2', B: '2' })).toEqual({ form: MATCH_ERRORS.draw });
    expect(draftErrors({ A: '', B: '9' })).toEqual({ A: VALIDATION.score.required, B: VALIDATION.score.range });
    expect(resultError({ entryAScore: 1, entryBScore: 1 })).toBe(MATCH_ERRORS.draw);
    expect(resultError({ entryAScore: 3, entryBScore: 1 })).toBeUndefined();
  });
});
