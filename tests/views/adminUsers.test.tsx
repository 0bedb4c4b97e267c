import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { startTestServer, type TestServer } from '../support/testServer';
import { CONFIRM, SUCCESS, USER_ADMIN } from '../../src/domain/messages';
import { findUserRow, insertUser } from '../support/fixtures';
import { renderApp } from '../support/renderApp';
import { pasteInto } from '../support/pasteInto';

configure({ asyncUtilTimeout: 8000 });
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
}, 120_000);
afterAll(() => server?.close());

/** /admin/users as AdminAce, searched for `term` until `name`'s row shows. */
async function openUsers(term: string, name: string) {
  const app = await renderApp('/admin/users', { server, as: 'AdminAce' });
  await pasteInto(app.user, await screen.findByRole('searchbox', { name: 'Search by Discord name or Activision ID' }), term);
  await screen.findByRole('button', { name: `Edit ${name}` });
  return app;
}

describe('/admin/users', () => {
  it('finds a user by Activision ID and edits their record: User Edited', async () => {
    const player = await insertUser(server.database.db, { battleTag: 'Findme#777', wins: 1 });
    const { user } = await openUsers('Findme#777', player.discordName);
    const row = screen.getByRole('button', { name: `Edit ${player.discordName}` }).closest('tr')!;
    expect(within(row).getByText('Findme#777')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: `Edit ${player.discordName}` }));
    const dialog = await screen.findByRole('dialog', { name: `Edit User: ${player.discordName}` });
    const set = async (label: string, value: string) => {
      const input = within(dialog).getByRole('textbox', { name: label });
      await user.clear(input);
      await user.type(input, value);
    };
    await set('Activision ID', 'Renamed#1');
    await set('KR', '2500');
    await set('Wins', '12');
    await set('Losses', '4');
    await set('Gold', '1');
    await set('Silver', '2');
    await set('Bronze', '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(SUCCESS.userEdited.title)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await findUserRow(server.database.db, player.id)).toMatchObject({
      battleTag: 'Renamed#1',
      katanaRank: 2500,
      wins: 12,
      losses: 4,
      gold: 1,
      silver: 2,
      bronze: 3,
    });
  });

  it("leaves an owner's record to owners: an admin's Edit says why and opens nothing", async () => {
    const { user } = await openUsers('ClutchOwner', 'ClutchOwner');
    const edit = screen.getByRole('button', { name: 'Edit ClutchOwner' });
    expect(edit.getAttribute('aria-disabled')).toBe('true');
    await user.hover(edit);
    expect(await screen.findByText(USER_ADMIN.staffRecordOwnerOnly)).toBeTruthy();
    await user.click(edit);
    expect(screen.queryByRole('dialog', { name: 'Edit User: ClutchOwner' })).toBeNull();
  });

  it('bans a user after the permanent-ban confirmation: User Banned', async () => {
    const player = await insertUser(server.database.db);
    const { user } = await openUsers(player.discordName, player.discordName);
    await user.click(screen.getByRole('button', { name: `Ban ${player.discordName}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban User' });
    expect(within(dialog).getByText(new RegExp(CONFIRM.ban))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));

    expect(await screen.findByText(SUCCESS.userBanned.title)).toBeTruthy();
    expect(await screen.findByText('BANNED')).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Ban ${player.discordName}` })).toBeNull();
    expect((await findUserRow(server.database.db, player.id))?.banned).toBe(true);
  });
});
