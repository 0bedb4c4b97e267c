import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { teamInvites, teams, transferRequests, users } from '../../server/db/schema';
import { TRANSFER_ERRORS, USER_ADMIN } from '../../src/domain/messages';
import { useTestServer } from '../support/testServer';
import { findUserRow, insertUser } from '../support/fixtures';
import { newTeam } from './seasons.fixtures';

/** Issue 26, findings 4 and 5: staff do not decide their own transfers, and staff records are the owners'. */
describe('limits of staff power', () => {
  const server = useTestServer();
  const staff = async (role: 'ADMIN' | 'OWNER') => {
    const user = await insertUser(server.db, { role });
    return { user, agent: await server.signIn(user.discordName) };
  };
  /** A team playing a season (transferMode), its captain signed in. */
  const teamInSeason = async () => {
    const made = await newTeam(server, { players: 2 });
    await server.db.update(teams).set({ transferMode: true }).where(eq(teams.id, made.team.id));
    return made;
  };

  describe('transfers', () => {
    it('refuses an admin deciding the join she asked for (403), and another admin decides it', async () => {
      const { team } = await teamInSeason();
      const nova = await staff('ADMIN');
      const other = await staff('ADMIN');
      await server.db.insert(teamInvites).values({ teamId: team.id, userId: nova.user.id, isTransfer: true });
      const asked = await nova.agent.post(`/v1/transfer/${team.id}/${nova.user.id}`);
      expect(asked.body.transfer).toMatchObject({ status: 'PENDING', addPlayer: true });
      const id = asked.body.transfer.id as number;

      for (const decision of [{ approved: true }, { approved: false, rejectedReason: 'No thanks' }]) {
        const res = await nova.agent.patch(`/v1/transfer/${id}`, decision);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: TRANSFER_ERRORS.ownRequest });
      }
      expect((await findUserRow(server.db, nova.user.id)).teamId).toBeNull();
      expect((await server.db.select().from(transferRequests).where(eq(transferRequests.id, id)))[0].status).toBe('PENDING');

      expect((await other.agent.patch(`/v1/transfer/${id}`, { approved: true })).status).toBe(200);
      expect((await findUserRow(server.db, nova.user.id)).teamId).toBe(team.id);
    });

    it('refuses an admin deciding the removal she asked for as captain', async () => {
      const { team, captain, members } = await teamInSeason();
      await server.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, captain.id));
      const captainAdmin = await server.signIn(captain.discordName);
      const asked = await captainAdmin.post(`/v1/transfer/${team.id}/${members[0].id}`);
      expect(asked.status).toBe(200);

      const res = await captainAdmin.patch(`/v1/transfer/${asked.body.transfer.id}`, { approved: true });
      expect(res.status).toBe(403);
      expect((await findUserRow(server.db, members[0].id)).teamId).toBe(team.id);
    });

    it("refuses staff forcing themselves onto or off a team in a season (a staff change is its own approval)", async () => {
      const { team } = await teamInSeason();
      const nova = await staff('ADMIN');
      const added = await nova.agent.post(`/v1/team/${team.id}/admin/members/${nova.user.id}`);
      expect(added.status).toBe(403);
      expect(added.body).toEqual({ message: TRANSFER_ERRORS.ownRequest });
      expect((await findUserRow(server.db, nova.user.id)).teamId).toBeNull();

      await server.db.update(users).set({ teamId: team.id, teamRole: 'PLAYER' }).where(eq(users.id, nova.user.id));
      expect((await nova.agent.delete(`/v1/team/${team.id}/admin/members/${nova.user.id}`)).status).toBe(403);
      expect((await findUserRow(server.db, nova.user.id)).teamId).toBe(team.id);
    });
  });

  describe('staff records', () => {
    it("refuses an admin editing an owner's or another admin's record (403), and changes nothing", async () => {
      const owner = await staff('OWNER');
      const admin = await staff('ADMIN');
      const otherAdmin = await staff('ADMIN');
      for (const target of [owner.user, otherAdmin.user]) {
        const res = await admin.agent.patch(`/v1/user/${target.id}`, { wins: 100 });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: USER_ADMIN.staffRecordOwnerOnly });
        expect((await findUserRow(server.db, target.id)).wins).toBe(target.wins);
      }
    });

    it('refuses anyone editing their own record, the owner included', async () => {
      for (const role of ['ADMIN', 'OWNER'] as const) {
        const me = await staff(role);
        const res = await me.agent.patch(`/v1/user/${me.user.id}`, { wins: 100 });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: USER_ADMIN.ownRecord });
      }
    });

    it("lets an owner edit an admin's record and any staff member edit a player's", async () => {
      const owner = await staff('OWNER');
      const admin = await staff('ADMIN');
      const player = await insertUser(server.db);
      expect((await owner.agent.patch(`/v1/user/${admin.user.id}`, { wins: 7 })).body).toMatchObject({ wins: 7 });
      expect((await admin.agent.patch(`/v1/user/${player.id}`, { wins: 3 })).body).toMatchObject({ wins: 3 });
    });
  });
});
