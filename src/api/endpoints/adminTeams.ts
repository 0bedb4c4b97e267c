import { api } from '../client';
import { TeamSummary, type AdminTeamPatch } from '../contract/team';

/** The admin teams table's list endpoint (GET /v1/team?pageNo&perPage&search), for usePagedList. */
export const ADMIN_TEAMS_ENDPOINT = '/team';

/** PATCH /v1/team/{id}/admin (Edit Team): answers the edited team. */
export const editTeam = (id: number, body: AdminTeamPatch) => api.call(`/team/${id}/admin`, TeamSummary, { method: 'PATCH', body });

/** GET /v1/team/{id}: the fields the Edit Team dialog starts from (/admin/teams/{id}). */
export const getTeamSummary = (id: number) => api.call(`/team/${id}`, TeamSummary);
