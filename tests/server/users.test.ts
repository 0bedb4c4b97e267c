import { describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { AdminUserRow } from '../../src/api/contract/user';
import { Paged } from '../../src/api/contract/common';
import { SERVER, USER_ADMIN } from '../../src/domain/messages';
import { useTestServer } from '../support/testServer';
import { findUserRow, insertUser } from '../support/fixtures';

describe('admin users list and bans', () => {
  const server = useTestServer({ seed: true });

  const as = (name: string) => server.agent().signIn(name);
  const idOf = async (name: string) =>
    (await (await as('ClutchOwner')).get(`/v1/user/admin-view?search=${name}`)).body.results.find(
      (r: AdminUserRow) => r.discordName === name,
    ).id as number;

  describe('GET /v1/user/admin-view', () => {
    it('pages through every user, banned ones included, sorted by name, in the contract shape', async () => {
      const admin = await as('AdminAce');
      const first = await admin.get('/v1/user/admin-view?pageNo=1&perPage=50');

      expect(first.status).toBe(200);
      expect(is(first.body, Paged(AdminUserRow))).toBe(true);
      expect(first.body).toMatchObject({ pageNo: 1, pageSize: 50 });
      // The owner, two admins, 120 players and the banned user (other tests may add a few more).
      expect(first.body.total).toBeGreaterThanOrEqual(124);
      const names = first.body.results.map((r: AdminUserRow) => r.discordName.toLowerCase());
      expect(names).toEqual([...names].sort());

      const last = await admin.get(`/v1/user/admin-view?pageNo=${Math.ceil(first.body.total / 50)}&perPage=50`);
      expect(last.body.results.length).toBe(first.body.total % 50 || 50);
    });

    it('finds banned users with banned: true, and searches the Activision ID too', async () => {
      const admin = await as('AdminNova');
      const banned = await admin.get('/v1/user/admin-view?search=brawler');
      expect(banned.body.total).toBe(1);
      expect(banned.body.results[0]).toMatchObject({ discordName: 'BannedBrawler', banned: true });

      const byTag = await admin.get('/v1/user/admin-view?search=AdminAce%232002');
      expect(byTag.body.results.map((r: AdminUserRow) => r.discordName)).toEqual(['AdminAce']);
      expect(byTag.body.results[0].banned).toBe(false);
    });

    it('treats % and _ in a search as text', async () => {
      await insertUser(server.db, { discordName: 'Half_Life' });
      const admin = await as('AdminAce');
      const res = await admin.get('/v1/user/admin-view?search=f_l');
      expect(res.body.results.map((r: AdminUserRow) => r.discordName)).toEqual(['Half_Life']);
      expect((await admin.get('/v1/user/admin-view?search=%25')).body.total).toBe(0);
    });

    it('validates the paging query', async () => {
      const admin = await as('AdminAce');
      expect((await admin.get('/v1/user/admin-view?pageNo=0')).body).toEqual({ message: '"pageNo" must be a positive integer' });
      expect((await admin.get('/v1/user/admin-view?perPage=500')).status).toBe(400);
    });
  });

  describe('POST /v1/user/ban/{id}', () => {
    it('bans a player, answers the updated row and signs them out everywhere', async () => {
      const target = await insertUser(server.db, { discordName: 'Griefer', freeAgent: true });
      const tabA = await as('Griefer');
      const tabB = await as('Griefer');

      const res = await (await as('AdminAce')).post(`/v1/user/ban/${target.id}`);

      expect(res.status).toBe(200);
      expect(is(res.body, AdminUserRow)).toBe(true);
      expect(res.body).toMatchObject({ id: target.id, discordName: 'Griefer', banned: true });
      expect((await findUserRow(server.db, target.id)).banned).toBe(true);
      for (const tab of [tabA, tabB]) {
        expect((await tab.get('/v1/user/userinfo')).body).toEqual({ message: SERVER.banned, banned: true });
        expect((await tab.post('/v1/auth/refresh')).status).toBe(401);
      }
      // Hidden from PLAYER RANKS, still on the admin list.
      expect((await server.agent().get('/v1/user?search=Griefer')).body.total).toBe(0);
    });

    it('changes nothing when the user is already banned', async () => {
      const id = await idOf('BannedBrawler');
      const res = await (await as('AdminAce')).post(`/v1/user/ban/${id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ discordName: 'BannedBrawler', banned: true });
    });

    it('refuses to ban yourself (409) and leaves you signed in', async () => {
      const admin = await as('AdminNova');
      const res = await admin.post(`/v1/user/ban/${await idOf('AdminNova')}`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: USER_ADMIN.banSelf });
      expect((await admin.get('/v1/user/userinfo')).status).toBe(200);
    });

    it('refuses to ban an owner, even for another owner (403)', async () => {
      const secondOwner = await insertUser(server.db, { discordName: 'CoOwner', role: 'OWNER' });
      for (const [actor, target] of [
        ['AdminAce', await idOf('ClutchOwner')],
        ['ClutchOwner', secondOwner.id],
      ] as const) {
        const res = await (await as(actor)).post(`/v1/user/ban/${target}`);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: USER_ADMIN.banOwner });
      }
      expect((await findUserRow(server.db, secondOwner.id)).banned).toBe(false);
    });

    it('lets only an owner ban an admin', async () => {
      const rogue = await insertUser(server.db, { discordName: 'RogueAdmin', role: 'ADMIN' });
      const byAdmin = await (await as('AdminAce')).post(`/v1/user/ban/${rogue.id}`);
      expect(byAdmin.status).toBe(403);
      expect(byAdmin.body).toEqual({ message: USER_ADMIN.banStaff });

      const byOwner = await (await as('ClutchOwner')).post(`/v1/user/ban/${rogue.id}`);
      expect(byOwner.status).toBe(200);
      expect(byOwner.body.banned).toBe(true);
    });

    it('answers 404 for an unknown user, 403 for a player and 401 for a guest', async () => {
      const victim = await insertUser(server.db);
      const unknown = await (await as('AdminAce')).post('/v1/user/ban/999999');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: USER_ADMIN.notFound });
      const player = await insertUser(server.db);
      const byPlayer = await (await as(player.discordName)).post(`/v1/user/ban/${victim.id}`);
      expect(byPlayer.status).toBe(403);
      expect((await server.agent().post(`/v1/user/ban/${victim.id}`)).status).toBe(401);
      expect((await findUserRow(server.db, victim.id)).banned).toBe(false);
    });
  });
});
