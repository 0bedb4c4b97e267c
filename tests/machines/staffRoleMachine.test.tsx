import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { createTestModel } from '@xstate/graph';
import { ROLES, type Role } from '../../src/domain/constants';
import { nextStaffRole, staffEventFor, staffRoleMachine, staffRoleSnapshotFor, type StaffRoleEvent, type StaffRoleEventType } from '../../machines/rules/staffRoleMachine';
import { useTestServer } from '../support/testServer';
import { findUserRow, insertUser } from '../support/fixtures';
import { renderApp } from '../support/renderApp';
import { SUCCESS } from '../../src/domain/messages';
import { clearNotifications } from '../../src/ui/notify';
import { pasteInto } from '../support/pasteInto';

configure({ asyncUtilTimeout: 8000 });

/**
 * Staff role changes, model-based: one @xstate/graph walk through every transition of the lifecycle as the OWNER sees
 * it (the viewer comes in as the machine's input), each taken on the Staff screen (Promote New Staff, the row's
 * OPTIONS menu and its confirmation) against the real in-process server, with every state checked on screen and in
 * the database; then every role pair, where the server refuses exactly what the machine does not allow.
 */
const EVENTS: StaffRoleEventType[] = ['staff.promote', 'staff.demote', 'staff.remove'];
const ROLE_OF_STATE: Record<string, Role> = { user: 'USER', admin: 'ADMIN', owner: 'OWNER' };
const OWNER_VIEW = { viewerRole: 'OWNER', isOwnRow: false, otherOwners: 1 } as const;

/** One walk that takes every transition: USER → ADMIN → OWNER → USER → ADMIN → OWNER → ADMIN → USER. */
const WALK: StaffRoleEventType[] = ['staff.promote', 'staff.promote', 'staff.remove', 'staff.promote', 'staff.promote', 'staff.demote', 'staff.remove'];
const WALK_EVENTS = WALK.map((type) => ({ type }) as StaffRoleEvent);
/**
 * Where the walk starts: a USER row as the OWNER sees it. @xstate/graph 3.0.4's getPathsFromEvents builds its state
 * graph from an initial snapshot made without the `input` it is given (every guard then refuses), so the start is
 * given as a snapshot as well.
 */
