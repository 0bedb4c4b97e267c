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
});
