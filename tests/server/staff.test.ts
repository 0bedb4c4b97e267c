import { describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { AdminUserRow } from '../../src/api/contract/user';
import { Paged } from '../../src/api/contract/common';
import { USER_ADMIN } from '../../src/domain/messages';
import { changeStaffRole } from '../../server/services/staff';
import { useTestServer } from '../support/testServer';
import { findUserRow, insertUser } from '../support/fixtures';

describe('staff list and role changes', () => {
  const server = useTestServer({ seed: true });
  const as = (name: string) => server.agent().signIn(name);

  describe('GET /v1/user/staff', () => {
    it('lists only ADMIN and OWNER users, owners first, paged, in the contract shape', async () => {
      const res = await (await as('AdminAce')).get('/v1/user/staff?perPage=100');
      expect(res.status).toBe(200);
      expect(is(res.body, Paged(AdminUserRow))).toBe(true);
      const rows = res.body.results as AdminUserRow[];
      expect(rows.every((r) => r.role === 'ADMIN' || r.role === 'OWNER')).toBe(true);
      expect(rows[0]).toMatchObject({ discordName: 'ClutchOwner', role: 'OWNER' });
      expect(rows.map((r) => r.discordName)).toEqual(expect.arrayContaining(['AdminAce', 'AdminNova']));
      expect(res.body.total).toBe(rows.length);
    });

    it('searches by name and refuses players', async () => {
      expect((await (await as('AdminAce')).get('/v1/user/staff?search=nova')).body.results.map((r: AdminUserRow) => r.discordName)).toEqual(['AdminNova']);
      const player = await insertUser(server.db);
      expect((await (await as(player.discordName)).get('/v1/user/staff')).status).toBe(403);
    });
  });

  describe('PATCH /v1/user/staff/{id}', () => {
    it('lets the owner promote a player to ADMIN, then to OWNER, demote and remove them', async () => {
      const owner = await as('ClutchOwner');
      const player = await insertUser(server.db);
      const url = `/v1/user/staff/${player.id}`;

      const promoted = await owner.patch(url, { role: 'ADMIN' });
      expect(promoted.status).toBe(200);
      expect(is(promoted.body, AdminUserRow)).toBe(true);
      expect(promoted.body.role).toBe('ADMIN');
      // The new admin reaches staff calls at once.
      expect((await (await as(player.discordName)).get('/v1/user/staff')).status).toBe(200);

      expect((await owner.patch(url, { role: 'OWNER' })).body.role).toBe('OWNER');
      expect((await owner.patch(url, { role: 'ADMIN' })).body.role).toBe('ADMIN');
      expect((await owner.patch(url, { role: 'USER' })).body.role).toBe('USER');
      expect((await findUserRow(server.db, player.id))?.role).toBe('USER');
    });

    it('lets an ADMIN promote new staff (USER → ADMIN) but answers 403 to every other change', async () => {
      const admin = await as('AdminAce');
      const player = await insertUser(server.db);
      const promoted = await admin.patch(`/v1/user/staff/${player.id}`, { role: 'ADMIN' });
      expect(promoted.status).toBe(200);
      expect(promoted.body.role).toBe('ADMIN');
      for (const role of ['OWNER', 'USER'] as const) {
        const res = await admin.patch(`/v1/user/staff/${player.id}`, { role });
        expect(res.status, role).toBe(403);
        expect(res.body).toEqual({ message: USER_ADMIN.ownerOnly });
      }
      expect((await findUserRow(server.db, player.id))?.role).toBe('ADMIN');
      const other = await insertUser(server.db);
      expect((await admin.patch(`/v1/user/staff/${other.id}`, { role: 'OWNER' })).status).toBe(403);
    });

    it('never lets anyone change their own role', async () => {
      const owner = await as('ClutchOwner');
      const me = (await owner.get('/v1/user/userinfo')).body.id as number;
      const res = await owner.patch(`/v1/user/staff/${me}`, { role: 'ADMIN' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: USER_ADMIN.ownRole });
      expect((await findUserRow(server.db, me))?.role).toBe('OWNER');
    });

    it('never demotes the last OWNER: two owners demoting each other leave one', async () => {
      const a = await insertUser(server.db, { role: 'OWNER' });
      const b = await insertUser(server.db, { role: 'OWNER' });
      const seedOwner = (await (await as('ClutchOwner')).get('/v1/user/userinfo')).body.id as number;
      // Only a and b are owners for this test.
      await changeStaffRole(server.db, a, seedOwner, 'ADMIN');
      try {
        // b demotes a; a, whose request was authorized as an OWNER a moment earlier, then tries to demote b.
        await changeStaffRole(server.db, b, a.id, 'ADMIN');
        await expect(changeStaffRole(server.db, a, b.id, 'USER')).rejects.toMatchObject({ status: 409, message: USER_ADMIN.lastOwner });
        expect((await findUserRow(server.db, b.id))?.role).toBe('OWNER');
      } finally {
        await changeStaffRole(server.db, b, seedOwner, 'OWNER');
      }
    });

    it('refuses USER to OWNER in one step, banned users, unknown users and bad roles', async () => {
      const owner = await as('ClutchOwner');
      const player = await insertUser(server.db);
      const skip = await owner.patch(`/v1/user/staff/${player.id}`, { role: 'OWNER' });
      expect(skip.status).toBe(409);
      expect(skip.body.message).toBe(USER_ADMIN.roleStep('USER', 'OWNER'));

      const banned = await insertUser(server.db, { banned: true });
      expect((await owner.patch(`/v1/user/staff/${banned.id}`, { role: 'ADMIN' })).body).toEqual({ message: USER_ADMIN.bannedStaff });

      expect((await owner.patch('/v1/user/staff/999999', { role: 'ADMIN' })).status).toBe(404);
      for (const body of [{}, { role: 'KING' }, { role: 'ADMIN', extra: 1 }, { role: null }]) {
        expect((await owner.patch(`/v1/user/staff/${player.id}`, body)).status).toBe(400);
      }
      expect((await owner.patch('/v1/user/staff/abc', { role: 'ADMIN' })).status).toBe(400);
      expect((await findUserRow(server.db, player.id))?.role).toBe('USER');
    });

    it('answers the row unchanged when the role is already set', async () => {
      const res = await (await as('ClutchOwner')).patch(`/v1/user/staff/${(await insertUser(server.db)).id}`, { role: 'USER' });
      expect(res.status).toBe(200);
      expect(res.body.role).toBe('USER');
    });
  });
});
