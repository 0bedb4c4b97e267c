import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { startTestServer, type TestServer } from '../support/testServer';
import { CONFIRM, ERRORS, VALIDATION } from '../../src/domain/messages';
import { formatDateTime } from '../../src/domain/dates';
import { findUserRow, insertUser } from '../support/fixtures';
import { renderApp } from '../support/renderApp';
import { pasteInto } from '../support/pasteInto';

configure({ asyncUtilTimeout: 8000 });
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
}, 120_000);
afterAll(() => server?.close());

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;

async function menuItems(user: UserEvent, name: string) {
  await user.click(screen.getByRole('button', { name: `Options for ${name}` }));
  // jsdom never finishes Mantine's opening transition, so the items count as hidden.
  const menu = await screen.findByRole('menu', { hidden: true });
  const items = (await within(menu).findAllByRole('menuitem', { hidden: true })).map((i) => i.textContent ?? '');
  await user.keyboard('{Escape}');
  return items;
}

async function choose(user: UserEvent, name: string, item: string) {
  await user.click(screen.getByRole('button', { name: `Options for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: item, hidden: true }));
}

/** In the Promote New Staff dialog: search the player, pick them, Promote; they are ADMIN and listed. */
async function promoteFound(user: UserEvent, dialog: HTMLElement, player: { id: number; discordName: string }) {
  await pasteInto(user, within(dialog).getByRole('textbox', { name: 'Search User' }), player.discordName);
  await user.click(within(dialog).getByRole('button', { name: 'Search' }));
  await user.click(await within(dialog).findByRole('radio', { name: player.discordName }));
  await user.click(within(dialog).getByRole('button', { name: 'Promote' }));
  expect(await screen.findByText('User Promoted')).toBeTruthy();
  expect(await screen.findByRole('cell', { name: player.discordName })).toBeTruthy();
  expect((await findUserRow(server.database.db, player.id))?.role).toBe('ADMIN');
}

describe('/admin/staff', () => {
  it('shows an ADMIN the staff table, with n/a for a missing Activision ID, and Promote New Staff but no row actions', async () => {
    const joined = Date.UTC(2025, 2, 4, 9, 30);
    const staff = await insertUser(server.database.db, { role: 'ADMIN', battleTag: null, joined });
    await renderApp('/admin/staff', { server, as: 'AdminAce' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent).slice(0, 4)).toEqual(['DISCORD NAME', 'ROLE', 'ACTIVISION ID', 'DATE JOINED']);
    await screen.findByRole('cell', { name: 'ClutchOwner' });
    const cells = within(rowOf(staff.discordName)).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 4)).toEqual([staff.discordName, 'ADMIN', 'n/a', formatDateTime(joined)]);
    expect(screen.queryByRole('button', { name: /^Options for / })).toBeNull();
    expect(screen.getByRole('button', { name: 'Promote New Staff' })).toBeTruthy();
  });

  it('lets an ADMIN promote a player to ADMIN (the spec restricts only the row actions to OWNER)', async () => {
    const player = await insertUser(server.database.db, { discordName: `Recruit${Date.now() % 100000}` });
    const { user } = await renderApp('/admin/staff', { server, as: 'AdminAce' });
    await user.click(await screen.findByRole('button', { name: 'Promote New Staff' }));
    await promoteFound(user, await screen.findByRole('dialog', { name: 'Promote New Staff' }), player);
    expect(screen.queryByRole('button', { name: `Options for ${player.discordName}` })).toBeNull();
  });

  it('lets the OWNER promote a player to ADMIN through the user search', async () => {
    const player = await insertUser(server.database.db, { discordName: `Rookie${Date.now() % 100000}` });
    const { user } = await renderApp('/admin/staff', { server, as: 'ClutchOwner' });
    await user.click(await screen.findByRole('button', { name: 'Promote New Staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote New Staff' });
    expect(within(dialog).getByText(VALIDATION.staffSearch)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText(ERRORS.invalidStaffUser.title)).toBeTruthy();
    expect(screen.getByText(ERRORS.invalidStaffUser.message)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(within(dialog).getByRole('textbox', { name: 'Search User' }).getAttribute('aria-invalid')).toBe('true');

    await promoteFound(user, dialog, player);
  });

  it('offers the OWNER promote, demote and remove on other rows only, and applies each', async () => {
    const staff = await insertUser(server.database.db, { role: 'ADMIN', discordName: `Deputy${Date.now() % 100000}` });
    const { user } = await renderApp('/admin/staff', { server, as: 'ClutchOwner' });
    await screen.findByRole('cell', { name: staff.discordName });
    expect(screen.queryByRole('button', { name: 'Options for ClutchOwner' })).toBeNull();
    expect(await menuItems(user, staff.discordName)).toEqual(['PROMOTE TO OWNER', 'REMOVE FROM STAFF']);

    await choose(user, staff.discordName, 'PROMOTE TO OWNER');
    const warn = await screen.findByRole('dialog', { name: 'Promote to Owner' });
    expect(within(warn).getByText(new RegExp(CONFIRM.promoteOwner))).toBeTruthy();
    await user.click(within(warn).getByRole('button', { name: 'Promote to Owner' }));
    expect(await screen.findByText('User Promoted')).toBeTruthy();
    await waitFor(() => expect(within(rowOf(staff.discordName)).getByRole('cell', { name: 'OWNER' })).toBeTruthy());
    expect(await menuItems(user, staff.discordName)).toEqual(['DEMOTE TO ADMIN', 'REMOVE FROM STAFF']);

    await choose(user, staff.discordName, 'DEMOTE TO ADMIN');
    await user.click(within(await screen.findByRole('dialog', { name: 'Demote to Admin' })).getByRole('button', { name: 'Demote to Admin' }));
    expect(await screen.findByText('User Demoted')).toBeTruthy();
    await waitFor(() => expect(within(rowOf(staff.discordName)).getByRole('cell', { name: 'ADMIN' })).toBeTruthy());

    await choose(user, staff.discordName, 'REMOVE FROM STAFF');
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove from Staff' })).getByRole('button', { name: 'Remove from Staff' }));
    expect(await screen.findByText('User Removed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('cell', { name: staff.discordName })).toBeNull());
    expect((await findUserRow(server.database.db, staff.id))?.role).toBe('USER');
  });
});
