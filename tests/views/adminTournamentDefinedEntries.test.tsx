import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { create } from 'superstruct';
import { startTestServer, type TestServer } from '../support/testServer';
import { Tournament } from '../../src/api/contract/tournament';
import { SUCCESS } from '../../src/domain/messages';
import { renderApp } from '../support/renderApp';
import { adminAgent, createTournament, demoPlayers, joinAll, startViaApi } from './adminTournamentFixtures';
import { pasteInto } from '../support/pasteInto';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
}, 120_000);
afterAll(() => server?.close());

async function type(user: UserEvent, label: string, text: string) {
  await pasteInto(user, screen.getByRole('textbox', { name: label }), text);
}

/** A beforeunload as the browser sends it when the tab closes: true when the page asked to stay. */
function closingTabIsHeldBack() {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('the predefined entries editor', { timeout: 90_000 }, () => {
  it('saves custom players and teams, ignoring blank names', async () => {
    const admin = await adminAgent(server);
    const id = await createTournament(admin);
    const { user, lastRequest } = await renderApp(`/admin/tournaments/${id}/entries`, { server, as: 'AdminAce' });
    await screen.findByRole('heading', { name: 'Custom players' });

    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Add Player' }));
    await type(user, 'Player 1', '  Ghost One ');
    await type(user, 'Player 2', '   ');
    await user.click(screen.getByRole('button', { name: 'Add Team' }));
    await user.click(screen.getByRole('button', { name: 'Add Team' }));
    await type(user, 'Team 1', 'Phantoms');
    await type(user, 'Team 1 member 1', 'Casper');
    await user.click(screen.getAllByRole('button', { name: 'Add Member' })[0]);
    await type(user, 'Team 1 member 2', ' ');
    await type(user, 'Team 2 member 1', 'Nobody');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText(SUCCESS.tournamentUpdated.title);
    expect(screen.getByText(SUCCESS.tournamentUpdated.message)).toBeTruthy();
    const body = lastRequest('PATCH', `/v1/tournament/${id}`)!.body as Record<string, unknown>;
    expect(body.definedEntries).toEqual({
      definedUsers: [{ name: 'Ghost One' }],
      definedTeams: [{ name: 'Phantoms', definedMembers: ['Casper'] }],
    });
    // The full tournament travels with them.
    expect(body).toMatchObject({ title: expect.any(String), rules: 'https://clutch.gg/rules/fixture', platforms: ['PC'] });
    const saved = (await admin.get(`/v1/tournament/${id}`)).body;
    expect(saved.definedEntries).toEqual(body.definedEntries);
    // Blank rows are gone from the editor.
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Player 2' })).toBeNull());
    expect(screen.queryByRole('textbox', { name: 'Team 2' })).toBeNull();
  });

  it('warns before leaving with unsaved changes, through a link or by closing the tab', async () => {
    const admin = await adminAgent(server);
    const id = await createTournament(admin, { title: 'Leave Warning Cup' });
    const { user, path } = await renderApp(`/admin/tournaments/${id}/entries`, { server, as: 'AdminAce' });
    await screen.findByRole('heading', { name: 'Custom players' });

    // A blank row is not a change.
    await user.click(screen.getByRole('button', { name: 'Add Player' }));
    expect(closingTabIsHeldBack()).toBe(false);

    await type(user, 'Player 1', 'Unsaved Name');
    expect(await screen.findByText('Unsaved changes')).toBeTruthy();
    expect(closingTabIsHeldBack()).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Back to Tournaments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    expect(path()).toBe(`/admin/tournaments/${id}/entries`);
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved Changes' })).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Player 1' }) as HTMLInputElement).value).toBe('Unsaved Name');

    await user.click(screen.getByRole('link', { name: 'Leave Warning Cup' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved Changes' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(path()).toBe(`/tournaments/${id}/details`));
    expect(closingTabIsHeldBack()).toBe(false);
    expect((await admin.get(`/v1/tournament/${id}`)).body.definedEntries.definedUsers).toEqual([]);
  });

  it('leaves at once when everything is saved', async () => {
    const admin = await adminAgent(server);
    const id = await createTournament(admin);
    const { user, path } = await renderApp(`/admin/tournaments/${id}/entries`, { server, as: 'AdminAce' });
    await screen.findByRole('heading', { name: 'Custom players' });
    await user.click(screen.getByRole('button', { name: 'Add Player' }));
    await type(user, 'Player 1', 'Saved Name');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(SUCCESS.tournamentUpdated.title);
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    await user.click(screen.getByRole('link', { name: 'Back to Tournaments' }));
    await waitFor(() => expect(path()).toBe('/admin/tournaments'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the list read only to staff once the tournament has started, and sends plain users to /', async () => {
    const admin = await adminAgent(server);
    const id = await createTournament(admin);
    const entries = { definedUsers: [{ name: 'Solo Ghost' }], definedTeams: [{ name: 'Spooks', definedMembers: ['Boo', 'Eek'] }] };
    const t = create((await admin.get(`/v1/tournament/${id}`)).body, Tournament);
    expect((await admin.patch(`/v1/tournament/${id}`, { ...t, definedEntries: entries })).status).toBe(200);
    await joinAll(server, id, await demoPlayers(server, 2, 40));
    expect((await admin.post(`/v1/tournament/${id}/close`)).status).toBe(200);
    await startViaApi(admin, id);

    const staff = await renderApp(`/admin/tournaments/${id}/entries`, { server, as: 'AdminNova' });
    expect(await screen.findByText('This tournament has started: its predefined entries are part of the bracket.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Custom players' })).getByText('Solo Ghost')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Custom teams' })).getByText('Spooks')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(staff.path()).toBe(`/admin/tournaments/${id}/entries`);

    const [player] = await demoPlayers(server, 1, 50);
    const plain = await renderApp(`/admin/tournaments/${id}/entries`, { server, as: player.discordName });
    await waitFor(() => expect(plain.path()).toBe('/'));
    expect(screen.queryByText('Solo Ghost')).toBeNull();
  });
});
