import { type } from 'superstruct';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { isStaff } from '../auth/plugin';
import { pageAnswer, toPage } from '../http/validate';
import { defineRoute } from '../http/route';
import { ScoresInput } from './matches';
import { divisionMatches, getSeasonMatch, groupMatches, listSeasonQueue, type MatchViewer } from '../services/seasonMatchQueries';
import { reportSeasonScore, setSeasonMatchResult } from '../services/seasonMatchResults';
import { SeasonMatchList, SeasonMatchView, SeasonQueuePage, TestEloAnswer, TestEloBody } from '../../src/api/contract/season';
import { IdParam, PageQuery } from '../../src/api/contract/common';
import { DEFAULT_SERVER_PAGE_SIZE, MATCH_QUEUE_KINDS } from '../../src/domain/constants';
import { newRating } from '../../src/domain/rating';

const viewerOf = (request: FastifyRequest): MatchViewer | null =>
  request.user ? { id: request.user.id, teamId: request.user.teamId, teamRole: request.user.teamRole } : null;

const ById = type({ id: IdParam });
const RESULT_ERRORS = { 409: 'The match is not open for a result' };

/**
 * The league match calls of seasons-and-admin §7 (Matches): reads, the captains' score reports and the admin result
 * (the spec names no path for those: they mirror the tournament calls, docs/decisions.md), the admin queues and
 * Test Elo. The static paths (/division, /group, /dispute, /test-increase …) win over /v1/match/:id.
 */
export function seasonMatchRoutes(app: FastifyInstance, db: Db, config: Config) {
  const matchView = (request: FastifyRequest, id: number) => getSeasonMatch(db, id, viewerOf(request), isStaff(request.user));

  defineRoute(
    app,
    { method: 'GET', url: '/v1/match/division/:divisionId', summary: "A division's league matches", access: 'public', who: "an unpublished season's matches only for staff", params: type({ divisionId: IdParam }), responses: SeasonMatchList, cache: { viewer: 'staff' } },
    async ({ user, params }) => divisionMatches(db, params.divisionId, isStaff(user)),
  );

  defineRoute(
    app,
    { method: 'GET', url: '/v1/match/group/:groupId', summary: "A group's league matches", access: 'public', who: "an unpublished season's matches only for staff", params: type({ groupId: IdParam }), responses: SeasonMatchList, cache: { viewer: 'staff' } },
    async ({ user, params }) => groupMatches(db, params.groupId, isStaff(user)),
  );

  for (const kind of MATCH_QUEUE_KINDS) {
    defineRoute(
      app,
      { method: 'GET', url: `/v1/match/${kind}`, summary: `The admin queue of ${kind} league matches (paged, searchable by season or team name)`, access: 'staff', query: PageQuery, responses: SeasonQueuePage },
      async ({ query }) => {
        const page = toPage(query, DEFAULT_SERVER_PAGE_SIZE);
        const { total, results } = await listSeasonQueue(db, kind, page, config.now());
        return pageAnswer(page, total, results);
      },
    );
  }

  /**
   * Test Elo (admin): the rank one player would have after a match, through the same rating function as a decided
   * league match. test-increase: the player's side scored higher; test-decrease: it scored lower.
   */
  for (const [path, won] of [
    ['test-increase', true],
    ['test-decrease', false],
  ] as const) {
    defineRoute(
      app,
      { method: 'PUT', url: `/v1/match/${path}`, summary: `Test Elo: the rank a player would have after ${won ? 'winning' : 'losing'} a match`, access: 'staff', body: TestEloBody, responses: TestEloAnswer },
      async ({ body }) => {
        const [high, low] = [Math.max(body.teamAScore, body.teamBScore), Math.min(body.teamAScore, body.teamBScore)];
        return newRating({ kr: body.kr, opponentAverageKr: body.averageKr, ownScore: won ? high : low, opponentScore: won ? low : high });
      },
    );
  }

  defineRoute(
    app,
    { method: 'GET', url: '/v1/match/:id', summary: 'The league match page', access: 'public', who: "an unpublished season's matches only for staff", params: ById, responses: SeasonMatchView, cache: { viewer: 'user' } },
    async ({ request, params }) => matchView(request, params.id),
  );

  defineRoute(
    app,
    { method: 'POST', url: '/v1/match/:id', summary: 'SUBMIT SCORE: a captain of either team reports (double entry); answers the match as it now stands', access: 'user', who: 'a captain of either team', params: ById, body: ScoresInput, responses: SeasonMatchView, errors: RESULT_ERRORS },
    async ({ request, user, params, body }) => {
      await reportSeasonScore(db, { matchId: params.id, user: { id: user.id, teamId: user.teamId, teamRole: user.teamRole }, staff: isStaff(user), scores: body });
      return matchView(request, params.id);
    },
  );

  defineRoute(
    app,
    { method: 'POST', url: '/v1/match/:id/admin', summary: 'SUBMIT SCORE (ADMIN) / OVERWRITE SCORE (ADMIN)', access: 'staff', params: ById, body: ScoresInput, responses: SeasonMatchView, errors: RESULT_ERRORS },
    async ({ request, user, params, body }) => {
      await setSeasonMatchResult(db, { matchId: params.id, scores: body, actor: user });
      return matchView(request, params.id);
    },
  );
}
