import { array } from 'superstruct';
import { api } from '../client';
import { Paged } from '../contract/common';
import {
  Entry,
  HallOfFameEntry,
  JoinTournamentResult,
  SwitcherooEntries,
  Tournament,
} from '../contract/tournament';
import type { Game } from '../../domain/constants';

/** GET /v1/tournament/{id} (the viewer's userJoined and userTeam come from the session cookie). */
export const getTournament = (id: number) => api.call(`/tournament/${id}`, Tournament);

/** GET /v1/tournament/upcoming[?game]: every tournament that has not started, soonest first. */
export const getUpcomingTournaments = (game?: Game | null) =>
  api.call('/tournament/upcoming', array(Tournament), { query: { game } });

/** The all-tournaments list: GET /v1/tournament/active?pageNo (page size from the server, client default 10). */
export const ACTIVE_TOURNAMENTS_ENDPOINT = '/tournament/active';

/** GET /v1/tournament/hall-of-fame: completed tournaments and their winners. */
export const getHallOfFame = () => api.call('/tournament/hall-of-fame', array(HallOfFameEntry));

/** GET /v1/tournament/{id}/entries?notPaginated=true: every entry of the public list (ACTIVE or COMPLETED). */
export const getPublicEntries = (id: number) =>
  api.call(`/tournament/${id}/entries`, Paged(Entry), { query: { notPaginated: true } }).then((p) => p.results);

/** GET /v1/tournament/{id}/entries/admin?notPaginated=true: every entry, for staff. */
export const getAdminEntries = (id: number) =>
  api.call(`/tournament/${id}/entries/admin`, Paged(Entry), { query: { notPaginated: true } }).then((p) => p.results);

/** The paged public entries list (for usePagedList): GET /v1/tournament/{id}/entries?pageNo[&kind][&search]. */
export const publicEntriesEndpoint = (id: number) => `/tournament/${id}/entries`;

/**
 * The `kind` filter of both entry lists: a player's own entries, or tournament teams and predefined names. A started
 * SWITCHEROO holds both: the players' sign-ups and the teams they were paired into.
 */
export type EntryKind = 'players' | 'teams';

/** The paged admin entries list (for usePagedList): GET /v1/tournament/{id}/entries/admin?pageNo. */
export const adminEntriesEndpoint = (id: number) => `/tournament/${id}/entries/admin`;

/** GET /v1/tournament/{id}/entries/switcheroo: sign-ups and the teams paired so far. */
export const getSwitcherooEntries = (id: number) => api.call(`/tournament/${id}/entries/switcheroo`, SwitcherooEntries);

/** DELETE /v1/tournament/{id}/entries/{entryId} (staff). */
export const removeEntry = (tournamentId: number, entryId: number) =>
  api.send(`/tournament/${tournamentId}/entries/${entryId}`, { method: 'DELETE' });

/**
 * POST /v1/billing/join-tournament/{tournamentId}/{teamOrUserId}: `true` when joined, otherwise the payment
 * secret of the entry fee. `name` is the team name of team types.
 */
export const joinTournament = (tournamentId: number, teamOrUserId: number, name: string | null) =>
  api.call(`/billing/join-tournament/${tournamentId}/${teamOrUserId}`, JoinTournamentResult, {
    method: 'POST',
    body: { name },
  });
