import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { and, eq } from 'drizzle-orm';
import { transferRequests } from '../../server/db/schema';
import { SUCCESS } from '../../src/domain/messages';
import type { TransferOutcome } from '../../src/api/contract/transfer';
import { renderApp } from '../support/renderApp';
import { startTestServer, type TestServer } from '../support/testServer';
import { teamInSeason } from '../server/transfers.fixtures';

configure({ asyncUtilTimeout: 8000 });

const openRequests = (server: TestServer, teamId: number, userId: number) =>
  server.database.db.select().from(transferRequests).where(and(eq(transferRequests.teamId, teamId), eq(transferRequests.userId, userId)));

describe('the team management dialog of a team in a season (free transfers)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
  }, 120_000);
  afterAll(() => server?.close());

  it('Remove asks the admins ("User removal pending admin approval") and the row reads PENDING REMOVAL, no longer removable', async () => {
    const { team, captain, members } = await teamInSeason(server);
    const app = await renderApp(`/teams/${team.id}`, { server, as: captain.discordName });
    await app.user.click(await screen.findByRole('button', { name: 'Manage Team' }));
    const dialog = await screen.findByRole('dialog', { name: `Manage ${team.name}` });
    const row = await within(dialog).findByRole('listitem', { name: `${members[0].discordName} PLAYER` });
    await app.user.click(within(row).getByRole('button', { name: 'Remove' }));
    await app.user.click(within(await screen.findByRole('dialog', { name: 'Remove user' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(SUCCESS.approvalPendingRemoval.message)).toBeTruthy();
    const pending = await within(dialog).findByRole('listitem', { name: `${members[0].discordName} PENDING REMOVAL` });
    expect(within(pending).queryByRole('button', { name: 'Remove' })).toBeNull();
    // A member on their way out is not offered the captaincy either.
    expect(within(pending).queryByRole('button', { name: 'Make Captain' })).toBeNull();
    expect(await openRequests(server, team.id, members[0].id)).toMatchObject([{ addPlayer: false, status: 'PENDING' }]);
  });

  it('a member whose removal was rejected reads REJECTED and is offered Ok, not Make Captain or Remove', async () => {
    const { team, captain, members } = await teamInSeason(server);
    const asCaptain = await server.agent().signIn(captain.discordName);
    const { transfer } = (await asCaptain.post(`/v1/transfer/${team.id}/${members[1].id}`)).body as TransferOutcome;
    const admin = await server.agent().signIn('AdminAce');
    expect((await admin.patch(`/v1/transfer/${transfer.id}`, { approved: false, rejectedReason: 'Keep the roster' })).status).toBe(200);

    const app = await renderApp(`/teams/${team.id}`, { server, as: captain.discordName });
    await app.user.click(await screen.findByRole('button', { name: 'Manage Team' }));
    const dialog = await screen.findByRole('dialog', { name: `Manage ${team.name}` });
    const row = await within(dialog).findByRole('listitem', { name: `${members[1].discordName} REJECTED` });
    expect(within(row).getByRole('button', { name: 'Ok' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Make Captain' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Remove' })).toBeNull();
    // A plain member still is.
    expect(within(await within(dialog).findByRole('listitem', { name: `${members[0].discordName} PLAYER` })).getByRole('button', { name: 'Make Captain' })).toBeTruthy();
  });

  it('a rejected transfer shows REJECTED with its reason; Ok cancels it: "Transfer Cancelled"', async () => {
    const { team, captain, player, invitee } = await teamInSeason(server);
    const { transfer } = (await invitee.post(`/v1/transfer/${team.id}/${player.id}`)).body as TransferOutcome;
    const admin = await server.agent().signIn('AdminAce');
    await admin.patch(`/v1/transfer/${transfer.id}`, { approved: false, rejectedReason: 'Roster frozen for the playoffs' });

    const app = await renderApp(`/teams/${team.id}`, { server, as: captain.discordName });
    await app.user.click(await screen.findByRole('button', { name: 'Manage Team' }));
    const dialog = await screen.findByRole('dialog', { name: `Manage ${team.name}` });
    const row = await within(dialog).findByRole('listitem', { name: `${player.discordName} REJECTED` });
    expect(within(row).getByText('Roster frozen for the playoffs')).toBeTruthy();
    await app.user.click(within(row).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText(SUCCESS.transferCancelled.title)).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByRole('listitem', { name: `${player.discordName} REJECTED` })).toBeNull());
    expect(await openRequests(server, team.id, player.id)).toMatchObject([{ status: 'CANCELLED' }]);
  });
});

