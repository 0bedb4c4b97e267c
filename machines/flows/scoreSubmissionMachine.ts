import { assertEvent, assign, fromPromise, not, setup, spawnChild } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { ScoreBody, TournamentMatch } from '../../src/api/contract/tournament';
import { getTournamentMatch, setMatchResult, submitMatchScore } from '../../src/api/endpoints/matches';
import { getSeasonMatch, setSeasonMatchResult, submitSeasonScore } from '../../src/api/endpoints/seasonMatches';
import { matchFacts } from '../../src/api/contract/matchFacts';
import {
  draftErrors,
  isPlayable as playable,
  ownSideReported as sideReported,
  reportBlocker as reportRule,
  scoreError,
  staffResultBlocker as staffResultRule,
  type ScoreDraft,
  type ScoreErrors,
} from '../../src/domain/matchRules';
import { MATCH_ERRORS } from '../../src/domain/messages';
import { isSeasonMatch, seasonReportBlocker, seasonResultBlocker, type ScoredMatch } from '../rules/seasonMatchRules';
import type { LiveDivisionMatches, LiveTournamentMatches } from '../../src/api/contract/live';
import { divisionStream, tournamentStream, type LiveStream } from '../../src/api/endpoints/live';
import { liveEvents, type LiveConnection, type LiveEvent } from './liveEvents';

export type ScoreSide = 'A' | 'B';
export type { ScoreDraft, ScoreErrors };

export interface ScoreSubmissionInput {
  /** The tournament of a tournament match; null for a league (season) match, read and reported under /v1/match. */
  tournamentId: number | null;
  matchId: number;
  /** ADMIN or OWNER: may set or overwrite the result through the admin path. */
  isStaff: boolean;
}

/** Whose score is being entered: a player reporting their match, or staff setting (or overwriting) the result. */
export type ScoreFlow = 'report' | 'staffResult';

export interface ScoreSubmissionContext extends ScoreSubmissionInput {
  match: ScoredMatch | null;
  /** The open (or last) scoring flow. */
  flow: ScoreFlow;
  loadError: unknown;
  /** The first entry (held while the dialog asks for it again). */
  scores: ScoreDraft;
  /** The second entry, typed in the confirmation dialog. */
  confirmation: ScoreDraft;
  errors: ScoreErrors;
  confirmationErrors: ScoreErrors;
  /** The live stream of the match's tournament or division (started once the match is known). */
  connection: LiveConnection | null;
}

export type ScoreSubmissionEvent =
  | { type: 'match.reload' }
  /** Another flow (CHANGE TEAMS) answered a newer copy of the match. */
  | { type: 'match.replace'; match: ScoredMatch }
  | { type: 'score.start' }
  | { type: 'admin.start' }
  | { type: 'score.change'; side: ScoreSide; value: string }
  | { type: 'score.submit' }
  | { type: 'score.cancel' }
  | { type: 'score.retry' }
  | { type: 'confirm.change'; side: ScoreSide; value: string }
  | { type: 'confirm.submit' }
  | { type: 'confirm.cancel' }
  | LiveEvent<MatchChanges>;

type MatchChanges = LiveTournamentMatches | LiveDivisionMatches;
/** The stream of the match's tournament or division. */
const streamOf = (tournamentId: number | null, m: ScoredMatch) =>
  (isSeasonMatch(m) ? divisionStream(m.divisionId) : tournamentStream(tournamentId ?? m.tournamentId)) as LiveStream<MatchChanges>;

/** This match as a live change left it (the viewer's own fields kept), or null when the change is about others. */
function changedMatch(match: ScoredMatch | null, matchId: number, event: ScoreSubmissionEvent): ScoredMatch | null {
  if (event.type !== 'live.change' || !match) return null;
  const changed = event.change.matches.find((m) => m.id === matchId);
  return changed ? ({ ...match, ...changed } as ScoredMatch) : null;
}

export { draftErrors, scoreError };

const isClean = (errors: ScoreErrors) => Object.keys(errors).length === 0;
const toBody = (draft: ScoreDraft): ScoreBody => ({ entryAScore: Number(draft.A), entryBScore: Number(draft.B) });

interface MatchRef {
  tournamentId: number | null;
  matchId: number;
}
/** A tournament match under its tournament, a league match under /v1/match: the same flow reads and reports either. */
const loadScoredMatch = ({ tournamentId, matchId }: MatchRef): Promise<ScoredMatch> =>
  tournamentId === null ? getSeasonMatch(matchId) : getTournamentMatch(tournamentId, matchId);
function sendScore({ tournamentId, matchId }: MatchRef, flow: ScoreFlow, scores: ScoreBody): Promise<ScoredMatch> {
  if (tournamentId === null) return (flow === 'report' ? submitSeasonScore : setSeasonMatchResult)(matchId, scores);
  return (flow === 'report' ? submitMatchScore : setMatchResult)(tournamentId, matchId, scores);
}
const EMPTY: ScoreDraft = { A: '', B: '' };

