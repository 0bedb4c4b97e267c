import { getNextSnapshot, setup, type SnapshotFrom } from 'xstate';
import type { Role } from '../../src/domain/constants';

/**
 * Staff role changes (spec: seasons-and-admin §4 and §6): USER → ADMIN (Promote New Staff), ADMIN → OWNER (promote),
 * OWNER → ADMIN (demote), ADMIN or OWNER → USER (remove from staff).
 * Who may: Promote New Staff (USER → ADMIN) any staff member (ADMIN or OWNER); the row actions (promote to owner,
 * demote, remove from staff) only an OWNER. Nobody on their own row, and the last OWNER is never demoted or removed.
 *
 * The Staff screen asks `snapshot.can({ type })` which actions to offer on a row; the server calls
 * `assertStaffRoleChange` with the same definition before it writes a role. No I/O here: the machine is the rulebook.
 */
export type StaffRoleEvent = { type: 'staff.promote' } | { type: 'staff.demote' } | { type: 'staff.remove' };
export type StaffRoleEventType = StaffRoleEvent['type'];

/** Who is looking at the row, and whose row it is. */
export interface StaffRoleContext {
  viewerRole: Role;
  isOwnRow: boolean;
  /** OWNER rows other than this one. */
  otherOwners: number;
}

const STATE_OF: Record<Role, 'user' | 'admin' | 'owner'> = { USER: 'user', ADMIN: 'admin', OWNER: 'owner' };
const ROLE_OF: Record<string, Role> = { user: 'USER', admin: 'ADMIN', owner: 'OWNER' };

export const staffRoleMachine = setup({
  types: {
    context: {} as StaffRoleContext,
    events: {} as StaffRoleEvent,
    input: {} as StaffRoleContext,
  },
  guards: {
    /** Promote New Staff: the spec restricts only the row actions to OWNER. */
    mayAddStaff: ({ context }) => (context.viewerRole === 'ADMIN' || context.viewerRole === 'OWNER') && !context.isOwnRow,
    mayChangeThisRole: ({ context }) => context.viewerRole === 'OWNER' && !context.isOwnRow,
    mayChangeThisOwner: ({ context }) => context.viewerRole === 'OWNER' && !context.isOwnRow && context.otherOwners > 0,
  },
}).createMachine({
  id: 'staffRole',
  context: ({ input }) => input,
  initial: 'user',
  states: {
    user: { on: { 'staff.promote': { target: 'admin', guard: 'mayAddStaff' } } },
    admin: {
      on: {
        'staff.promote': { target: 'owner', guard: 'mayChangeThisRole' },
        'staff.remove': { target: 'user', guard: 'mayChangeThisRole' },
      },
    },
    owner: {
      on: {
        'staff.demote': { target: 'admin', guard: 'mayChangeThisOwner' },
        'staff.remove': { target: 'user', guard: 'mayChangeThisOwner' },
      },
    },
  },
});

export type StaffRoleSnapshot = SnapshotFrom<typeof staffRoleMachine>;

/** The machine's snapshot for a row whose role is `role`, as `context` sees it. */
export function staffRoleSnapshotFor(role: Role, context: StaffRoleContext): StaffRoleSnapshot {
  return staffRoleMachine.resolveState({ value: STATE_OF[role], context });
}

/** The role after `eventType`, or null when the rules refuse it. */
export function nextStaffRole(role: Role, eventType: StaffRoleEventType, context: StaffRoleContext): Role | null {
  const snapshot = staffRoleSnapshotFor(role, context);
  if (!snapshot.can({ type: eventType })) return null;
  return ROLE_OF[getNextSnapshot(staffRoleMachine, snapshot, { type: eventType }).value as string];
}

/** Whether a viewer with `viewerRole` is offered Promote New Staff (a USER made ADMIN). */
export const mayPromoteNewStaff = (viewerRole: Role) =>
  staffRoleSnapshotFor('USER', { viewerRole, isOwnRow: false, otherOwners: 0 }).can({ type: 'staff.promote' });

/** The event that takes `from` to `to`, or null when no single change does (e.g. USER → OWNER). */
export function staffEventFor(from: Role, to: Role): StaffRoleEventType | null {
  if (to === 'USER') return from === 'USER' ? null : 'staff.remove';
  if (from === 'USER' && to === 'ADMIN') return 'staff.promote';
  if (from === 'ADMIN' && to === 'OWNER') return 'staff.promote';
  if (from === 'OWNER' && to === 'ADMIN') return 'staff.demote';
  return null;
}
