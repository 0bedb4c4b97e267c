import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { SUCCESS, TRANSFER_ERRORS } from '../../src/domain/messages';
import type { TransferOutcome } from '../../src/api/contract/transfer';
import { clearNotifications } from '../../src/ui/notify';
import { renderApp } from '../support/renderApp';
import { startTestServer, type TestServer } from '../support/testServer';
import { newTeam } from '../server/seasons.fixtures';
import { teamInSeason, transferRow, userRow } from '../server/transfers.fixtures';

configure({ asyncUtilTimeout: 8000 });
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
}, 120_000);
afterAll(() => server?.close());

/** A pending join (the invitee accepted) and a pending removal (the captain asked) of one team in a season. */
async function pendingPair() {
  const made = await teamInSeason(server);
  const join = ((await made.invitee.post(`/v1/transfer/${made.team.id}/${made.player.id}`)).body as TransferOutcome).transfer;
  const removal = ((await made.agent.post(`/v1/transfer/${made.team.id}/${made.members[0].id}`)).body as TransferOutcome).transfer;
  return { ...made, join, removal };
}

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;

describe('/admin/transfers (Pending Transfers)', () => {
  it('is the dashboard’s Pending Transfers button: team, player, addition or removal, Approve and Reject', async () => {
    const { team, player, members } = await pendingPair();
    const app = await renderApp('/admin', { server, as: 'AdminAce' });
    await app.user.click(await screen.findByRole('link', { name: 'Pending Transfers' }));
    expect(await screen.findByRole('heading', { name: 'Pending Transfers' })).toBeTruthy();
    for (const header of ['TEAM', 'PLAYER', 'CHANGE']) expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    const joinRow = await waitFor(() => rowOf(player.discordName));
    expect(within(joinRow).getByText(team.name)).toBeTruthy();
    expect(within(joinRow).getByText('Addition')).toBeTruthy();
    expect(within(rowOf(members[0].discordName)).getByText('Removal')).toBeTruthy();
    expect(within(joinRow).getByRole('button', { name: `Approve the transfer of ${player.discordName}` })).toBeTruthy();
  });

  it('Approve: "Transfer Approved", the row leaves and the player is on the team', async () => {
    const { team, player, join } = await pendingPair();
    const app = await renderApp('/admin/transfers', { server, as: 'AdminAce' });
    await app.user.click(await screen.findByRole('button', { name: `Approve the transfer of ${player.discordName}` }));
    expect(await screen.findByText(SUCCESS.transferApproved.title)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('cell', { name: player.discordName })).toBeNull());
    expect((await userRow(server, player.id)).teamId).toBe(team.id);
    expect((await transferRow(server, join.id)).status).toBe('APPROVED');
  });

  it('Reject asks for a reason: none is refused in the dialog; with one, "Transfer Rejected" and the row leaves', async () => {
    const { members, removal } = await pendingPair();
    const name = members[0].discordName;
    const app = await renderApp('/admin/transfers', { server, as: 'AdminAce' });
    await app.user.click(await screen.findByRole('button', { name: `Reject the transfer of ${name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Transfer' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(TRANSFER_ERRORS.reasonRequired)).toBeTruthy();
    expect(app.lastRequest('PATCH', `/v1/transfer/${removal.id}`)).toBeUndefined();

    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Roster frozen for the playoffs');
    await app.user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(SUCCESS.transferRejected.title)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('cell', { name })).toBeNull());
    expect(await transferRow(server, removal.id)).toMatchObject({ status: 'REJECTED', rejectedReason: 'Roster frozen for the playoffs' });
    expect((await userRow(server, members[0].id)).teamId).not.toBeNull();
  });

  it('shows the server’s refusal when the player joined another team meanwhile, and keeps the row', async () => {
    const { player } = await pendingPair();
    const app = await renderApp('/admin/transfers', { server, as: 'AdminAce' });
    const approve = await screen.findByRole('button', { name: `Approve the transfer of ${player.discordName}` });
    const other = await newTeam(server);
    await server.database.db.update(users).set({ teamId: other.team.id, teamRole: 'PLAYER' }).where(eq(users.id, player.id));
    clearNotifications();
    await app.user.click(approve);
    expect(await screen.findByText(TRANSFER_ERRORS.joinedAnotherTeam(player.discordName))).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('cell', { name: player.discordName })).toBeTruthy());
  });
});