describe('Leave Team while the team plays a season', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
  }, 120_000);
  afterAll(() => server?.close());

  it('is offered to a player of the team; leaving asks the admins ("User removal pending admin approval") and is not offered again', async () => {
    const { team, members } = await teamInSeason(server);
    const me = members[0];
    const app = await renderApp(`/teams/${team.id}`, { server, as: me.discordName });
    await app.user.click(await screen.findByRole('button', { name: 'Leave Team' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave Team' });
    expect(within(confirm).getByText(`Leave ${team.name}? The team is playing a season, so your removal waits for an admin's approval.`)).toBeTruthy();
    await app.user.click(within(confirm).getByRole('button', { name: 'Leave Team' }));

    expect(await screen.findByText(SUCCESS.approvalPendingRemoval.message)).toBeTruthy();
    expect(await screen.findByText('Leaving: your removal is pending admin approval.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave Team' })).toBeNull();
    // Still on the team until an admin approves; the request is the member's own.
    expect(within(screen.getByRole('region', { name: 'Roster' })).getByRole('link', { name: me.discordName })).toBeTruthy();
    expect(await openRequests(server, team.id, me.id)).toMatchObject([{ addPlayer: false, status: 'PENDING', requestedBy: me.id }]);
  });

  it('in the captain’s dialog, Leave Team on their own row asks the admins too and keeps the dialog open (PENDING REMOVAL)', async () => {
    const { team, captain } = await teamInSeason(server);
    const app = await renderApp(`/teams/${team.id}`, { server, as: captain.discordName });
    await app.user.click(await screen.findByRole('button', { name: 'Manage Team' }));
    const dialog = await screen.findByRole('dialog', { name: `Manage ${team.name}` });
    const own = await within(dialog).findByRole('listitem', { name: `${captain.discordName} CAPTAIN` });
    await app.user.click(within(own).getByRole('button', { name: 'Leave Team' }));
    await app.user.click(within(await screen.findByRole('dialog', { name: 'Leave Team' })).getByRole('button', { name: 'Leave Team' }));
    expect(await screen.findByText(SUCCESS.approvalPendingRemoval.message)).toBeTruthy();
    const pending = await within(dialog).findByRole('listitem', { name: `${captain.discordName} PENDING REMOVAL` });
    expect(within(pending).queryByRole('button', { name: 'Leave Team' })).toBeNull();
    expect(screen.getByRole('dialog', { name: `Manage ${team.name}` })).toBeTruthy();
    expect(await openRequests(server, team.id, captain.id)).toMatchObject([{ addPlayer: false, status: 'PENDING' }]);
  });
});

describe('the team management dialog of a team in a season (TRANSFER_FEE_EUROS 2.50)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true, config: { transferFeeCents: 250 } });
  }, 120_000);
  afterAll(() => server?.close());

  it('Remove is followed by the fee’s payment (REMOVE); once paid the removal waits for the admins', async () => {
    const { team, captain, members } = await teamInSeason(server);
    const app = await renderApp(`/teams/${team.id}`, { server, as: captain.discordName });
    await app.user.click(await screen.findByRole('button', { name: 'Manage Team' }));
    const dialog = await screen.findByRole('dialog', { name: `Manage ${team.name}` });
    const row = await within(dialog).findByRole('listitem', { name: `${members[1].discordName} PLAYER` });
    await app.user.click(within(row).getByRole('button', { name: 'Remove' }));
    await app.user.click(within(await screen.findByRole('dialog', { name: 'Remove user' })).getByRole('button', { name: 'Remove' }));
    const payment = await screen.findByRole('dialog', { name: 'Payment' });
    expect(within(payment).getByText(`Transfer fee (REMOVE): remove ${members[1].discordName}`)).toBeTruthy();
    await app.user.type(await within(payment).findByRole('textbox', { name: /card number/i }), '4242 4242 4242 4242');
    await app.user.click(within(payment).getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText(SUCCESS.paymentReceived.title)).toBeTruthy();
    await waitFor(async () => expect((await openRequests(server, team.id, members[1].id))[0]?.status).toBe('PENDING'));
  });

  it('Leave Team is followed by the fee’s payment (REMOVE) by the leaving player; once paid the removal waits for the admins', async () => {
    const { team, members } = await teamInSeason(server);
    const me = members[0];
    const app = await renderApp(`/teams/${team.id}`, { server, as: me.discordName });
    await app.user.click(await screen.findByRole('button', { name: 'Leave Team' }));
    await app.user.click(within(await screen.findByRole('dialog', { name: 'Leave Team' })).getByRole('button', { name: 'Leave Team' }));
    const payment = await screen.findByRole('dialog', { name: 'Payment' });
    expect(within(payment).getByText(`Transfer fee (REMOVE): leave ${team.name}`)).toBeTruthy();
    await app.user.type(await within(payment).findByRole('textbox', { name: /card number/i }), '4242 4242 4242 4242');
    await app.user.click(within(payment).getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText(SUCCESS.paymentReceived.title)).toBeTruthy();
    await waitFor(async () => expect((await openRequests(server, team.id, me.id))[0]?.status).toBe('PENDING'));
    await app.user.click(within(payment).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText(SUCCESS.approvalPendingRemoval.message)).toBeTruthy();
    expect(await screen.findByText('Leaving: your removal is pending admin approval.')).toBeTruthy();
  });
});
