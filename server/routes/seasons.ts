import { assign, literal, optional, type, union } from 'superstruct';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { isStaff } from '../auth/plugin';
import { pageAnswer, toPage, type Page } from '../http/validate';
import { defineRoute, input } from '../http/route';
import { getDivisionRow, getSeasonRow, seasonBodyInput, type SeasonRow } from '../services/seasonStore';
import { toDivisionDetail, toSeason, toSeasons, type Viewer } from '../services/seasonView';
import { allSeasons, latestSeason, publishedSeasons, seasonTeams, visibleDivision, visibleSeason } from '../services/seasonQueries';
import { createSeason, deleteSeason, resetSeasonBracket, SEASON_STEPS, setDivisionSplits, updateSeason } from '../services/seasonLifecycle';
import { joinSeason, refundSeasonEntry, registerSeasonEntryPurpose, removeSeasonTeam } from '../services/seasonBilling';
import { assertSeasonTransition } from '../../machines/rules/seasonMachine';
import { actionUrl } from '../../machines/rules/lifecycleActions';
import { SEASON_ACTIONS, SEASON_RESOURCE, SEASON_STEP_ACTIONS } from '../../machines/rules/seasonActions';
import { DivisionDetail, DivisionSplitsBody, JoinSeasonBody, Season, SeasonPage, SeasonTeamPage } from '../../src/api/contract/season';
import { PaymentSecret, RefundAnswer } from '../../src/api/contract/billing';
import { IdParam, PageQuery } from '../../src/api/contract/common';
import { DEFAULT_SERVER_PAGE_SIZE } from '../../src/domain/constants';
import { VALIDATION } from '../../src/domain/messages';

const ById = type({ id: IdParam });
const EntryParams = type({ seasonId: IdParam, teamId: IdParam });
const STATE_ERRORS = { 409: "Not allowed in the season's state" };
const viewerOf = (request: FastifyRequest): Viewer | null =>
  request.user ? { id: request.user.id, teamId: request.user.teamId } : null;

