import type { Role } from './constants';
import { USER_ADMIN } from './messages';

/**
 * Who may edit a user's record in the admin portal (PATCH /v1/user/{id}), as staff roles are changed: a record of
 * staff (ADMIN, OWNER) only by an OWNER, and nobody their own. Null when `viewer` may; otherwise why not, in words
 * (the server's 403 and the disabled Edit button's tooltip).
 */
export function recordEditBlocker(viewer: { id: number; role: Role }, target: { id: number; role: Role }): string | null {
  if (viewer.id === target.id) return USER_ADMIN.ownRecord;
  if (target.role !== 'USER' && viewer.role !== 'OWNER') return USER_ADMIN.staffRecordOwnerOnly;
  return null;
}
