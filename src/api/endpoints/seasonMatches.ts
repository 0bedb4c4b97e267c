import { api } from '../client';
import { SeasonMatchList, SeasonMatchView, TestEloAnswer, type TestEloBody } from '../contract/season';
import type { ScoreBody } from '../contract/tournament';
import type { MatchQueueKind } from '../../domain/constants';

/** GET /v1/match/{id}: one league match. */
export const getSeasonMatch = (id: number) => api.call(`/match/${id}`, SeasonMatchView);

/** POST /v1/match/{id}: a captain of either team reports the score (answers the match). */
export const submitSeasonScore = (id: number, scores: ScoreBody) =>
  api.call(`/match/${id}`, SeasonMatchView, { method: 'POST', body: scores });

/** POST /v1/match/{id}/admin: staff set or overwrite the result (answers the match). */
export const setSeasonMatchResult = (id: number, scores: ScoreBody) =>
  api.call(`/match/${id}/admin`, SeasonMatchView, { method: 'POST', body: scores });

/** GET /v1/match/division/{divisionId}: every match of a division's playoff bracket. */
export const getDivisionMatches = (divisionId: number) => api.call(`/match/division/${divisionId}`, SeasonMatchList);

/** GET /v1/match/group/{groupId}: every match of a group. */
export const getGroupMatches = (groupId: number) => api.call(`/match/group/${groupId}`, SeasonMatchList);

/** The paged admin queues of league matches (for usePagedList): GET /v1/match/{dispute|incomplete|overdue}. */
export const seasonMatchQueueEndpoint = (kind: MatchQueueKind) => `/match/${kind}`;

/** PUT /v1/match/test-increase or /test-decrease: the rank the player would have after the result. */
export const testElo = (direction: 'increase' | 'decrease', body: TestEloBody) =>
  api.call(`/match/test-${direction}`, TestEloAnswer, { method: 'PUT', body });
