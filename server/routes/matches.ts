import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validate } from 'superstruct';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { requireRole, requireUser } from '../auth/plugin';
import { badRequest, notFound } from '../http/errors';
import { idParam, pageQuery, parse } from '../http/validate';
import { MatchEntriesPatch, ScoreBody } from '../../src/api/contract/tournament';
import { VALIDATION } from '../../src/domain/messages';
import { SCORE_MAX, SCORE_MIN } from '../../src/domain/constants';
import { resetTournament } from '../services/brackets';
import { getTournamentMatch } from '../services/matchReadModel';
import { acceptsGzip, createBracketReadCache, etagMatches, type BracketShape } from '../services/bracketReadCache';
import { changeMatchEntries, setMatchResult, submitScore } from '../services/matchResults';
import { listQueue, QUEUE_KINDS, type QueueKind } from '../services/matchQueues';

/**
 * The score body with the form's wording: a missing or non-numeric score is "Please enter a valid score",
 * a whole number outside 0–3 is "Score must be between 0 and 3".
 */
export function parseScores(body: unknown): ScoreBody {
  const input = (body ?? {}) as Record<string, unknown>;
  for (const field of ['entryAScore', 'entryBScore']) {
    const value = input[field];
    if (typeof value !== 'number' || !Number.isInteger(value)) throw badRequest(VALIDATION.score.required);
    if (value < SCORE_MIN || value > SCORE_MAX) throw badRequest(VALIDATION.score.range);
  }
  const [error, scores] = validate(input, ScoreBody);
  if (error) throw badRequest(error.failures()[0]?.type === 'never' ? `Unknown field "${error.path.join('.')}"` : VALIDATION.score.required);
  return scores;
}

const params = (raw: unknown) => {
  const p = raw as { id?: string; matchId?: string };
  return { tournamentId: idParam(p.id, 'id'), matchId: p.matchId === undefined ? 0 : idParam(p.matchId, 'matchId') };
};

export function matchRoutes(app: FastifyInstance, db: Db, config: Config) {
  const brackets = createBracketReadCache(db);

  /** Sends a bracket body of `shape`: 304 for a matching If-None-Match, else the cached JSON (gzipped when accepted). */
  async function sendBracket(request: FastifyRequest, reply: FastifyReply, shape: BracketShape) {
    const { tournamentId } = params(request.params);
    const etag = await brackets.etag(tournamentId, shape);
    const vary = reply.getHeader('vary');
    reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    reply.type('application/json; charset=utf-8');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const cached = await brackets.body(tournamentId, etag, shape);
    if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(cached.body);
    return reply.header('content-encoding', 'gzip').send(cached.gzipped);
  }

  /**
   * The whole bracket (public, the same for every viewer). Large brackets are megabytes, so the answer carries an
   * ETag from the tournament's bracket version: a client that polls with If-None-Match gets 304 after one indexed
   * read, before anything is built; a 200 is served from the serialized body kept per version, gzipped (once per
   * version) for a client that accepts it.
   */
  app.get('/v1/tournament/:id/match', (request, reply) => sendBracket(request, reply, 'matches'));

  /** The same bracket in the canvas's compact form (src/api/contract/bracket.ts), cached and revalidated alike. */
  app.get('/v1/tournament/:id/bracket', (request, reply) => sendBracket(request, reply, 'compact'));

  /** One match (public), with its tournament and the viewer's side. */
  app.get('/v1/tournament/:id/match/:matchId', async (request) => {
    const { tournamentId, matchId } = params(request.params);
    return getTournamentMatch(db, tournamentId, matchId, request.user?.id ?? null);
  });

  /** SUBMIT SCORE: a player of one side reports (double entry). */
  app.post('/v1/tournament/:id/match/:matchId', async (request) => {
    const user = requireUser(request);
    const { tournamentId, matchId } = params(request.params);
    const scores = parseScores(request.body);
    await submitScore(db, { tournamentId, matchId, userId: user.id, scores });
    return getTournamentMatch(db, tournamentId, matchId, user.id);
  });

  /** SUBMIT SCORE (ADMIN) / OVERWRITE SCORE (ADMIN). */
  app.post('/v1/tournament/:id/match/:matchId/admin', async (request) => {
    const user = requireRole(request);
    const { tournamentId, matchId } = params(request.params);
    const scores = parseScores(request.body);
    await setMatchResult(db, { tournamentId, matchId, scores, actor: user });
    return getTournamentMatch(db, tournamentId, matchId, user.id);
  });

  /** CHANGE TEAMS (admin): other entries of this tournament into an undecided round-1 match. */
  app.patch('/v1/tournament/:id/match/:matchId', async (request) => {
    const user = requireRole(request);
    const { tournamentId, matchId } = params(request.params);
    const patch = parse(MatchEntriesPatch, request.body);
    await changeMatchEntries(db, { tournamentId, matchId, patch, actor: user });
    return getTournamentMatch(db, tournamentId, matchId, user.id);
  });

  /** Reset Bracket (admin): irreversible, one transaction. */
  app.post('/v1/tournament/:id/reset', async (request, reply) => {
    const admin = requireRole(request);
    const { tournamentId } = params(request.params);
    await resetTournament(db, tournamentId, admin);
    return reply.code(204).send();
  });

  /** The admin queues of tournament matches: dispute, incomplete, overdue (paged, searchable). */
  app.get('/v1/tournament/tournament-matches/:kind', async (request) => {
    requireRole(request);
    const kind = (request.params as { kind: string }).kind as QueueKind;
    if (!QUEUE_KINDS.includes(kind)) throw notFound(`No route for GET /v1/tournament/tournament-matches/${kind}`);
    const page = pageQuery(request.query);
    const { total, results } = await listQueue(db, kind, page, config.now());
    return { pageNo: page.pageNo, pageSize: page.perPage, total, results };
  });
}
