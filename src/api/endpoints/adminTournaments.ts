import { array } from 'superstruct';
import { api } from '../client';
import {
  Created,
  SwitcherooEntries,
  Tournament,
  TournamentMatch,
  type DefinedEntries,
  type MapAndMode,
  type TournamentCreate,
  type TournamentPatch,
} from '../contract/tournament';
import type { SwitcherooTeamsBody } from '../contract/switcheroo';
import { editableFieldsFor } from '../contract/tournamentFields';

/** The admin table's list endpoint (GET /v1/tournament?pageNo&perPage&search), for usePagedList. */
export const ADMIN_TOURNAMENTS_ENDPOINT = '/tournament';

/** GET /v1/tournament/{id} (the viewer comes from the session cookie). */
export const getTournament = (id: number) => api.call(`/tournament/${id}`, Tournament);

/** POST /v1/tournament: answers the new id. */
export const createTournament = (body: TournamentCreate) =>
  api.call('/tournament', Created, { method: 'POST', body });

/** PATCH /v1/tournament/{id} with the edit form's fields. */
export const updateTournament = (id: number, body: TournamentPatch) =>
  api.send(`/tournament/${id}`, { method: 'PATCH', body });

/** PATCH /v1/tournament/{id} with `mapsAndModes` alone. */
export const updateMapsAndModes = (id: number, mapsAndModes: MapAndMode[]) =>
  api.send(`/tournament/${id}`, { method: 'PATCH', body: { mapsAndModes } });

/** PATCH /v1/tournament/{id} with the full tournament plus `definedEntries` (the predefined entries editor). */
export function updateDefinedEntries(tournament: Tournament, definedEntries: DefinedEntries) {
  return api.send(`/tournament/${tournament.id}`, { method: 'PATCH', body: { ...editableFields(tournament), definedEntries } });
}

/** The fields of a tournament that PATCH accepts (read-only ones such as status or counts are left out). */
function editableFields(t: Tournament): TournamentPatch {
  return Object.fromEntries(editableFieldsFor(t.tournamentType).map((k) => [k, t[k]])) as TournamentPatch;
}

/** POST /v1/tournament/{id}/logo (multipart field `file`): the tournament's banner. */
export function uploadTournamentLogo(id: number, file: File) {
  const body = new FormData();
  body.append('file', file);
  return api.send(`/tournament/${id}/logo`, { method: 'POST', body });
}

/** POST /v1/tournament/{id}/start: generates the bracket. */
export const startTournament = (id: number) => api.send(`/tournament/${id}/start`, { method: 'POST' });

/** GET /v1/tournament/{id}/match: the bracket's matches (empty before the tournament starts). */
export const getTournamentMatches = (id: number) => api.call(`/tournament/${id}/match`, array(TournamentMatch));

/** GET /v1/tournament/{id}/entries/switcheroo: sign-ups not yet in a team, the teams so far, free substitute slots. */
export const getSwitcherooEntries = (id: number) => api.call(`/tournament/${id}/entries/switcheroo`, SwitcherooEntries);

/** POST /v1/tournament/{id}/switcheroo/teams: saves the pairing (every team with its players by slot). */
export const saveSwitcherooTeams = (id: number, body: SwitcherooTeamsBody) =>
  api.call(`/tournament/${id}/switcheroo/teams`, SwitcherooEntries, { method: 'POST', body });
