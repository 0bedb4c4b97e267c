import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { and, eq } from 'drizzle-orm';
import { transferRequests } from '../../server/db/schema';
import { SUCCESS } from '../../src/domain/messages';
import { renderApp } from '../support/renderApp';
import { startTestServer, type TestServer } from '../support/testServer';
import { teamInSeason } from '../server/transfers.fixtures';

configure({ asyncUtilTimeout: 8000 });

/** The invitee's open request on the team, if any. */
const requestOf = async (server: TestServer, teamId: number, userId: number) =>
  (await server.database.db.select().from(transferRequests).where(and(eq(transferRequests.teamId, teamId), eq(transferRequests.userId, userId))))[0];

describe('a transfer invite on /invites (free transfers)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
  }, 120_000);
  afterAll(() => server?.close());

  it('Accept asks the admins: "Approval Pending" (Team join pending admin approval), the player is not on the team yet', async () => {
    const { team, player } = await teamInSeason(server);
    const { user } = await renderApp('/invites', { server, as: player.discordName });
    const invite = await screen.findByRole('listitem', { name: `Invite from ${team.name}` });
    await user.click(within(invite).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(SUCCESS.approvalPendingJoin.message)).toBeTruthy();
    expect(within(invite).getByText('Approval Pending')).toBeTruthy();
    expect(within(invite).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(await requestOf(server, team.id, player.id)).toMatchObject({ addPlayer: true, status: 'PENDING' });
  });
});

describe('a transfer invite on /invites (TRANSFER_FEE_EUROS 2.50)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true, config: { transferFeeCents: 250 } });
  }, 120_000);
  afterAll(() => server?.close());

  it('Accept opens the fee’s payment (ADD); once paid the join waits for the admins', async () => {
    const { team, player } = await teamInSeason(server);
    const { user } = await renderApp('/invites', { server, as: player.discordName });
    const invite = await screen.findByRole('listitem', { name: `Invite from ${team.name}` });
    await user.click(within(invite).getByRole('button', { name: 'Accept' }));
    const payment = await screen.findByRole('dialog', { name: 'Payment' });
    expect(within(payment).getByText(`Transfer fee (ADD): join ${team.name}`)).toBeTruthy();
    await user.type(await within(payment).findByRole('textbox', { name: /card number/i }), '4242 4242 4242 4242');
    await user.click(within(payment).getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText(SUCCESS.paymentReceived.title)).toBeTruthy();
    await waitFor(async () => expect((await requestOf(server, team.id, player.id))?.status).toBe('PENDING'));
    await user.click(await within(await screen.findByRole('dialog', { name: 'Payment' })).findByRole('button', { name: 'Close' }));
    expect(await screen.findByText(SUCCESS.approvalPendingJoin.message)).toBeTruthy();
  });

  it('closing the payment unpaid cancels the request: "Transfer Cancelled"', async () => {
    const { team, player } = await teamInSeason(server);
    const { user } = await renderApp('/invites', { server, as: player.discordName });
    const invite = await screen.findByRole('listitem', { name: `Invite from ${team.name}` });
    await user.click(within(invite).getByRole('button', { name: 'Accept' }));
    const payment = await screen.findByRole('dialog', { name: 'Payment' });
    await within(payment).findByRole('textbox', { name: /card number/i });
    await user.click(within(payment).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(SUCCESS.transferCancelled.title)).toBeTruthy();
    await waitFor(async () => expect((await requestOf(server, team.id, player.id))?.status).toBe('CANCELLED'));
  });
});
