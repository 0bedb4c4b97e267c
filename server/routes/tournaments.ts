import { array, assign, enums, nullable, optional, type } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Billing } from '../billing/types';
import { pageAnswer, toPage } from '../http/validate';
import { defineRoute, input, UPLOAD } from '../http/route';
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
import { actionUrl } from '../../machines/rules/lifecycleActions';
import { TOURNAMENT_ACTIONS, TOURNAMENT_RESOURCE, TOURNAMENT_STEP_ACTIONS, type TournamentAction } from '../../machines/rules/tournamentActions';
import { tournamentCreateInput, tournamentPatchInput } from '../services/tournamentForm';
import { getTournament } from '../services/tournamentStore';
import { ENTRY_KINDS, listEntries, removeEntry, switcherooEntries } from '../services/tournamentEntries';
import { joinTournament, registerTournamentEntryPurpose } from '../services/tournamentJoin';
import {
  Created,
  DiscordCleanUp,
  Entry,
  HallOfFameEntry,
  JoinTournamentBody,
  JoinTournamentResult,
  SwitcherooEntries,
  Tournament,
  UserTournaments,
} from '../../src/api/contract/tournament';
import { IdParam, FlagParam, PageQuery, Paged } from '../../src/api/contract/common';
import { DEFAULT_SERVER_PAGE_SIZE, GAMES } from '../../src/domain/constants';
import { TOURNAMENT_ERRORS, VALIDATION } from '../../src/domain/messages';

