import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { requireRole, requireUser } from '../auth/plugin';
import type { Billing } from '../billing/types';
import { boolQuery, idParam, pageQuery, parse } from '../http/validate';
import { readImageUpload } from '../storage/images';
import { featuredTournament, toTournament, toTournaments } from '../services/tournamentView';
import {
  allTournaments,
  hallOfFame,
  listTournaments,
  tournamentRoundNames,
  upcomingTournaments,
  userTournaments,
} from '../services/tournamentQueries';
import {
  cleanTournamentDiscord,
  createTournament,
  deleteTournament,
  setTournamentLogo,
  startTournament,
  TOURNAMENT_STEPS,
  updateTournament,
} from '../services/tournamentLifecycle';
import { actionUrl } from '../../machines/lifecycleActions';
import { TOURNAMENT_ACTIONS, TOURNAMENT_RESOURCE, TOURNAMENT_STEP_ACTIONS, type TournamentAction } from '../../machines/tournamentActions';
import { gameQuery } from '../services/tournamentForm';
import { getTournament } from '../services/tournamentStore';
import { ENTRY_KINDS, listEntries, removeEntry, switcherooEntries, type EntryKind } from '../services/tournamentEntries';
import { badRequest } from '../http/errors';
import { joinTournament, registerTournamentEntryPurpose } from '../services/tournamentJoin';
import { JoinTournamentBody } from '../../src/api/contract/tournament';
import { DEFAULT_SERVER_PAGE_SIZE } from '../../src/domain/constants';
import { VALIDATION } from '../../src/domain/messages';
import { cachedRead } from '../services/publicReadCache';

type Params = Record<string, string>;
const params = (request: FastifyRequest) => request.params as Params;
const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;
const viewerId = (request: FastifyRequest) => request.user?.id ?? null;

