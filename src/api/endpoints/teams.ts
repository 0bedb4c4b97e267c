import { api } from '../client';
import { Team, TeamLeft } from '../contract/team';

/** GET /v1/team/{id}: the team profile (roster captain first, upcoming matches per season). */
export const getTeam = (id: number) => api.call(`/team/${id}`, Team);

/** DELETE /v1/team/{id}/members: leave the team; `locked` when the last member left. */
export const leaveTeam = (id: number) => api.call(`/team/${id}/members`, TeamLeft, { method: 'DELETE' });