const ById = type({ id: IdParam });
const EntryById = type({ id: IdParam, entryId: IdParam });
/** `?game=` of the upcoming list: one of the fixed list ("ALL" or empty for every game). */
const UpcomingQuery = input(type({ game: optional(enums([...GAMES, 'ALL', ''])) }), { messages: { game: TOURNAMENT_ERRORS.invalidGame } });
/** The query of both entry lists: paging and search, `notPaginated=true` for every entry, `kind` for one kind. */
const EntryQuery = input(assign(PageQuery, type({ notPaginated: optional(FlagParam), kind: optional(enums([...ENTRY_KINDS, ''])) })), {
  messages: { kind: `"kind" must be one of ${ENTRY_KINDS.join(', ')}` },
});

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

  defineRoute(
    app,
    { method: 'GET', url: '/v1/tournament', summary: 'Admin table: every tournament, paged, searchable by title, newest first', access: 'staff', query: PageQuery, responses: Paged(Tournament) },
    async ({ user, query }) => {
      const page = toPage(query);
      const { rows, total } = await listTournaments(db, page);
      return pageAnswer(page, total, await toTournaments(db, rows, user.id));
    },
  );

  // The public lists are served through the public read cache (issue 26): per viewer where the viewer's entries show.
  defineRoute(
    app,
    { method: 'GET', url: '/v1/tournament/featured', summary: "The home page's featured tournament, or null when none is featured", access: 'public', responses: nullable(Tournament), cache: { viewer: 'user' } },
    async ({ user }) => {
      const row = await featuredTournament(db);
      return row ? toTournament(db, row, user?.id ?? null) : null;
    },
  );

  // Upcoming depends on the clock too (a tournament stops being upcoming after its end day): kept a minute at most.
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/v1/tournament/upcoming',
      summary: 'Every tournament that has not ended, soonest first, optionally of one game',
      access: 'public',
      query: UpcomingQuery,
      responses: array(Tournament),
      cache: { viewer: 'user', maxAgeMs: 60_000 },
    },
    async ({ user, query }) => {
      const game = query.game === 'ALL' || query.game === '' ? undefined : query.game;
      return toTournaments(db, await upcomingTournaments(db, { game, now: config.now() }), user?.id ?? null);
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/v1/tournament/active',
      summary: `The all-tournaments page: every tournament, paged (${DEFAULT_SERVER_PAGE_SIZE} a page unless perPage says otherwise)`,
      access: 'public',
      query: PageQuery,
      responses: Paged(Tournament),
      cache: { viewer: 'user' },
    },
    async ({ user, query }) => {
      const page = toPage(query, DEFAULT_SERVER_PAGE_SIZE);
      const { rows, total } = await allTournaments(db, page);
      return pageAnswer(page, total, await toTournaments(db, rows, user?.id ?? null));
    },
  );

  defineRoute(
    app,
    { method: 'GET', url: '/v1/tournament/hall-of-fame', summary: 'Completed tournaments and their winners', access: 'public', responses: array(HallOfFameEntry), cache: { viewer: 'none' } },
    async () => hallOfFame(db),
  );

  for (const when of ['past', 'active'] as const) {
    defineRoute(
      app,
      { method: 'GET', url: `/v1/tournament/user/:id/${when}`, summary: `A player's ${when} tournaments, with the viewer's state`, access: 'public', params: ById, responses: array(Tournament) },
      async ({ user, params }) => toTournaments(db, await userTournaments(db, params.id, when), user?.id ?? null),
    );
  }
  defineRoute(
    app,
    { method: 'GET', url: '/v1/tournament/user/:id/public', summary: "For guests: a player's past and active tournaments at once, without viewer state", access: 'public', params: ById, responses: UserTournaments },
    async ({ params }) => {
      const [past, active] = [await userTournaments(db, params.id, 'past'), await userTournaments(db, params.id, 'active')];
      return { past: await toTournaments(db, past, null), active: await toTournaments(db, active, null) };
    },
  );

  defineRoute(
    app,
    { method: 'GET', url: '/v1/tournament/:id', summary: 'One tournament as the viewer sees it, with the round names its maps cover', access: 'public', params: ById, responses: Tournament, cache: { viewer: 'user' } },
    async ({ user, params }) => detail(params.id, user?.id ?? null),
  );

  // ------------------------------------------------------------------ admin: the tournament itself

  defineRoute(
    app,
    { method: 'POST', url: '/v1/tournament', summary: 'Create a tournament (the admin form); answers its id', access: 'staff', body: tournamentCreateInput, responses: { 201: Created } },
    async ({ user, body }) => ({ id: await createTournament(db, body, user) }),
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/v1/tournament/:id',
      summary: 'Edit a tournament: form fields, maps and modes alone, or the full tournament with its predefined entries',
      access: 'staff',
      params: ById,
      body: tournamentPatchInput,
      responses: Tournament,
      errors: { 409: 'The tournament is past editing, or the sign-up limit is below its entries' },
    },
    async ({ user, params, body }) => {
      await updateTournament(db, params.id, body, user);
      return detail(params.id, user.id);
    },
  );

  defineRoute(
    app,
    { method: 'POST', url: '/v1/tournament/:id/logo', summary: "Upload the tournament's image", access: 'staff', params: ById, body: UPLOAD, responses: Tournament },
    async ({ request, user, params }) => {
      await getTournament(db, params.id);
      await setTournamentLogo(db, params.id, await readImageUpload(request), user);
      return detail(params.id, user.id);
    },
  );

  const actionRoute = (action: TournamentAction) => `/v1${actionUrl(TOURNAMENT_RESOURCE, ':id', TOURNAMENT_ACTIONS[action].endpoint)}`;

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: actionRoute('delete'),
      summary: 'Delete a tournament (its Discord channels first when a bot is configured)',
      access: 'staff',
      params: ById,
      responses: null,
      errors: { 409: 'The tournament cannot be deleted in its state', 502: 'Discord did not answer' },
    },
    async ({ user, params }) => {
      await deleteTournament(db, config, params.id, user);
    },
  );

  // One POST per lifecycle step of the tournament action table, at the endpoint the table names.
  for (const action of TOURNAMENT_STEP_ACTIONS) {
    defineRoute(
      app,
      {
        method: 'POST',
        url: actionRoute(action),
        summary: `Lifecycle step: ${TOURNAMENT_ACTIONS[action].label}`,
        access: 'staff',
        params: ById,
        responses: Tournament,
        errors: { 409: "Not allowed in the tournament's state" },
      },
      async ({ user, params }) => {
        await TOURNAMENT_STEPS[action](db, params.id, user);
        return detail(params.id, user.id);
      },
    );
  }

  defineRoute(
    app,
    { method: 'POST', url: '/v1/tournament/:id/start', summary: 'Start the tournament: its bracket is generated', access: 'staff', params: ById, responses: Tournament, errors: { 409: "Not allowed in the tournament's state" } },
    async ({ user, params }) => {
      await startTournament(db, params.id, user);
      return detail(params.id, user.id);
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: actionRoute('cleanDiscord'),
      summary: "Remove the tournament's Discord channels and roles",
      access: 'staff',
      params: ById,
      responses: DiscordCleanUp,
      errors: { 409: 'No Discord bot is configured', 502: 'Discord did not answer' },
    },
    async ({ user, params }) => cleanTournamentDiscord(db, config, params.id, user),
  );

  // ------------------------------------------------------------------ entries

  const entryQuery = (query: { notPaginated?: boolean; kind?: string } & Parameters<typeof toPage>[0]) => {
    const page = toPage(query);
    return { search: page.search, page: query?.notPaginated === true ? null : page, kind: query?.kind ? (query.kind as (typeof ENTRY_KINDS)[number]) : null };
  };

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/v1/tournament/:id/entries',
      summary: 'Public entries (refunded ones hidden): paged and searchable, or all at once (notPaginated=true)',
      access: 'public',
      params: ById,
      query: EntryQuery,
      responses: Paged(Entry),
      cache: { viewer: 'none' },
    },
    async ({ params, query }) => listEntries(db, params.id, { admin: false, ...entryQuery(query) }),
  );

  defineRoute(
    app,
    { method: 'GET', url: '/v1/tournament/:id/entries/admin', summary: 'Every entry, for staff (refunds and payments shown)', access: 'staff', params: ById, query: EntryQuery, responses: Paged(Entry) },
    async ({ params, query }) => listEntries(db, params.id, { admin: true, ...entryQuery(query) }),
  );

  defineRoute(
    app,
    { method: 'GET', url: '/v1/tournament/:id/entries/switcheroo', summary: 'SWITCHEROO: sign-ups and the teams paired so far', access: 'staff', params: ById, responses: SwitcherooEntries, errors: { 409: 'Not a SWITCHEROO tournament' } },
    async ({ params }) => switcherooEntries(db, params.id),
  );

  defineRoute(
    app,
    { method: 'DELETE', url: '/v1/tournament/:id/entries/:entryId', summary: 'Remove an entry', access: 'staff', params: EntryById, responses: null, errors: { 409: 'Not allowed in the tournament\'s state' } },
    async ({ user, params }) => {
      await removeEntry(db, params.id, params.entryId, user);
    },
  );

  // ------------------------------------------------------------------ joining

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/v1/billing/join-tournament/:tournamentId/:teamOrUserId',
      summary: 'Join a tournament: true when joined; a payment secret when a fee is due (the entry appears once the payment succeeds)',
      description: 'Solo tournaments take the caller\'s own id; team tournaments the caller\'s id and `name`, the new team\'s name.',
      access: 'user',
      params: type({ tournamentId: IdParam, teamOrUserId: IdParam }),
      body: input(JoinTournamentBody, { messages: { name: VALIDATION.teamName } }),
      responses: JoinTournamentResult,
      errors: { 409: 'Sign-ups are closed, the tournament is full, or the caller already joined' },
    },
    async ({ user, params, body }) =>
      joinTournament(db, billing, { caller: user, tournamentId: params.tournamentId, teamOrUserId: params.teamOrUserId, name: body.name, now: config.now() }),
  );
}
