import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { startTestServer, type TestServer } from '../support/testServer';
import { ERRORS } from '../../src/domain/messages';
import { renderApp } from '../support/renderApp';
import { and, eq } from 'drizzle-orm';
import { tournamentEntries } from '../../server/db/schema';
import { adminAgent, createTournament, demoPlayers, joinAll } from './adminTournamentFixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
}, 120_000);
afterAll(() => server?.close());

// 4 entrants: Round 1, Winners Final, Losers Round 1, Losers Final, Grand Final, Grand Final 2.
const ROUNDS_OF_4 = ['Round 1', 'Losers Round 1', 'Winners Final', 'Losers Final', 'Grand Final', 'Grand Final 2'];

/** A tournament with 4 players, closed. */
async function closedTournamentOf4(offset: number) {
  const admin = await adminAgent(server);
  const id = await createTournament(admin);
  await joinAll(server, id, await demoPlayers(server, 4, offset));
  expect((await admin.post(`/v1/tournament/${id}/close`)).status).toBe(200);
  return { admin, id };
}

/** The label text of an input, without the required asterisk. */
const labelOf = (input: HTMLElement) => document.querySelector(`label[for="${input.id}"]`)?.firstChild?.textContent ?? '';

describe('the maps and modes page', { timeout: 90_000 }, () => {
  it('offers Start for a CLOSED tournament, refuses undefined rounds, then confirms and starts it', async () => {
    const { admin, id } = await closedTournamentOf4(0);
    const { user, path } = await renderApp(`/admin/tournaments/${id}/maps`, { server, as: 'AdminAce' });

    await screen.findByRole('textbox', { name: 'Round 1' });
    expect(screen.getAllByRole('textbox').map(labelOf)).toEqual(ROUNDS_OF_4);
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();

    for (const round of ROUNDS_OF_4.slice(0, -1)) {
      await user.click(screen.getByRole('textbox', { name: round }));
      await user.paste(`${round}: Hardpoint on Skidrow`);
    }
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(ERRORS.mapsUndefined.title)).toBeTruthy();
    expect(within(alert).getByText(ERRORS.mapsUndefined.message)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The empty round is marked; the filled ones are not.
    const invalid = () => screen.getAllByRole('textbox').filter((el) => el.getAttribute('aria-invalid') === 'true').map(labelOf);
    expect(invalid()).toEqual(['Grand Final 2']);

    await user.click(screen.getByRole('textbox', { name: 'Grand Final 2' }));
    await user.paste('Search and Destroy on Terminal');
    expect(invalid()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const confirm = await screen.findByRole('dialog', { name: 'Start Tournament' });
    await user.click(within(confirm).getByRole('button', { name: 'Start' }));

    await screen.findByText('Tournament Started');
    await waitFor(() => expect(path()).toBe(`/tournaments/${id}`));
    const saved = (await admin.get(`/v1/tournament/${id}`)).body;
    expect(saved.status).toBe('ACTIVE');
    expect(saved.mapsAndModes).toContainEqual({ roundName: 'Grand Final 2', value: 'Search and Destroy on Terminal' });
    const matches = (await admin.get(`/v1/tournament/${id}/match`)).body;
    expect(matches.length).toBeGreaterThan(0);
  });

  it('shows which entries are playing (the spec’s "playing" flag): those the start seeds, not a refunded one', async () => {
    const admin = await adminAgent(server);
    const id = await createTournament(admin);
    const detail = (await admin.get(`/v1/tournament/${id}`)).body;
    const defined = await admin.patch(`/v1/tournament/${id}`, { ...detail, definedEntries: { definedUsers: [{ name: 'Guest Ace' }], definedTeams: [] } });
    expect(defined.status, JSON.stringify(defined.body)).toBe(200);
    const players = await demoPlayers(server, 3, 40);
    await joinAll(server, id, players);
    await server.database.db
      .update(tournamentEntries)
      .set({ refunded: true })
      .where(and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.userId, players[2].id)));
    expect((await admin.post(`/v1/tournament/${id}/close`)).status).toBe(200);

    await renderApp(`/admin/tournaments/${id}/maps`, { server, as: 'AdminAce' });
    const entries = await screen.findByRole('region', { name: 'Entries' });
    const flag = async (name: string) => within((await within(entries).findByRole('cell', { name })).closest('tr')!).getAllByRole('cell')[1].textContent;
    expect(await flag(players[0].discordName)).toBe('PLAYING');
    expect(await flag(players[1].discordName)).toBe('PLAYING');
    expect(await flag(players[2].discordName)).toBe('NOT PLAYING');
    expect(within(entries).getByText(/The 1 predefined entries play too/)).toBeTruthy();
  });

  it('keeps a CLOSED tournament closed when the start is cancelled', async () => {
    const { admin, id } = await closedTournamentOf4(4);
    const { user } = await renderApp(`/admin/tournaments/${id}/maps`, { server, as: 'AdminAce' });
    await screen.findByRole('textbox', { name: 'Round 1' });
    for (const round of ROUNDS_OF_4) {
      await user.click(screen.getByRole('textbox', { name: round }));
      await user.paste('Control on Rio');
    }
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Start Tournament' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Start Tournament' })).toBeNull());
    expect((await admin.get(`/v1/tournament/${id}`)).body.status).toBe('CLOSED');
  });

  it('offers Update for an ACTIVE tournament and saves the maps without a confirmation', async () => {
    const { admin, id } = await closedTournamentOf4(8);
    const maps = ROUNDS_OF_4.map((roundName) => ({ roundName, value: 'Hardpoint on Karachi' }));
    expect((await admin.patch(`/v1/tournament/${id}`, { mapsAndModes: maps })).status).toBe(200);
    expect((await admin.post(`/v1/tournament/${id}/start`)).status).toBe(200);

    const { user } = await renderApp(`/admin/tournaments/${id}/maps`, { server, as: 'AdminAce' });
    const losersFinal = await screen.findByRole('textbox', { name: 'Losers Final' });
    expect((losersFinal as HTMLInputElement).value).toBe('Hardpoint on Karachi');
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
    await user.clear(losersFinal);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(ERRORS.mapsUndefined.title)).toBeTruthy();

    await user.click(losersFinal);
    await user.paste('Search and Destroy on Shipment');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Tournament updated')).toBeTruthy();
    expect(screen.getByText('Maps and modes have been updated')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const saved = (await admin.get(`/v1/tournament/${id}`)).body;
    expect(saved.status).toBe('ACTIVE');
    expect(saved.mapsAndModes).toContainEqual({ roundName: 'Losers Final', value: 'Search and Destroy on Shipment' });
  });

  it('refuses an OPEN tournament and goes back to the tournaments table', async () => {
    const admin = await adminAgent(server);
    const id = await createTournament(admin);
    const { path } = await renderApp(`/admin/tournaments/${id}/maps`, { server, as: 'AdminAce' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(ERRORS.mapsWhileOpen.title)).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/admin/tournaments'));
    expect(screen.queryByRole('textbox', { name: 'Round 1' })).toBeNull();
  });
});