/** Both entrants known, neither a bye, and the match is played (src/domain/matchRules.ts). */
export const isPlayable = (m: TournamentMatch) => playable(matchFacts(m));

/** Whether the viewer's own side has already reported a score. */
export const ownSideReported = (m: TournamentMatch) => sideReported(matchFacts(m), m.viewerSide ?? null);

/** Why the viewer may not report this match (null: they may), in the server's words. */
export function reportBlocker(m: TournamentMatch): string | null {
  const blocker = reportRule(matchFacts(m), m.viewerSide ?? null);
  return blocker && MATCH_ERRORS[blocker];
}

/** Why staff may not set or overwrite this match's result (null: they may), in the server's words. */
export function staffResultBlocker(m: TournamentMatch): string | null {
  const blocker = staffResultRule(matchFacts(m));
  return blocker && MATCH_ERRORS[blocker];
}

/** Why the viewer may not report this match, tournament or league (null: they may). */
export const scoreReportBlocker = (m: ScoredMatch) => (isSeasonMatch(m) ? seasonReportBlocker(m) : reportBlocker(m));
/** Why staff may not set or overwrite this match's result, tournament or league (null: they may). */
export const scoreResultBlocker = (m: ScoredMatch) => (isSeasonMatch(m) ? seasonResultBlocker(m) : staffResultBlocker(m));

const setDraft = (draft: ScoreDraft, side: ScoreSide, value: string): ScoreDraft => ({ ...draft, [side]: value });
/** Typing in a field clears its message and the form's. */
const dropError = (errors: ScoreErrors, side: ScoreSide): ScoreErrors => {
  const { [side]: _gone, form: _form, ...rest } = errors;
  return rest;
};

/**
 * The guided double-entry score flow of a tournament or league match page, and the admin path beside it.
 * Player: SUBMIT SCORE → enter both scores → a dialog asks for them again → equal: submit; different:
 * 'Invalid Scores' / 'Scores must match', the dialog closes and the form keeps the first entry.
 * Admin: SUBMIT SCORE (ADMIN) / OVERWRITE SCORE (ADMIN) → enter → confirm → set the result.
 * Both flows share one `scoring` state; `flow` tells them apart (only the player's is a double entry).
 * The view provides `notifySubmitted`, `notifyMismatch` and `reportError`.
 */
