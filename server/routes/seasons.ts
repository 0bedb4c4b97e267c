import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { isStaff, requireRole } from '../auth/plugin';
import { idParam, pageQuery, parse } from '../http/validate';
import { getDivisionRow, getSeasonRow, type SeasonRow } from '../services/seasonStore';
import { toDivisionDetail, toSeason, toSeasons, type Viewer } from '../services/seasonView';
import { allSeasons, latestSeason, publishedSeasons, seasonTeams, visibleDivision, visibleSeason } from '../services/seasonQueries';
import { createSeason, deleteSeason, resetSeasonBracket, SEASON_STEPS, setDivisionSplits, updateSeason } from '../services/seasonLifecycle';
import { joinSeason, refundSeasonEntry, registerSeasonEntryPurpose, removeSeasonTeam } from '../services/seasonBilling';
import { assertSeasonTransition } from '../../machines/seasonMachine';
import { actionUrl } from '../../machines/lifecycleActions';
import { SEASON_ACTIONS, SEASON_RESOURCE, SEASON_STEP_ACTIONS } from '../../machines/seasonActions';
import { JoinSeasonBody } from '../../src/api/contract/season';
import { cachedRead } from '../services/publicReadCache';
import { DEFAULT_SERVER_PAGE_SIZE } from '../../src/domain/constants';
import { VALIDATION } from '../../src/domain/messages';

type Params = Record<string, string>;
const params = (request: FastifyRequest) => request.params as Params;
const viewerOf = (request: FastifyRequest): Viewer | null =>
  request.user ? { id: request.user.id, teamId: request.user.teamId } : null;

/** Every season call of seasons-and-admin §7 (Seasons and the season half of Billing). */
export function seasonRoutes(app: FastifyInstance, db: Db, config: Config) {
  const billing = app.billing;
  registerSeasonEntryPurpose(billing);

  /** The season as the caller sees it, divisions included (what every admin step answers). */
  const seasonFor = (request: FastifyRequest, row: SeasonRow) => toSeason(db, row, viewerOf(request));
  const seasonId = (request: FastifyRequest) => idParam(params(request).id);
  const paged = async (
    request: FastifyRequest,
    list: (page: ReturnType<typeof pageQuery>) => Promise<{ rows: SeasonRow[]; total: number }>,
  ) => {
    const page = pageQuery(request.query, DEFAULT_SERVER_PAGE_SIZE);
    const { rows, total } = await list(page);
    return { pageNo: page.pageNo, pageSize: page.perPage, total, results: await toSeasons(db, rows, viewerOf(request)) };
  };

  // ------------------------------------------------------------------ reading

  app.get('/v1/season/all-seasons', async (request) => {
    requireRole(request);
    return paged(request, (page) => allSeasons(db, page));
  });

  /** The public cards. `userId` is the viewer as the SPA knows it; the session decides what the viewer sees. */
  app.get(
    '/v1/season',
    cachedRead(app, { viewer: 'user' }, async (request) => {
      const { userId } = (request.query ?? {}) as Record<string, unknown>;
      if (userId !== undefined && userId !== '') idParam(String(userId), 'userId');
      return paged(request, (page) => publishedSeasons(db, page));
    }),
  );

  app.get('/v1/season/latest', cachedRead(app, { viewer: 'user' }, async (request) => seasonFor(request, await latestSeason(db))));

  app.get(
    '/v1/season/divisions/:id',
    cachedRead(app, { viewer: 'staff' }, async (request) => {
      const division = await visibleDivision(db, idParam(params(request).id), isStaff(request.user));
      return toDivisionDetail(db, division);
    }),
  );

  app.get(
    '/v1/season/:id',
    cachedRead(app, { viewer: 'user' }, async (request) => seasonFor(request, await visibleSeason(db, seasonId(request), isStaff(request.user)))),
  );

  /** View Season Preview (admin, CLOSED): the divisions and groups the saved splits make. */
  app.get('/v1/season/:id/preview', async (request) => {
    requireRole(request);
    const row = await getSeasonRow(db, seasonId(request));
    assertSeasonTransition(row.seasonType, { type: 'season.preview' });
    return seasonFor(request, row);
  });

  app.get('/v1/season/:id/teams', async (request) => {
    requireRole(request);
    const page = pageQuery(request.query, DEFAULT_SERVER_PAGE_SIZE);
    const { results, total } = await seasonTeams(db, seasonId(request), page);
    return { pageNo: page.pageNo, pageSize: page.perPage, total, results };
  });

  // ------------------------------------------------------------------ admin: the season and its lifecycle

  app.post('/v1/season', async (request, reply) => {
    const admin = requireRole(request);
    return reply.code(201).send(await seasonFor(request, await createSeason(db, request.body, admin)));
  });

  app.patch('/v1/season/:id', async (request) => {
    const admin = requireRole(request);
    return seasonFor(request, await updateSeason(db, seasonId(request), request.body, admin));
  });

  app.delete(`/v1${actionUrl(SEASON_RESOURCE, ':id', SEASON_ACTIONS.delete.endpoint)}`, async (request, reply) => {
    const admin = requireRole(request);
    await deleteSeason(db, config, seasonId(request), admin);
    return reply.code(204).send();
  });

  // One POST per lifecycle step of the season action table, at the endpoint the table names.
  for (const action of SEASON_STEP_ACTIONS) {
    app.post(`/v1${actionUrl(SEASON_RESOURCE, ':id', SEASON_ACTIONS[action].endpoint)}`, async (request) => {
      const admin = requireRole(request);
      return seasonFor(request, await SEASON_STEPS[action](db, seasonId(request), admin));
    });
  }

  app.patch('/v1/season/:id/division-splits', async (request) => {
    const admin = requireRole(request);
    return seasonFor(request, await setDivisionSplits(db, seasonId(request), request.body, admin));
  });

  /** Bracket Reset: answers the division as it now stands. */
  app.post('/v1/season/:id/reset-double-elim/:divisionId', async (request) => {
    const admin = requireRole(request);
    const divisionId = idParam(params(request).divisionId, 'divisionId');
    await resetSeasonBracket(db, seasonId(request), divisionId, admin);
    return toDivisionDetail(db, await getDivisionRow(db, divisionId));
  });

  // ------------------------------------------------------------------ billing

  const entryParams = (request: FastifyRequest) => ({
    seasonId: idParam(params(request).seasonId, 'seasonId'),
    teamId: idParam(params(request).teamId, 'teamId'),
  });

  /** `true` for a free season; otherwise the payment secret (the team appears once the payment succeeds). */
  app.post('/v1/billing/join-season/:seasonId/:teamId', async (request) => {
    const { seasonId: id, teamId } = entryParams(request);
    const body = parse(JoinSeasonBody, request.body ?? {}, { termsAccepted: VALIDATION.terms });
    // Guests get the tooltips' answer ("This season is closed" or "Please login to join a season"), not a bare 401.
    const caller = request.user ?? null;
    return joinSeason(db, billing, { caller, seasonId: id, teamId, termsAccepted: body.termsAccepted === true, now: config.now() });
  });

  app.delete('/v1/billing/remove-team/:seasonId/:teamId', async (request, reply) => {
    const admin = requireRole(request);
    const { seasonId: id, teamId } = entryParams(request);
    await removeSeasonTeam(db, id, teamId, admin);
    return reply.code(204).send();
  });

  app.post('/v1/billing/refund-entry/:seasonId/:teamId', async (request) => {
    const admin = requireRole(request);
    const { seasonId: id, teamId } = entryParams(request);
    await refundSeasonEntry(db, billing, id, teamId, admin);
    return { ok: true as const };
  });
}
