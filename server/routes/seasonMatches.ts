import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { isStaff, requireRole, requireUser } from '../auth/plugin';
import { idParam, pageQuery, parse } from '../http/validate';
import { parseScores } from './matches';
import { QUEUE_KINDS } from '../services/matchQueues';
import { divisionMatches, getSeasonMatch, groupMatches, listSeasonQueue, type MatchViewer } from '../services/seasonMatchQueries';
import { reportSeasonScore, setSeasonMatchResult } from '../services/seasonMatchResults';
import { TestEloBody } from '../../src/api/contract/season';
import { DEFAULT_SERVER_PAGE_SIZE } from '../../src/domain/constants';
import { newRating } from '../../src/domain/rating';
import { cachedRead } from '../services/publicReadCache';

const viewerOf = (request: FastifyRequest): MatchViewer | null =>
  request.user ? { id: request.user.id, teamId: request.user.teamId, teamRole: request.user.teamRole } : null;

/**
 * The league match calls of seasons-and-admin §7 (Matches): reads, the captains' score reports and the admin result
 * (the spec names no path for those: they mirror the tournament calls, docs/decisions.md), the admin queues and
 * Test Elo. The static paths (/division, /group, /dispute, /test-increase …) win over /v1/match/:id.
 */
export function seasonMatchRoutes(app: FastifyInstance, db: Db, config: Config) {
  const matchId = (request: FastifyRequest) => idParam((request.params as { id?: string }).id);
  const matchView = (request: FastifyRequest, id: number) => getSeasonMatch(db, id, viewerOf(request), isStaff(request.user));

  app.get(
    '/v1/match/division/:divisionId',
    cachedRead(app, { viewer: 'staff' }, async (request) =>
      divisionMatches(db, idParam((request.params as { divisionId?: string }).divisionId, 'divisionId'), isStaff(request.user)),
    ),
  );

  app.get(
    '/v1/match/group/:groupId',
    cachedRead(app, { viewer: 'staff' }, async (request) =>
      groupMatches(db, idParam((request.params as { groupId?: string }).groupId, 'groupId'), isStaff(request.user)),
    ),
  );

  /** The admin queues' Season matches tables (paged, searchable by season or team name). */
  for (const kind of QUEUE_KINDS) {
    app.get(`/v1/match/${kind}`, async (request) => {
      requireRole(request);
      const page = pageQuery(request.query, DEFAULT_SERVER_PAGE_SIZE);
      const { total, results } = await listSeasonQueue(db, kind, page, config.now());
      return { pageNo: page.pageNo, pageSize: page.perPage, total, results };
    });
  }

  /**
   * Test Elo (admin): the rank one player would have after a match, through the same rating function as a decided
   * league match. test-increase: the player's side scored higher; test-decrease: it scored lower.
   */
  for (const [path, won] of [
    ['test-increase', true],
    ['test-decrease', false],
  ] as const) {
    app.put(`/v1/match/${path}`, async (request) => {
      requireRole(request);
      const body = parse(TestEloBody, request.body);
      const [high, low] = [Math.max(body.teamAScore, body.teamBScore), Math.min(body.teamAScore, body.teamBScore)];
      return newRating({
        kr: body.kr,
        opponentAverageKr: body.averageKr,
        ownScore: won ? high : low,
        opponentScore: won ? low : high,
      });
    });
  }

  /** The league match page (public; an unpublished season's matches only for staff). */
  app.get('/v1/match/:id', cachedRead(app, { viewer: 'user' }, async (request) => matchView(request, matchId(request))));

  /** SUBMIT SCORE: a captain of either team reports (double entry); answers the match as it now stands. */
  app.post('/v1/match/:id', async (request) => {
    const user = requireUser(request);
    const id = matchId(request);
    const scores = parseScores(request.body);
    await reportSeasonScore(db, { matchId: id, user: { id: user.id, teamId: user.teamId, teamRole: user.teamRole }, staff: isStaff(user), scores });
    return matchView(request, id);
  });

  /** SUBMIT SCORE (ADMIN) / OVERWRITE SCORE (ADMIN). */
  app.post('/v1/match/:id/admin', async (request) => {
    const admin = requireRole(request);
    const id = matchId(request);
    const scores = parseScores(request.body);
    await setSeasonMatchResult(db, { matchId: id, scores, actor: admin });
    return matchView(request, id);
  });
}
