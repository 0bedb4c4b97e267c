import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assert } from 'superstruct';
import { auditLog, payments, seasonEntries, seasons, teamInvites, teams, transferRequests, users } from '../../server/db/schema';
import { useTestServer } from '../support/testServer';
import { insertUser } from '../support/fixtures';
import { createSeason, newTeam } from './seasons.fixtures';
import { teamInSeason, transferRow, userRow } from './transfers.fixtures';
import { TransferOutcome } from '../../src/api/contract/transfer';
import { PaymentSecret } from '../../src/api/contract/billing';
import { Paged } from '../../src/api/contract/common';
import { TransferRequest, type TeamManagementRow } from '../../src/api/contract/team';
import { TRANSFER_ERRORS } from '../../src/domain/messages';

const CARD_OK = '4242 4242 4242 4242';

describe('transfers (/v1/transfer, /v1/billing/transfer-request)', () => {
  const server = useTestServer({ seed: true });
  const admin = server.signedIn('AdminAce');

  const db = () => server.database.db;
  const pendingList = async () => {
    const res = await admin.get('/v1/transfer?perPage=100');
    expect(res.status).toBe(200);
    assert(res.body, Paged(TransferRequest));
    return res.body.results as TransferRequest[];
  };

  it('the demo league holds a team in transferMode with a pending addition, a pending removal and a rejected removal', async () => {
    // Every team entered in a season that is not over plays it in transferMode; one of them has the demo's requests.
    const inMode = await db().select().from(teams).where(eq(teams.transferMode, true));
    const entered = await db()
      .selectDistinct({ teamId: seasonEntries.teamId })
      .from(seasonEntries)
      .innerJoin(seasons, eq(seasons.id, seasonEntries.seasonId))
      .where(ne(seasons.seasonType, 'COMPLETE'));
    expect(inMode.map((t) => t.id).sort((a, b) => a - b)).toEqual(entered.map((e) => e.teamId).sort((a, b) => a - b));
    const seeded = await db().select().from(transferRequests);
    expect(new Set(seeded.map((r) => r.teamId)).size).toBe(1);
    expect(inMode.map((t) => t.id)).toContain(seeded[0].teamId);
    expect(seeded.map((r) => `${r.addPlayer ? 'addition' : 'removal'} ${r.status}`).sort()).toEqual(['addition PENDING', 'removal PENDING', 'removal REJECTED']);
    expect(seeded.find((r) => r.status === 'REJECTED')?.rejectedReason).toBeTruthy();
    expect((await pendingList()).filter((t) => t.teamId === seeded[0].teamId)).toHaveLength(2);
  });

  it('a removal asked by the captain waits for an admin, then takes the member off the team (audited)', async () => {
    const { team, members, agent } = await teamInSeason(server);
    const res = await agent.post(`/v1/transfer/${team.id}/${members[0].id}`);
    expect(res.status).toBe(200);
    assert(res.body, TransferOutcome);
    expect(res.body).toMatchObject({ amountDue: 0, transfer: { addPlayer: false, approved: null, status: 'PENDING', teamName: team.name, userName: members[0].discordName } });
    // Still on the team until approved.
    expect((await userRow(server, members[0].id)).teamId).toBe(team.id);
    const listed = (await pendingList()).find((t) => t.id === res.body.transfer.id);
    expect(listed).toMatchObject({ teamId: team.id, userId: members[0].id, addPlayer: false });

    const approved = await admin.patch(`/v1/transfer/${res.body.transfer.id}`, { approved: true });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ approved: true, status: 'APPROVED' });
    expect((await userRow(server, members[0].id)).teamId).toBeNull();
    expect((await pendingList()).some((t) => t.id === res.body.transfer.id)).toBe(false);
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, 'TRANSFER_APPROVED'), eq(auditLog.targetId, String(team.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0].after).toMatchObject({ status: 'APPROVED', player: members[0].discordName, change: 'removal' });
    // Decided once: a second decision is the machine's 409.
    const again = await admin.patch(`/v1/transfer/${res.body.transfer.id}`, { approved: false, rejectedReason: 'late' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(TRANSFER_ERRORS.refused('APPROVED'));
  });

  it('a join asked by accepting the transfer invite seats the player once an admin approves', async () => {
    const { team, player, invitee } = await teamInSeason(server);
    const res = await invitee.post(`/v1/transfer/${team.id}/${player.id}`);
    expect(res.status).toBe(200);
    expect(res.body.transfer).toMatchObject({ addPlayer: true, status: 'PENDING', userName: player.discordName });
    const [invite] = await db().select().from(teamInvites).where(eq(teamInvites.userId, player.id));
    expect(invite.status).toBe('ACCEPTED');
    expect((await userRow(server, player.id)).teamId).toBeNull();
    // The invite is used up: asking again is refused.
    expect((await invitee.post(`/v1/transfer/${team.id}/${player.id}`)).status).toBe(409);

    const other = await newTeam(server);
    await db().insert(teamInvites).values({ teamId: other.team.id, userId: player.id });
    expect((await admin.patch(`/v1/transfer/${res.body.transfer.id}`, { approved: true })).status).toBe(200);
    const seated = await userRow(server, player.id);
    expect(seated).toMatchObject({ teamId: team.id, teamRole: 'PLAYER' });
    // One team per player: the other team's invite lapsed.
    expect((await invitee.get('/v1/transfer/user')).body).toEqual([]);
  });

  it('refuses to seat a player who joined another team meanwhile, and changes nothing', async () => {
    const { team, player, invitee } = await teamInSeason(server);
    const { transfer } = (await invitee.post(`/v1/transfer/${team.id}/${player.id}`)).body as TransferOutcome;
    const other = await newTeam(server);
    await db().update(users).set({ teamId: other.team.id, teamRole: 'PLAYER' }).where(eq(users.id, player.id));

    const res = await admin.patch(`/v1/transfer/${transfer.id}`, { approved: true });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(TRANSFER_ERRORS.joinedAnotherTeam(player.discordName));
    expect((await userRow(server, player.id)).teamId).toBe(other.team.id);
    expect((await transferRow(server, transfer.id)).status).toBe('PENDING');
  });

  it('a rejection needs a reason (400), keeps it for the team, and the captain’s Ok cancels the entry', async () => {
    const { team, members, agent } = await teamInSeason(server);
    const { transfer } = (await agent.post(`/v1/transfer/${team.id}/${members[1].id}`)).body as TransferOutcome;
    for (const body of [{ approved: false }, { approved: false, rejectedReason: '   ' }, { approved: false, rejectedReason: null }]) {
      const res = await admin.patch(`/v1/transfer/${transfer.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(TRANSFER_ERRORS.reasonRequired);
    }
    expect((await admin.patch(`/v1/transfer/${transfer.id}`, { approved: 'no' })).status).toBe(400);
    expect((await transferRow(server, transfer.id)).status).toBe('PENDING');

    const rejected = await admin.patch(`/v1/transfer/${transfer.id}`, { approved: false, rejectedReason: '  Roster locked for playoffs ' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ approved: false, rejectedReason: 'Roster locked for playoffs', status: 'REJECTED' });
    expect((await userRow(server, members[1].id)).teamId).toBe(team.id);
    // An open (rejected) entry blocks a second request for the same player until it is cancelled.
    expect((await agent.post(`/v1/transfer/${team.id}/${members[1].id}`)).body.message).toBe(TRANSFER_ERRORS.alreadyRequested);

    const stranger = await server.agent().signIn((await newTeam(server)).captain.discordName);
    expect((await stranger.delete(`/v1/transfer/${team.id}/${members[1].id}`)).status).toBe(403);
    // The member cannot call off the captain's request about them.
    const removedOne = await server.agent().signIn(members[1].discordName);
    expect((await removedOne.delete(`/v1/transfer/${team.id}/${members[1].id}`)).status).toBe(403);
    const ok = await agent.delete(`/v1/transfer/${team.id}/${members[1].id}`);
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('CANCELLED');
    expect((await agent.delete(`/v1/transfer/${team.id}/${members[1].id}`)).status).toBe(404);
    expect((await agent.post(`/v1/transfer/${team.id}/${members[1].id}`)).status).toBe(200);
  });

  it('a member who left while their removal was pending: approval answers 409, the admin rejects instead', async () => {
    const { team, members, agent } = await teamInSeason(server);
    const { transfer } = (await agent.post(`/v1/transfer/${team.id}/${members[0].id}`)).body as TransferOutcome;
    // The season ends (no more transferMode) and the member leaves on their own.
    await db().update(teams).set({ transferMode: false }).where(eq(teams.id, team.id));
    const leaver = await server.agent().signIn(members[0].discordName);
    expect((await leaver.delete(`/v1/team/${team.id}/members`)).status).toBe(200);

    const res = await admin.patch(`/v1/transfer/${transfer.id}`, { approved: true });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(TRANSFER_ERRORS.leftTeam(members[0].discordName));
    expect((await admin.patch(`/v1/transfer/${transfer.id}`, { approved: false, rejectedReason: 'Already left' })).status).toBe(200);
  });

  it('asks only of a team in a season, and only the captain (removal) or the player themself (join)', async () => {
    const { team, members, captain, agent, player } = await teamInSeason(server);
    const member = await server.agent().signIn(members[0].discordName);
    expect((await member.post(`/v1/transfer/${team.id}/${members[1].id}`)).status).toBe(403);
    expect((await admin.post(`/v1/transfer/${team.id}/${members[1].id}`)).status).toBe(403);
    // The captain cannot "remove" an outsider, nor ask to remove themself (they leave or hand over the captaincy).
    expect((await agent.post(`/v1/transfer/${team.id}/${player.id}`)).body.message).toBe(TRANSFER_ERRORS.notOnTeam);
    expect((await agent.post(`/v1/transfer/${team.id}/${captain.id}`)).status).toBe(409);
    const free = await newTeam(server);
    const res = await free.agent.post(`/v1/transfer/${free.team.id}/${free.members[0].id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(TRANSFER_ERRORS.notInTransferMode);
    expect((await admin.patch('/v1/transfer/999999', { approved: true })).status).toBe(404);
  });

  it('in a season the team calls ask the admins, and the management rows show the open transfers', async () => {
    const { team, members, agent, player } = await teamInSeason(server);
    const fresh = await insertUser(db());
    expect((await agent.post(`/v1/team/${team.id}/members/invites/${fresh.id}`)).status).toBe(200);
    const [invite] = await db().select().from(teamInvites).where(eq(teamInvites.userId, fresh.id));
    expect(invite.isTransfer).toBe(true);
    const freshAgent = await server.agent().signIn(fresh.discordName);
    expect((await freshAgent.patch(`/v1/team/${team.id}/members/invites/accept`)).status).toBe(200);
    expect((await userRow(server, fresh.id)).teamId).toBeNull();
    const removed = await agent.delete(`/v1/team/${team.id}/members/${members[0].id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ amountDue: 0, transfer: { addPlayer: false, status: 'PENDING' } });
    expect((await userRow(server, members[0].id)).teamId).toBe(team.id);

    const join = (await pendingList()).find((t) => t.userId === fresh.id)!;
    expect((await admin.patch(`/v1/transfer/${join.id}`, { approved: false, rejectedReason: 'Roster is full' })).status).toBe(200);
    const rows = (await agent.get(`/v1/team/${team.id}/members`)).body as TeamManagementRow[];
    expect(rows.find((r) => r.id === members[0].id)).toMatchObject({ type: 'MEMBER', isRemoving: true, rejectedReason: null });
    expect(rows.find((r) => r.id === fresh.id)).toMatchObject({ type: 'TRANSFER', teamRole: null, rejectedReason: 'Roster is full' });
    expect(rows.find((r) => r.id === player.id)).toMatchObject({ type: 'INVITE' });

    // Staff decide at once: Force Add and Remove are recorded as approved transfers.
    const added = await insertUser(db());
    expect((await admin.post(`/v1/team/${team.id}/admin/members/${added.id}`)).status).toBe(200);
    expect((await admin.delete(`/v1/team/${team.id}/admin/members/${members[1].id}`)).status).toBe(204);
    expect((await userRow(server, added.id)).teamId).toBe(team.id);
    expect((await userRow(server, members[1].id)).teamId).toBeNull();
    const approved = await db().select().from(transferRequests).where(and(eq(transferRequests.teamId, team.id), eq(transferRequests.status, 'APPROVED')));
    expect(approved.map((t) => `${t.userId} ${t.addPlayer}`).sort()).toEqual([`${added.id} true`, `${members[1].id} false`].sort());
    // Leaving stays refused; handing over the captaincy is not a roster change.
    const mate = await server.agent().signIn(members[0].discordName);
    expect((await mate.delete(`/v1/team/${team.id}/members`)).status).toBe(409);
    expect((await agent.patch(`/v1/team/${team.id}/members/${added.id}`)).status).toBe(204);
  });

  it('transferMode follows the season entry: joining sets it (pending invites become transfer invites), removal from the season or its deletion clears it', async () => {
    const seasonId = await createSeason(admin);
    const { team, agent } = await newTeam(server);
    const outsider = await newTeam(server, { players: 0 });
    await db().insert(teamInvites).values({ teamId: team.id, userId: outsider.captain.id });
    expect((await agent.post(`/v1/billing/join-season/${seasonId}/${team.id}`, { termsAccepted: true })).status).toBe(200);
    expect((await agent.get(`/v1/team/${team.id}`)).body.transferMode).toBe(true);
    // An invite still unanswered becomes a transfer invite with it.
    expect((await outsider.agent.get('/v1/transfer/user')).body).toEqual([expect.objectContaining({ teamId: team.id, isTransfer: true })]);
    expect((await admin.delete(`/v1/billing/remove-team/${seasonId}/${team.id}`)).status).toBe(204);
    expect((await agent.get(`/v1/team/${team.id}`)).body.transferMode).toBe(false);
    expect((await agent.post(`/v1/billing/join-season/${seasonId}/${team.id}`, { termsAccepted: true })).status).toBe(200);
    expect((await admin.delete(`/v1/season/${seasonId}`)).status).toBe(204);
    expect((await agent.get(`/v1/team/${team.id}`)).body.transferMode).toBe(false);
  });
});

describe('the transfer fee (TRANSFER_FEE_EUROS)', () => {
  const server = useTestServer({ seed: true, config: { transferFeeCents: 500 } });
  const admin = server.signedIn('AdminAce');

  it('waits for the payment of whoever asked, then goes to the admins; a rejection refunds it', async () => {
    const { team, members, agent } = await teamInSeason(server);
    const asked = await agent.post(`/v1/transfer/${team.id}/${members[0].id}`);
    expect(asked.body).toMatchObject({ amountDue: 5, transfer: { status: 'AWAITING_PAYMENT' } });
    const id = asked.body.transfer.id as number;
    expect(((await admin.get('/v1/transfer?perPage=100')).body.results as TransferRequest[]).some((t) => t.id === id)).toBe(false);
    expect((await admin.patch(`/v1/transfer/${id}`, { approved: true })).status).toBe(409);

    expect((await agent.post(`/v1/billing/transfer-request/${team.id}`, { teamId: team.id + 1, addPlayer: false, userId: members[0].id })).status).toBe(400);
    expect((await agent.post(`/v1/billing/transfer-request/${team.id}`, { teamId: team.id, addPlayer: true, userId: members[0].id })).status).toBe(404);
    const paid = await agent.post(`/v1/billing/transfer-request/${team.id}`, { teamId: team.id, addPlayer: false, userId: members[0].id });
    expect(paid.status).toBe(200);
    assert(paid.body, PaymentSecret);
    expect(paid.body.amount).toBe(5);
    const confirmed = await agent.post('/v1/billing/local/confirm', { clientSecret: paid.body.clientSecret, cardNumber: CARD_OK });
    expect(confirmed.body.status).toBe('SUCCEEDED');
    const row = await transferRow(server, id);
    expect(row.status).toBe('PENDING');
    expect(((await admin.get('/v1/transfer?perPage=100')).body.results as TransferRequest[]).some((t) => t.id === id)).toBe(true);

    expect((await admin.patch(`/v1/transfer/${id}`, { approved: false, rejectedReason: 'No' })).status).toBe(200);
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.id, row.paymentId!));
    expect(payment.refundedAt).not.toBeNull();
  });

  it('closing the payment unpaid cancels the request (DELETE /v1/billing/transfer-request)', async () => {
    const { team, player, invitee } = await teamInSeason(server);
    const asked = await invitee.post(`/v1/transfer/${team.id}/${player.id}`);
    expect(asked.body.transfer.status).toBe('AWAITING_PAYMENT');
    const res = await invitee.delete(`/v1/billing/transfer-request/${team.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ cancelled: 1 });
    const [row] = await server.database.db.select().from(transferRequests).where(eq(transferRequests.id, asked.body.transfer.id));
    expect(row.status).toBe('CANCELLED');
    expect((await invitee.delete(`/v1/billing/transfer-request/${team.id}`)).status).toBe(404);
  });
});
