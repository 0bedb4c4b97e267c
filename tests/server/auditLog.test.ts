import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { is } from 'superstruct';
import { auditLog, teams } from '../../server/db/schema';
import { AuditEntry, type AuditTargetType } from '../../src/api/contract/audit';
import { Paged } from '../../src/api/contract/common';
import { insertUser } from '../support/fixtures';
import { useTestServer, type Agent } from '../support/testServer';
import { multipartFile, PNG } from './tournaments.fixtures';

describe('the audit log', () => {
  const server = useTestServer();

  const staff = async (role: 'ADMIN' | 'OWNER') => {
    const user = await insertUser(server.db, { role });
    return { user, agent: await server.signIn(user.discordName) };
  };
  /** The audit rows written about one target, oldest first. */
  const rowsFor = (type: AuditTargetType, id: number | string) =>
    server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, type), eq(auditLog.targetId, String(id))))
      .orderBy(auditLog.id);
  const upload = async (agent: Agent, file = multipartFile(PNG)) =>
    agent.raw({
      method: 'POST',
      url: '/v1/admin/homepage',
      payload: file.payload,
      headers: { 'content-type': file.contentType, 'x-csrf-token': await agent.csrfToken() },
    });

  describe('staff role changes', () => {
    it('writes one row per change, with the role before and after and the owner who made it', async () => {
      const owner = await staff('OWNER');
      const player = await insertUser(server.db);

      await owner.agent.patch(`/v1/user/staff/${player.id}`, { role: 'ADMIN' });
      await owner.agent.patch(`/v1/user/staff/${player.id}`, { role: 'USER' });

      const rows = await rowsFor('USER', player.id);
      expect(rows).toEqual([
        expect.objectContaining({ actorId: owner.user.id, action: 'ROLE_CHANGED', targetName: player.discordName, before: { role: 'USER' }, after: { role: 'ADMIN' } }),
        expect.objectContaining({ actorId: owner.user.id, action: 'ROLE_CHANGED', before: { role: 'ADMIN' }, after: { role: 'USER' } }),
      ]);
    });

    it('writes nothing for a refused change or one that changes nothing', async () => {
      const owner = await staff('OWNER');
      const admin = await staff('ADMIN');
      const player = await insertUser(server.db);

      // An ADMIN may promote new staff, but not to OWNER.
      expect((await admin.agent.patch(`/v1/user/staff/${player.id}`, { role: 'OWNER' })).status).toBe(403);
      expect((await owner.agent.patch(`/v1/user/staff/${owner.user.id}`, { role: 'ADMIN' })).status).toBe(403);
      expect((await owner.agent.patch(`/v1/user/staff/${player.id}`, { role: 'USER' })).status).toBe(200);

      expect(await rowsFor('USER', player.id)).toEqual([]);
      expect(await rowsFor('USER', owner.user.id)).toEqual([]);
    });
  });

  describe('user records', () => {
    it('an edit writes one row with only the fields that changed', async () => {
      const admin = await staff('ADMIN');
      const player = await insertUser(server.db, { wins: 2, losses: 1, battleTag: 'Old#1' });

      const res = await admin.agent.patch(`/v1/user/${player.id}`, { wins: 5, losses: 1, battleTag: 'New#2' });

      expect(res.status).toBe(200);
      expect(await rowsFor('USER', player.id)).toEqual([
        expect.objectContaining({ actorId: admin.user.id, action: 'USER_EDITED', before: { wins: 2, battleTag: 'Old#1' }, after: { wins: 5, battleTag: 'New#2' } }),
      ]);
    });

    it('a refused edit writes nothing', async () => {
      const admin = await staff('ADMIN');
      const player = await insertUser(server.db);

      expect((await admin.agent.patch(`/v1/user/${player.id}`, { wins: -1 })).status).toBe(400);
      expect((await admin.agent.patch(`/v1/user/${player.id}`, {})).status).toBe(400);
      const player2 = await insertUser(server.db);
      expect((await (await server.signIn(player2.discordName)).patch(`/v1/user/${player.id}`, { wins: 9 })).status).toBe(403);

      expect(await rowsFor('USER', player.id)).toEqual([]);
    });

    it('a ban writes one row; a refused ban and banning again write none', async () => {
      const admin = await staff('ADMIN');
      const owner = await staff('OWNER');
      const player = await insertUser(server.db);

      expect((await admin.agent.post(`/v1/user/ban/${player.id}`)).status).toBe(200);
      expect((await admin.agent.post(`/v1/user/ban/${player.id}`)).status).toBe(200);
      expect((await admin.agent.post(`/v1/user/ban/${owner.user.id}`)).status).toBe(403);

      expect(await rowsFor('USER', player.id)).toEqual([
        expect.objectContaining({ actorId: admin.user.id, action: 'USER_BANNED', before: { banned: false }, after: { banned: true } }),
      ]);
      expect(await rowsFor('USER', owner.user.id)).toEqual([]);
    });
  });

  describe('team records', () => {
    it('an edit writes one row with the old and new values; a refused edit writes none', async () => {
      const admin = await staff('ADMIN');
      const [team] = await server.db.insert(teams).values({ name: `Audit ${Date.now()}`, wins: 3, losses: 2 }).returning();
      const [other] = await server.db.insert(teams).values({ name: `Taken ${Date.now()}` }).returning();

      expect((await admin.agent.patch(`/v1/team/${team.id}/admin`, { name: other.name })).status).toBe(409);
      expect(await rowsFor('TEAM', team.id)).toEqual([]);

      expect((await admin.agent.patch(`/v1/team/${team.id}/admin`, { name: 'Audited Aces', wins: 4, losses: 2 })).status).toBe(200);
      expect(await rowsFor('TEAM', team.id)).toEqual([
        expect.objectContaining({ actorId: admin.user.id, action: 'TEAM_EDITED', targetName: team.name, before: { name: team.name, wins: 3 }, after: { name: 'Audited Aces', wins: 4 } }),
      ]);
    });
  });

  describe('site images', () => {
    it('each upload writes one row with the image it replaced; a refused upload writes none', async () => {
      const admin = await staff('ADMIN');

      expect((await upload(admin.agent, multipartFile(Buffer.from('not an image'), 'image/png'))).status).toBe(400);
      expect(await rowsFor('IMAGE', 'HOME_PAGE_BANNER')).toEqual([]);

      const first = (await upload(admin.agent)).body.url as string;
      const second = (await upload(admin.agent)).body.url as string;

      expect(await rowsFor('IMAGE', 'HOME_PAGE_BANNER')).toEqual([
        expect.objectContaining({ actorId: admin.user.id, action: 'IMAGE_UPDATED', before: { url: null }, after: { url: first } }),
        expect.objectContaining({ action: 'IMAGE_UPDATED', before: { url: first }, after: { url: second } }),
      ]);
    });
  });

  describe('GET /v1/admin/audit', () => {
    it('shows owners every change, newest first, paged, in the contract shape', async () => {
      const owner = await staff('OWNER');
      const player = await insertUser(server.db);
      await owner.agent.patch(`/v1/user/staff/${player.id}`, { role: 'ADMIN' });

      const res = await owner.agent.get('/v1/admin/audit?pageNo=1&perPage=2');

      expect(res.status).toBe(200);
      expect(is(res.body, Paged(AuditEntry))).toBe(true);
      expect(res.body.results).toHaveLength(2);
      expect(res.body.total).toBeGreaterThan(2);
      expect(res.body.results[0]).toMatchObject({
        who: { id: owner.user.id, discordName: owner.user.discordName },
        what: 'ROLE_CHANGED',
        target: { type: 'USER', id: String(player.id), name: player.discordName },
        before: { role: 'USER' },
        after: { role: 'ADMIN' },
      });
      const page2 = await owner.agent.get('/v1/admin/audit?pageNo=2&perPage=2');
      expect(page2.body.results[0].id).toBeLessThan(res.body.results[1].id);
    });

    it('refuses admins and players', async () => {
      const admin = await staff('ADMIN');
      expect((await admin.agent.get('/v1/admin/audit')).status).toBe(403);
      const player = await insertUser(server.db);
      expect((await (await server.signIn(player.discordName)).get('/v1/admin/audit')).status).toBe(403);
    });
  });
});