/** Every season call of seasons-and-admin §7 (Seasons and the season half of Billing). */
export function seasonRoutes(app: FastifyInstance, db: Db, config: Config) {
  const billing = app.billing;
  registerSeasonEntryPurpose(billing);

  /** The season as the caller sees it, divisions included (what every admin step answers). */
  const seasonFor = (request: FastifyRequest, row: SeasonRow) => toSeason(db, row, viewerOf(request));
  const paged = async (request: FastifyRequest, page: Page, list: (page: Page) => Promise<{ rows: SeasonRow[]; total: number }>) => {
    const { rows, total } = await list(page);
    return pageAnswer(page, total, await toSeasons(db, rows, viewerOf(request)));
  };

  // ------------------------------------------------------------------ reading

  defineRoute(
    app,
    { method: 'GET', url: '/v1/season/all-seasons', summary: 'The admin seasons table: every season, paged and searchable', access: 'staff', query: PageQuery, responses: SeasonPage },
    async ({ request, query }) => paged(request, toPage(query, DEFAULT_SERVER_PAGE_SIZE), (page) => allSeasons(db, page)),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/v1/season',
      summary: 'The public season cards, paged',
      description: '`userId` is the viewer as the SPA knows it; the session decides what the viewer sees.',
      access: 'public',
      query: input(assign(PageQuery, type({ userId: optional(union([IdParam, literal('')])) })), { messages: { userId: '"userId" must be a positive integer' } }),
      responses: SeasonPage,
      cache: { viewer: 'user' },
    },
    async ({ request, query }) => paged(request, toPage(query, DEFAULT_SERVER_PAGE_SIZE), (page) => publishedSeasons(db, page)),
  );

  defineRoute(
    app,
    { method: 'GET', url: '/v1/season/latest', summary: 'The latest published season', access: 'public', responses: Season, cache: { viewer: 'user' } },
    async ({ request }) => seasonFor(request, await latestSeason(db)),
  );

  defineRoute(
    app,
    { method: 'GET', url: '/v1/season/divisions/:id', summary: 'One division: its groups, teams and bracket', access: 'public', who: "an unpublished season's divisions only for staff", params: ById, responses: DivisionDetail, cache: { viewer: 'staff' } },
    async ({ user, params }) => toDivisionDetail(db, await visibleDivision(db, params.id, isStaff(user))),
  );

  defineRoute(
    app,
    { method: 'GET', url: '/v1/season/:id', summary: 'One season as the caller sees it, divisions included', access: 'public', who: 'an unpublished season only for staff', params: ById, responses: Season, cache: { viewer: 'user' } },
    async ({ request, user, params }) => seasonFor(request, await visibleSeason(db, params.id, isStaff(user))),
  );

  defineRoute(
    app,
    { method: 'GET', url: '/v1/season/:id/preview', summary: 'View Season Preview (CLOSED): the divisions and groups the saved splits make', access: 'staff', params: ById, responses: Season, errors: STATE_ERRORS },
    async ({ request, params }) => {
      const row = await getSeasonRow(db, params.id);
      assertSeasonTransition(row.seasonType, { type: 'season.preview' });
      return seasonFor(request, row);
    },
  );

  defineRoute(
    app,
    { method: 'GET', url: '/v1/season/:id/teams', summary: 'The teams of a season, paged and searchable', access: 'staff', params: ById, query: PageQuery, responses: SeasonTeamPage },
    async ({ params, query }) => {
      const page = toPage(query, DEFAULT_SERVER_PAGE_SIZE);
      const { results, total } = await seasonTeams(db, params.id, page);
      return pageAnswer(page, total, results);
    },
  );

  // ------------------------------------------------------------------ admin: the season and its lifecycle

  defineRoute(
    app,
    { method: 'POST', url: '/v1/season', summary: 'Create a season (the season dialog)', access: 'staff', body: seasonBodyInput, responses: { 201: Season } },
    async ({ request, user, body }) => seasonFor(request, await createSeason(db, body, user)),
  );

  defineRoute(
    app,
    { method: 'PATCH', url: '/v1/season/:id', summary: "Edit the season dialog's fields (any state)", access: 'staff', params: ById, body: seasonBodyInput, responses: Season, errors: STATE_ERRORS },
    async ({ request, user, params, body }) => seasonFor(request, await updateSeason(db, params.id, body, user)),
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: `/v1${actionUrl(SEASON_RESOURCE, ':id', SEASON_ACTIONS.delete.endpoint)}`,
      summary: 'Delete a season with its divisions, entries and matches',
      access: 'staff',
      params: ById,
      responses: null,
      errors: { ...STATE_ERRORS, 502: 'Discord did not answer' },
    },
    async ({ user, params }) => {
      await deleteSeason(db, config, params.id, user);
    },
  );

  // One POST per lifecycle step of the season action table, at the endpoint the table names.
  for (const action of SEASON_STEP_ACTIONS) {
    defineRoute(
      app,
      {
        method: 'POST',
        url: `/v1${actionUrl(SEASON_RESOURCE, ':id', SEASON_ACTIONS[action].endpoint)}`,
        summary: `Lifecycle step: ${SEASON_ACTIONS[action].label}`,
        access: 'staff',
        params: ById,
        responses: Season,
        errors: STATE_ERRORS,
      },
      async ({ request, user, params }) => seasonFor(request, await SEASON_STEPS[action](db, params.id, user)),
    );
  }

  defineRoute(
    app,
    { method: 'PATCH', url: '/v1/season/:id/division-splits', summary: 'CLOSED: save the division splits and place the teams by them', access: 'staff', params: ById, body: DivisionSplitsBody, responses: Season, errors: STATE_ERRORS },
    async ({ request, user, params, body }) => seasonFor(request, await setDivisionSplits(db, params.id, body, user)),
  );

  defineRoute(
    app,
    { method: 'POST', url: '/v1/season/:id/reset-double-elim/:divisionId', summary: 'Bracket Reset: answers the division as it now stands', access: 'staff', params: type({ id: IdParam, divisionId: IdParam }), responses: DivisionDetail, errors: STATE_ERRORS },
    async ({ user, params }) => {
      await resetSeasonBracket(db, params.id, params.divisionId, user);
      return toDivisionDetail(db, await getDivisionRow(db, params.divisionId));
    },
  );

  // ------------------------------------------------------------------ billing

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/v1/billing/join-season/:seasonId/:teamId',
      summary: 'Join a season: true for a free season; otherwise the payment secret (the team appears once the payment succeeds)',
      // Guests get the tooltips' answer ("This season is closed" or "Please login to join a season"), not a bare 401.
      access: 'public',
      who: "the team's captain (a guest is told to sign in)",
      params: EntryParams,
      body: input(JoinSeasonBody, { messages: { termsAccepted: VALIDATION.terms } }),
      responses: union([literal(true), PaymentSecret]),
      errors: { 401: 'Not signed in', 409: 'The season is closed, or the team already joined' },
    },
    async ({ user, params, body }) =>
      joinSeason(db, billing, { caller: user, seasonId: params.seasonId, teamId: params.teamId, termsAccepted: body.termsAccepted === true, now: config.now() }),
  );

  defineRoute(
    app,
    { method: 'DELETE', url: '/v1/billing/remove-team/:seasonId/:teamId', summary: 'Remove a team from a season', access: 'staff', params: EntryParams, responses: null, errors: STATE_ERRORS },
    async ({ user, params }) => {
      await removeSeasonTeam(db, params.seasonId, params.teamId, user);
    },
  );

  defineRoute(
    app,
    { method: 'POST', url: '/v1/billing/refund-entry/:seasonId/:teamId', summary: "Refund a team's season entry fee", access: 'staff', params: EntryParams, responses: RefundAnswer, errors: { 409: 'Nothing to refund' } },
    async ({ user, params }) => {
      await refundSeasonEntry(db, billing, params.seasonId, params.teamId, user);
      return { ok: true as const };
    },
  );
}
