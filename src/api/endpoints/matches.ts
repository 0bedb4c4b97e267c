import { array } from 'superstruct';
import { api } from '../client';
import { TournamentMatch, type MatchEntriesPatch, type ScoreBody } from '../contract/tournament';
import type { MatchQueueKind } from '../../domain/constants';

const base = (tournamentId: number) => `/tournament/${tournamentId}/match`;

/** GET /v1/tournament/{id}/match: every match of the bracket in play order (empty before the bracket exists). */
export const getTournamentMatches = (tournamentId: number) => api.call(base(tournamentId), array(TournamentMatch));

/** GET /v1/tournament/{id}/match/{matchId}: one match with its tournament and the viewer's side. */
export const getTournamentMatch = (tournamentId: number, matchId: number) =>
  api.call(`${base(tournamentId)}/${matchId}`, TournamentMatch);

/** POST /v1/tournament/{id}/match/{matchId}: a player reports the score of their match (answers the match). */
export const submitMatchScore = (tournamentId: number, matchId: number, scores: ScoreBody) =>
  api.call(`${base(tournamentId)}/${matchId}`, TournamentMatch, { method: 'POST', body: scores });

/** POST /v1/tournament/{id}/match/{matchId}/admin: staff set or overwrite the result (answers the match). */
export const setMatchResult = (tournamentId: number, matchId: number, scores: ScoreBody) =>
  api.call(`${base(tournamentId)}/${matchId}/admin`, TournamentMatch, { method: 'POST', body: scores });

/** PATCH /v1/tournament/{id}/match/{matchId}: staff put other entries into the match (answers the match). */
export const changeMatchEntries = (tournamentId: number, matchId: number, patch: MatchEntriesPatch) =>
  api.call(`${base(tournamentId)}/${matchId}`, TournamentMatch, { method: 'PATCH', body: patch });

/** POST /v1/tournament/{id}/reset: staff clear every result of the bracket (irreversible). */
export const resetTournamentBracket = (tournamentId: number) => api.send(`/tournament/${tournamentId}/reset`, { method: 'POST' });


/** The paged admin queues (for usePagedList): GET /v1/tournament/tournament-matches/{dispute|incomplete|overdue}. */
export const matchQueueEndpoint = (kind: MatchQueueKind) => `/tournament/tournament-matches/${kind}`;
