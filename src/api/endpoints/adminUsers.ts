import { api } from '../client';
import { AdminUserRow, type AdminUserPatch, type StaffPatch } from '../contract/user';
import type { Role } from '../../domain/constants';

/** GET /v1/user/admin-view (paged, search by Discord name or Activision ID): the admin users list. */
export const ADMIN_USERS_ENDPOINT = '/user/admin-view';
/** GET /v1/user/staff (paged): ADMIN and OWNER users. */
export const STAFF_ENDPOINT = '/user/staff';

/** PATCH /v1/user/{id}: staff correct a player's record. */
export const editUser = (id: number, body: AdminUserPatch) => api.call(`/user/${id}`, AdminUserRow, { method: 'PATCH', body });

/** POST /v1/user/ban/{id}: bans a user for good. */
export const banUser = (id: number) => api.call(`/user/ban/${id}`, AdminUserRow, { method: 'POST' });

/** PATCH /v1/user/staff/{id}: sets a user's staff role (OWNER only). */
export const setStaffRole = (id: number, role: Role) =>
  api.call(`/user/staff/${id}`, AdminUserRow, { method: 'PATCH', body: { role } satisfies StaffPatch });
