import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ROLES, type Role } from '../../src/domain/constants';
import { nextStaffRole, staffEventFor, staffRoleMachine, type StaffRoleEventType } from '../../machines/staffRoleMachine';
import { useTestServer } from '../support/testServer';
import { findUserRow, insertUser } from '../support/fixtures';

/**
 * Staff role changes: one walk through every transition of the lifecycle, as the OWNER sees it, each taken through
 * PATCH /v1/user/staff/{id} on the real in-process server with the stored role checked at every state; then every
 * role pair, where the server refuses exactly what the machine does not allow.
 */
const EVENTS: StaffRoleEventType[] = ['staff.promote', 'staff.demote', 'staff.remove'];
const ROLE_OF_STATE: Record<string, Role> = { user: 'USER', admin: 'ADMIN', owner: 'OWNER' };
const OWNER_VIEW = { viewerRole: 'OWNER', isOwnRow: false, otherOwners: 1 } as const;

/** One walk that takes every transition: USER → ADMIN → OWNER → USER → ADMIN → OWNER → ADMIN → USER. */
const WALK: StaffRoleEventType[] = ['staff.promote', 'staff.promote', 'staff.remove', 'staff.promote', 'staff.promote', 'staff.demote', 'staff.remove'];

describe('staffRoleMachine', () => {
  const server = useTestServer({ seed: true });

  it('defines the spec’s changes: USER → ADMIN → OWNER, OWNER → ADMIN, staff → USER, nothing else', () => {
    const moves = ROLES.flatMap((from) => EVENTS.map((e) => `${from} ${e} ${nextStaffRole(from, e, OWNER_VIEW) ?? '-'}`));
    expect(moves.filter((m) => !m.endsWith('-'))).toEqual([
      'USER staff.promote ADMIN',
      'ADMIN staff.promote OWNER',
      'ADMIN staff.remove USER',
      'OWNER staff.demote ADMIN',
      'OWNER staff.remove USER',
    ]);
    let role: Role = 'USER';
    const walked = WALK.map((e) => {
      const next = nextStaffRole(role, e, OWNER_VIEW)!;
      const move = `${role} ${e} ${next}`;
      role = next;
      return move;
    });
    expect(new Set(walked)).toEqual(new Set(moves.filter((m) => !m.endsWith('-'))));
  });

  it('never lets a non-owner, the row’s own user, or anyone against the last owner change a role', () => {
    for (const role of ROLES) {
      for (const e of EVENTS) {
        expect(nextStaffRole(role, e, { viewerRole: 'ADMIN', isOwnRow: false, otherOwners: 1 })).toBeNull();
        expect(nextStaffRole(role, e, { viewerRole: 'USER', isOwnRow: false, otherOwners: 1 })).toBeNull();
        expect(nextStaffRole(role, e, { viewerRole: 'OWNER', isOwnRow: true, otherOwners: 1 })).toBeNull();
      }
    }
    expect(nextStaffRole('OWNER', 'staff.demote', { viewerRole: 'OWNER', isOwnRow: false, otherOwners: 0 })).toBeNull();
    expect(nextStaffRole('OWNER', 'staff.remove', { viewerRole: 'OWNER', isOwnRow: false, otherOwners: 0 })).toBeNull();
  });

  it('walks every transition through PATCH /v1/user/staff/{id}, the stored role following the machine', async () => {
    const owner = await server.signIn('ClutchOwner');
    const target = await insertUser(server.db);
    const actor = createActor(staffRoleMachine, { input: OWNER_VIEW }).start();
    for (const type of WALK) {
      expect(actor.getSnapshot().can({ type })).toBe(true);
      actor.send({ type });
      const role = ROLE_OF_STATE[actor.getSnapshot().value as string];
      const res = await owner.patch(`/v1/user/staff/${target.id}`, { role });
      expect(res.status, `${type} → ${role}`).toBe(200);
      expect((await findUserRow(server.db, target.id))?.role).toBe(role);
    }
    actor.stop();
  });

  it('answers 403 to an ADMIN for every change the owner may make, and 409 to a change no single step makes', async () => {
    const admin = await server.signIn('AdminAce');
    const owner = await server.signIn('ClutchOwner');
    for (const from of ROLES) {
      for (const to of ROLES) {
        if (from === to) continue;
        const target = await insertUser(server.db, { role: from });
        expect((await admin.patch(`/v1/user/staff/${target.id}`, { role: to })).status).toBe(403);
        const expected = staffEventFor(from, to) ? 200 : 409;
        expect((await owner.patch(`/v1/user/staff/${target.id}`, { role: to })).status, `${from} → ${to}`).toBe(expected);
      }
    }
  });
});