export const scoreSubmissionMachine = setup({
  types: {
    context: {} as ScoreSubmissionContext,
    events: {} as ScoreSubmissionEvent,
    input: {} as ScoreSubmissionInput,
  },
  actors: {
    loadMatch: fromPromise<ScoredMatch, MatchRef>(({ input }) => loadScoredMatch(input)),
    liveEvents: liveEvents<MatchChanges>(),
    /** The player's (or captain's) report, or staff's result through the admin path. */
    submitScore: fromPromise<ScoredMatch, MatchRef & { flow: ScoreFlow; scores: ScoreBody }>(({ input }) =>
      sendScore(input, input.flow, input.scores),
    ),
  },
  actions: {
    notifySubmitted: () => {},
    notifyMismatch: () => {},
    reportError: (_, _params: { error: unknown }) => {},
    resetDrafts: assign({ scores: EMPTY, confirmation: EMPTY, errors: {}, confirmationErrors: {} }),
    clearConfirmation: assign({ confirmation: EMPTY, confirmationErrors: {} }),
    changeScore: assign(({ context, event }) => {
      assertEvent(event, 'score.change');
      return { scores: setDraft(context.scores, event.side, event.value), errors: dropError(context.errors, event.side) };
    }),
    changeConfirmation: assign(({ context, event }) => {
      assertEvent(event, 'confirm.change');
      return {
        confirmation: setDraft(context.confirmation, event.side, event.value),
        confirmationErrors: dropError(context.confirmationErrors, event.side),
      };
    }),
    showErrors: assign({ errors: ({ context }) => draftErrors(context.scores) }),
    showConfirmationErrors: assign({ confirmationErrors: ({ context }) => draftErrors(context.confirmation) }),
    keepMatch: assign({ match: (_, params: { match: ScoredMatch }) => params.match }),
    applyLiveChange: assign({ match: ({ context, event }) => changedMatch(context.match, context.matchId, event) ?? context.match }),
  },
  guards: {
    canReport: ({ context }) => !!context.match && scoreReportBlocker(context.match) === null,
    canSetResult: ({ context }) => context.isStaff && !!context.match && scoreResultBlocker(context.match) === null,
    /** The player's flow asks for the score a second time; staff only confirm theirs. */
    isDoubleEntry: ({ context }) => context.flow === 'report',
    scoresAreValid: ({ context }) => isClean(draftErrors(context.scores)),
    confirmationIsValid: ({ context }) => isClean(draftErrors(context.confirmation)),
    scoresMatch: ({ context }) =>
      Number(context.scores.A) === Number(context.confirmation.A) && Number(context.scores.B) === Number(context.confirmation.B),
    isMissing: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 404,
    changesThisMatch: ({ context, event }) => changedMatch(context.match, context.matchId, event) !== null,
    /** Someone else decided the match (or it changed so) while this player was entering their report. */
    reportNowBlocked: ({ context, event }) => {
      const next = changedMatch(context.match, context.matchId, event);
      return context.flow === 'report' && !!next && scoreReportBlocker(next) !== null;
    },
    isFirstConnection: ({ context }) => context.connection === 'connecting',
    isFollowing: ({ context }) => context.connection !== null,
  },
}).createMachine({
  id: 'scoreSubmission',
  context: ({ input }) => ({ ...input, match: null, flow: 'report', loadError: null, scores: EMPTY, confirmation: EMPTY, errors: {}, confirmationErrors: {}, connection: null }),
  initial: 'loading',
  // Live changes update the match wherever the flow is; a report in flight still gets its own answer after them.
  on: {
    'live.change': { guard: 'changesThisMatch', actions: 'applyLiveChange' },
    'live.lost': { actions: assign({ connection: 'reconnecting' }) },
    'live.connected': { actions: assign({ connection: 'live' }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadMatch',
        src: 'loadMatch',
        input: ({ context }) => ({ tournamentId: context.tournamentId, matchId: context.matchId }),
        onDone: [
          { guard: 'isFollowing', target: 'idle', actions: [{ type: 'keepMatch', params: ({ event }) => ({ match: event.output }) }, assign({ loadError: null })] },
          {
            // The first load: follow the tournament's or division's stream from now on (a reload keeps it).
            target: 'idle',
            actions: [
              { type: 'keepMatch', params: ({ event }) => ({ match: event.output }) },
              assign({ loadError: null, connection: 'connecting' }),
              spawnChild('liveEvents', { id: 'liveEvents', input: ({ context }) => streamOf(context.tournamentId, context.match!) }),
            ],
          },
        ],
        onError: [
          // A missing match is the page's own answer ("Match not found"), not an incident to notify.
          { guard: { type: 'isMissing', params: ({ event }) => ({ error: event.error }) }, target: 'unavailable', actions: assign({ loadError: ({ event }) => event.error }) },
          {
            target: 'unavailable',
            actions: [assign({ loadError: ({ event }) => event.error }), { type: 'reportError', params: ({ event }) => ({ error: event.error }) }],
          },
        ],
      },
    },
    unavailable: { on: { 'match.reload': 'loading' } },
    idle: {
      on: {
        'score.start': { guard: 'canReport', target: 'scoring', actions: assign({ flow: 'report' }) },
        'admin.start': { guard: 'canSetResult', target: 'scoring', actions: assign({ flow: 'staffResult' }) },
        'match.replace': { actions: { type: 'keepMatch', params: ({ event }) => ({ match: event.match }) } },
        // Read again what the stream cannot tell: changes made while the page loaded, or missed while disconnected.
        'live.reset': 'loading',
        'live.connected': { guard: 'isFirstConnection', target: 'loading', actions: assign({ connection: 'live' }) },
      },
    },
    scoring: {
      entry: 'resetDrafts',
      initial: 'entering',
      states: {
        entering: {
          on: {
            'live.change': [
              { guard: 'reportNowBlocked', target: '#scoreSubmission.idle', actions: 'applyLiveChange' },
              { guard: 'changesThisMatch', actions: 'applyLiveChange' },
            ],
            'score.change': { actions: 'changeScore' },
            'score.submit': [{ guard: 'scoresAreValid', target: 'confirming' }, { actions: 'showErrors' }],
            'score.cancel': '#scoreSubmission.idle',
          },
        },
        confirming: {
          entry: 'clearConfirmation',
          on: {
            'live.change': [
              { guard: 'reportNowBlocked', target: '#scoreSubmission.idle', actions: 'applyLiveChange' },
              { guard: 'changesThisMatch', actions: 'applyLiveChange' },
            ],
            'confirm.change': { guard: 'isDoubleEntry', actions: 'changeConfirmation' },
            'confirm.submit': [
              { guard: not('isDoubleEntry'), target: 'submitting' },
              { guard: not('confirmationIsValid'), actions: 'showConfirmationErrors' },
              { guard: 'scoresMatch', target: 'submitting' },
              // The dialog closes; the form keeps the first entry to check and confirm again.
              { target: 'entering', actions: 'notifyMismatch' },
            ],
            'confirm.cancel': 'entering',
          },
        },
        submitting: {
          invoke: {
            id: 'submitScore',
            src: 'submitScore',
            input: ({ context }) => ({
              flow: context.flow,
              tournamentId: context.tournamentId,
              matchId: context.matchId,
              scores: toBody(context.scores),
            }),
            onDone: {
              target: '#scoreSubmission.idle',
              actions: [{ type: 'keepMatch', params: ({ event }) => ({ match: event.output }) }, 'notifySubmitted'],
            },
            onError: { target: 'failed', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        // Cancel reads the match again: it may have moved on (the other side, a team mate or an admin).
        failed: { on: { 'score.retry': 'submitting', 'score.cancel': '#scoreSubmission.loading' } },
      },
    },
  },
});