const FROM_OWNER_VIEW = { input: OWNER_VIEW, fromState: staffRoleSnapshotFor('USER', OWNER_VIEW) };

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

  it('lets an ADMIN only promote new staff, and never a player, the row’s own user, or anyone against the last owner', () => {
    for (const role of ROLES) {
      for (const e of EVENTS) {
        const addsStaff = role === 'USER' && e === 'staff.promote';
        expect(nextStaffRole(role, e, { viewerRole: 'ADMIN', isOwnRow: false, otherOwners: 1 })).toBe(addsStaff ? 'ADMIN' : null);
        expect(nextStaffRole(role, e, { viewerRole: 'ADMIN', isOwnRow: true, otherOwners: 1 })).toBeNull();
        expect(nextStaffRole(role, e, { viewerRole: 'USER', isOwnRow: false, otherOwners: 1 })).toBeNull();
        expect(nextStaffRole(role, e, { viewerRole: 'OWNER', isOwnRow: true, otherOwners: 1 })).toBeNull();
      }
    }
    expect(nextStaffRole('OWNER', 'staff.demote', { viewerRole: 'OWNER', isOwnRow: false, otherOwners: 0 })).toBeNull();
    expect(nextStaffRole('OWNER', 'staff.remove', { viewerRole: 'OWNER', isOwnRow: false, otherOwners: 0 })).toBeNull();
  });

  it('the walk takes every transition the OWNER may take', () => {
    const model = createTestModel(staffRoleMachine, { input: OWNER_VIEW });
    const [path] = model.getPathsFromEvents(WALK_EVENTS, FROM_OWNER_VIEW);
    const taken = new Set(path.steps.slice(1).map((s, i) => `${path.steps[i].state.value} ${s.event.type} ${s.state.value}`));
    const all = Object.values(model.getAdjacencyMap()).flatMap(({ state, transitions }) =>
      // The keys are branded strings, which Object.values cannot see through.
      (Object.values(transitions) as { event: StaffRoleEvent; state: typeof state }[]).map((t) => `${state.value} ${t.event.type} ${t.state.value}`),
    );
    expect(new Set(all.filter((t) => t.split(' ')[0] !== t.split(' ')[2]))).toEqual(taken);
  });

  it('walks every state and transition through the Staff screen, the stored role following the machine', async () => {
    const target = await insertUser(server.db, { discordName: `Walker${Date.now() % 100000}` });
    const app = await renderApp('/admin/staff', { server, as: 'ClutchOwner' });
    const row = () => screen.getByRole('cell', { name: target.discordName }).closest('tr')!;

    async function choose(item: string, dialogName: string, notice: string) {
      clearNotifications();
      // A closing dialog can swallow the first click on a loaded machine: open again until the menu shows.
      await waitFor(
        async () => {
          if (!screen.queryByRole('menu', { hidden: true })) await app.user.click(screen.getByRole('button', { name: `Options for ${target.discordName}` }));
          screen.getByRole('menu', { hidden: true });
        },
        { timeout: 15_000 },
      );
      await app.user.click(await screen.findByRole('menuitem', { name: item, hidden: true }));
      await app.user.click(within(await screen.findByRole('dialog', { name: dialogName })).getByRole('button', { name: dialogName }));
      expect(await screen.findByText(notice)).toBeTruthy();
    }
    async function promoteNewStaff() {
      clearNotifications();
      await app.user.click(screen.getByRole('button', { name: 'Promote New Staff' }));
      const dialog = await screen.findByRole('dialog', { name: 'Promote New Staff' });
      await pasteInto(app.user, within(dialog).getByRole('textbox', { name: 'Search User' }), target.discordName);
      await app.user.click(within(dialog).getByRole('button', { name: 'Search' }));
      await app.user.click(await within(dialog).findByRole('radio', { name: target.discordName }));
      await app.user.click(within(dialog).getByRole('button', { name: 'Promote' }));
      expect(await screen.findByText(SUCCESS.staffPromoted('ADMIN').title)).toBeTruthy();
    }
    const checkState = (role: Role) => async () => {
      if (role === 'USER') await waitFor(() => expect(screen.queryByRole('cell', { name: target.discordName })).toBeNull());
      else await waitFor(() => expect(within(row()).getByRole('cell', { name: role })).toBeTruthy());
      expect((await findUserRow(server.db, target.id))?.role).toBe(role);
    };

    const [path] = createTestModel(staffRoleMachine, { input: OWNER_VIEW }).getPathsFromEvents(WALK_EVENTS, FROM_OWNER_VIEW);
    expect(path.steps).toHaveLength(WALK.length + 1);
    await path.test({
      states: Object.fromEntries(Object.entries(ROLE_OF_STATE).map(([state, role]) => [state, checkState(role)])),
      events: {
        // A step's state is the one its event leads to: USER → ADMIN is Promote New Staff, ADMIN → OWNER the row's menu.
        'staff.promote': (step) =>
          step.state.value === 'admin' ? promoteNewStaff() : choose('PROMOTE TO OWNER', 'Promote to Owner', SUCCESS.staffPromoted('OWNER').title),
        'staff.demote': () => choose('DEMOTE TO ADMIN', 'Demote to Admin', SUCCESS.staffDemoted.title),
        'staff.remove': () => choose('REMOVE FROM STAFF', 'Remove from Staff', SUCCESS.staffRemoved.title),
      },
    });
  });

  it('answers an ADMIN 200 for Promote New Staff only and 403 otherwise, and 409 to a change no single step makes', async () => {
    const admin = await server.signIn('AdminAce');
    const owner = await server.signIn('ClutchOwner');
    for (const from of ROLES) {
      for (const to of ROLES) {
        if (from === to) continue;
        const target = await insertUser(server.db, { role: from });
        const byAdmin = nextStaffRole(from, staffEventFor(from, to) ?? 'staff.promote', { viewerRole: 'ADMIN', isOwnRow: false, otherOwners: 1 }) === to;
        expect((await admin.patch(`/v1/user/staff/${target.id}`, { role: to })).status, `ADMIN: ${from} → ${to}`).toBe(byAdmin ? 200 : 403);
        if (byAdmin) continue;
        const expected = staffEventFor(from, to) ? 200 : 409;
        expect((await owner.patch(`/v1/user/staff/${target.id}`, { role: to })).status, `${from} → ${to}`).toBe(expected);
      }
    }
  });
});