/** Every tournament call of both specs except temporary teams, matches and refunds (their own route modules). */
export function tournamentRoutes(app: FastifyInstance, db: Db, config: Config) {
  // Billing is decorated by app.ts before the route modules (server/billing/billing.ts).
  const billing: Billing | undefined = app.hasDecorator('billing') ? app.billing : undefined;
  if (billing) registerTournamentEntryPurpose(billing);

  /** One tournament as the viewer sees it, with the round names its maps and modes cover. */
  const detail = async (id: number, viewer: number | null) => {
    const row = await getTournament(db, id);
    return { ...(await toTournament(db, row, viewer)), roundNames: await tournamentRoundNames(db, row) };
  };

  // ------------------------------------------------------------------ lists (public unless noted)

  /** Admin table: paged, searchable by title, newest first. */
  app.get('/v1/tournament', async (request) => {
    const admin = requireRole(request);
    const page = pageQuery(request.query);
    const { rows, total } = await listTournaments(db, page);
    return { pageNo: page.pageNo, pageSize: page.perPage, total, results: await toTournaments(db, rows, admin.id) };
  });

  /** The home page's featured tournament, or null when none is featured. */
  // The public lists are served through the public read cache (issue 26): per viewer where the viewer's entries show.
  app.get(
    '/v1/tournament/featured',
    cachedRead(app, { viewer: 'user' }, async (request) => {
      const row = await featuredTournament(db);
      return row ? toTournament(db, row, viewerId(request)) : null;
    }),
  );

  // Upcoming depends on the clock too (a tournament stops being upcoming after its end day): kept a minute at most.
  app.get(
    '/v1/tournament/upcoming',
    cachedRead(app, { viewer: 'user', maxAgeMs: 60_000 }, async (request) => {
      const game = gameQuery(query(request).game);
      return toTournaments(db, await upcomingTournaments(db, { game, now: config.now() }), viewerId(request));
    }),
  );

  /** The all-tournaments page: every tournament, paged (10 a page unless perPage says otherwise). */
  app.get(
    '/v1/tournament/active',
    cachedRead(app, { viewer: 'user' }, async (request) => {
      const page = pageQuery(request.query, DEFAULT_SERVER_PAGE_SIZE);
      const { rows, total } = await allTournaments(db, page);
      return { pageNo: page.pageNo, pageSize: page.perPage, total, results: await toTournaments(db, rows, viewerId(request)) };
    }),
  );

  app.get('/v1/tournament/hall-of-fame', cachedRead(app, { viewer: 'none' }, async () => hallOfFame(db)));

  app.get('/v1/tournament/user/:id/past', async (request) =>
    toTournaments(db, await userTournaments(db, idParam(params(request).id), 'past'), viewerId(request)),
  );
  app.get('/v1/tournament/user/:id/active', async (request) =>
    toTournaments(db, await userTournaments(db, idParam(params(request).id), 'active'), viewerId(request)),
  );
  /** For guests: both lists at once, without viewer state. */
  app.get('/v1/tournament/user/:id/public', async (request) => {
    const id = idParam(params(request).id);
    const [past, active] = [await userTournaments(db, id, 'past'), await userTournaments(db, id, 'active')];
    return { past: await toTournaments(db, past, null), active: await toTournaments(db, active, null) };
  });

  app.get('/v1/tournament/:id', cachedRead(app, { viewer: 'user' }, async (request) => detail(idParam(params(request).id), viewerId(request))));

  // ------------------------------------------------------------------ admin: the tournament itself

  app.post('/v1/tournament', async (request, reply) => {
    const admin = requireRole(request);
    const id = await createTournament(db, request.body, admin);
    return reply.code(201).send({ id });
  });

  app.patch('/v1/tournament/:id', async (request) => {
    const admin = requireRole(request);
    const id = idParam(params(request).id);
    await updateTournament(db, id, request.body, admin);
    return detail(id, admin.id);
  });

  app.post('/v1/tournament/:id/logo', async (request) => {
    const admin = requireRole(request);
    const id = idParam(params(request).id);
    await getTournament(db, id);
    await setTournamentLogo(db, id, await readImageUpload(request), admin);
    return detail(id, admin.id);
  });

  const actionRoute = (action: TournamentAction) => `/v1${actionUrl(TOURNAMENT_RESOURCE, ':id', TOURNAMENT_ACTIONS[action].endpoint)}`;

  app.delete(actionRoute('delete'), async (request, reply) => {
    const admin = requireRole(request);
    await deleteTournament(db, config, idParam(params(request).id), admin);
    return reply.code(204).send();
  });

  // One POST per lifecycle step of the tournament action table, at the endpoint the table names.
  for (const action of TOURNAMENT_STEP_ACTIONS) {
    app.post(actionRoute(action), async (request) => {
      const admin = requireRole(request);
      const id = idParam(params(request).id);
      await TOURNAMENT_STEPS[action](db, id, admin);
      return detail(id, admin.id);
    });
  }

  app.post('/v1/tournament/:id/start', async (request) => {
    const admin = requireRole(request);
    const id = idParam(params(request).id);
    await startTournament(db, id, admin);
    return detail(id, admin.id);
  });

  app.delete(actionRoute('cleanDiscord'), async (request) => {
    const admin = requireRole(request);
    return cleanTournamentDiscord(db, config, idParam(params(request).id), admin);
  });

  // ------------------------------------------------------------------ entries

  /** The query of both entry lists: paging and search, `notPaginated=true` for every entry, `kind` for one kind. */
  const entryQuery = (request: FastifyRequest) => {
    const page = pageQuery(request.query);
    const all = boolQuery(query(request).notPaginated, 'notPaginated') === true;
    const kind = query(request).kind;
    if (kind !== undefined && kind !== '' && !ENTRY_KINDS.includes(kind as EntryKind)) {
      throw badRequest(`"kind" must be one of ${ENTRY_KINDS.join(', ')}`);
    }
    return { search: page.search, page: all ? null : page, kind: (kind || null) as EntryKind | null };
  };

  /** Public entries (refunded ones hidden): paged and searchable like every list, or all at once (`notPaginated=true`). */
  app.get(
    '/v1/tournament/:id/entries',
    cachedRead(app, { viewer: 'none' }, async (request) => listEntries(db, idParam(params(request).id), { admin: false, ...entryQuery(request) })),
  );

  app.get('/v1/tournament/:id/entries/admin', async (request) => {
    requireRole(request);
    return listEntries(db, idParam(params(request).id), { admin: true, ...entryQuery(request) });
  });

  app.get('/v1/tournament/:id/entries/switcheroo', async (request) => {
    requireRole(request);
    return switcherooEntries(db, idParam(params(request).id));
  });

  app.delete('/v1/tournament/:id/entries/:entryId', async (request, reply) => {
    const admin = requireRole(request);
    await removeEntry(db, idParam(params(request).id), idParam(params(request).entryId, 'entryId'), admin);
    return reply.code(204).send();
  });

  // ------------------------------------------------------------------ joining

  /** `true` when joined; a payment secret when a fee is due (the entry appears once the payment succeeds). */
  app.post('/v1/billing/join-tournament/:tournamentId/:teamOrUserId', async (request) => {
    const caller = requireUser(request);
    const tournamentId = idParam(params(request).tournamentId, 'tournamentId');
    const teamOrUserId = idParam(params(request).teamOrUserId, 'teamOrUserId');
    const body = parse(JoinTournamentBody, request.body ?? {}, { name: VALIDATION.teamName });
    return joinTournament(db, billing, { caller, tournamentId, teamOrUserId, name: body.name, now: config.now() });
  });
}
