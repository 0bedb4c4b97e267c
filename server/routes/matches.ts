import { array, enums, type } from 'superstruct';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { badRequest, notFound } from '../http/errors';
import { pageAnswer, toPage } from '../http/validate';
import { defineRoute, input } from '../http/route';
import { MatchEntriesPatch, ScoreBody, TournamentMatch, TournamentQueueMatch } from '../../src/api/contract/tournament';
import { CompactBracket } from '../../src/api/contract/bracket';
import { IdParam, PageQuery, Paged } from '../../src/api/contract/common';
import { VALIDATION } from '../../src/domain/messages';
import { MATCH_QUEUE_KINDS, SCORE_MAX, SCORE_MIN } from '../../src/domain/constants';
import { resetTournament } from '../services/brackets';
import { getTournamentMatch } from '../services/matchReadModel';
import { acceptsGzip, createBracketReadCache, etagMatches, type BracketShape } from '../services/bracketReadCache';
import { changeMatchEntries, setMatchResult, submitScore } from '../services/matchResults';
import { listQueue } from '../services/matchQueues';

/**
 * The score body with the form's wording: a missing or non-numeric score is "Please enter a valid score",
 * a whole number outside 0–3 is "Score must be between 0 and 3".
 */
export const ScoresInput = input(ScoreBody, {
  messages: { entryAScore: VALIDATION.score.required, entryBScore: VALIDATION.score.required },
  prepare: (raw) => {
    for (const field of ['entryAScore', 'entryBScore']) {
      const value = raw[field];
      if (typeof value !== 'number' || !Number.isInteger(value)) throw badRequest(VALIDATION.score.required);
      if (value < SCORE_MIN || value > SCORE_MAX) throw badRequest(VALIDATION.score.range);
    }
    return raw;
  },
});

const ById = type({ id: IdParam });
const MatchById = type({ id: IdParam, matchId: IdParam });
const RESULT_ERRORS = { 409: "The match is not open for a result, or scores are off for this tournament" };

export function matchRoutes(app: FastifyInstance, db: Db, config: Config) {
  const brackets = createBracketReadCache(db);

  /** Sends a bracket body of `shape`: 304 for a matching If-None-Match, else the cached JSON (gzipped when accepted). */
  async function sendBracket(request: FastifyRequest, reply: FastifyReply, tournamentId: number, shape: BracketShape) {
    const etag = await brackets.etag(tournamentId, shape);
    const vary = reply.getHeader('vary');
    reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    reply.type('application/json; charset=utf-8');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const cached = await brackets.body(tournamentId, etag, shape);
    if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(cached.body);
    return reply.header('content-encoding', 'gzip').send(cached.gzipped);
  }

  /*
   * The whole bracket (public, the same for every viewer). Large brackets are megabytes, so the answer carries an
   * ETag from the tournament's bracket version: a client that polls with If-None-Match gets 304 after one indexed
   * read, before anything is built; a 200 is served from the serialized body kept per version, gzipped (once per
   * version) for a client that accepts it. /bracket: the same bracket in the canvas's compact form
   * (src/api/contract/bracket.ts), cached and revalidated alike.
   */
  for (const [path, shape, answer, summary] of [
    ['match', 'matches', array(TournamentMatch), 'The whole bracket: every match (ETag; 304 for a matching If-None-Match)'],
    ['bracket', 'compact', CompactBracket, "The bracket in the canvas's compact form (ETag; 304 for a matching If-None-Match)"],
  ] as const) {
    defineRoute(
      app,
      { method: 'GET', url: `/v1/tournament/:id/${path}`, summary, access: 'public', params: ById, responses: { 200: answer, 304: null } },
      async ({ request, reply, params }) => sendBracket(request, reply, params.id, shape),
    );
  }

  defineRoute(
    app,
    { method: 'GET', url: '/v1/tournament/:id/match/:matchId', summary: "One match, with its tournament and the viewer's side", access: 'public', params: MatchById, responses: TournamentMatch },
    async ({ user, params }) => getTournamentMatch(db, params.id, params.matchId, user?.id ?? null),
  );

  defineRoute(
    app,
    { method: 'POST', url: '/v1/tournament/:id/match/:matchId', summary: 'SUBMIT SCORE: a player of one side reports (double entry)', access: 'user', who: 'a player of either side', params: MatchById, body: ScoresInput, responses: TournamentMatch, errors: RESULT_ERRORS },
    async ({ user, params, body }) => {
      await submitScore(db, { tournamentId: params.id, matchId: params.matchId, userId: user.id, scores: body });
      return getTournamentMatch(db, params.id, params.matchId, user.id);
    },
  );

  defineRoute(
    app,
    { method: 'POST', url: '/v1/tournament/:id/match/:matchId/admin', summary: 'SUBMIT SCORE (ADMIN) / OVERWRITE SCORE (ADMIN)', access: 'staff', params: MatchById, body: ScoresInput, responses: TournamentMatch, errors: RESULT_ERRORS },
    async ({ user, params, body }) => {
      await setMatchResult(db, { tournamentId: params.id, matchId: params.matchId, scores: body, actor: user });
      return getTournamentMatch(db, params.id, params.matchId, user.id);
    },
  );

  defineRoute(
    app,
    { method: 'PATCH', url: '/v1/tournament/:id/match/:matchId', summary: 'CHANGE TEAMS: other entries of this tournament into an undecided round-1 match', access: 'staff', params: MatchById, body: MatchEntriesPatch, responses: TournamentMatch, errors: RESULT_ERRORS },
    async ({ user, params, body }) => {
      await changeMatchEntries(db, { tournamentId: params.id, matchId: params.matchId, patch: body, actor: user });
      return getTournamentMatch(db, params.id, params.matchId, user.id);
    },
  );

  defineRoute(
    app,
    { method: 'POST', url: '/v1/tournament/:id/reset', summary: 'Reset Bracket: irreversible, one transaction', access: 'staff', params: ById, responses: null, errors: { 409: "Not allowed in the tournament's state" } },
    async ({ user, params }) => {
      await resetTournament(db, params.id, user);
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/v1/tournament/tournament-matches/:kind',
      summary: 'The admin queues of tournament matches: dispute, incomplete, overdue (paged, searchable)',
      access: 'staff',
      params: input(type({ kind: enums(MATCH_QUEUE_KINDS) }), {
        prepare: (raw) => {
          if (!(MATCH_QUEUE_KINDS as readonly unknown[]).includes(raw.kind)) throw notFound(`No route for GET /v1/tournament/tournament-matches/${String(raw.kind)}`);
          return raw;
        },
      }),
      query: PageQuery,
      responses: Paged(TournamentQueueMatch),
    },
    async ({ params, query }) => {
      const page = toPage(query);
      const { total, results } = await listQueue(db, params.kind, page, config.now());
      return pageAnswer(page, total, results);
    },
  );
}
