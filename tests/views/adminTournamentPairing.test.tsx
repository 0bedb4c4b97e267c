import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { startTestServer, type TestServer } from '../support/testServer';
import { renderApp } from '../support/renderApp';
import { adminAgent, createTournament, demoPlayers, joinAll, type Player } from './adminTournamentFixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
}, 120_000);
afterAll(() => server?.close());

// jsdom lays nothing out: give every drop place (ENTRIES and each slot) its own row, 100 px apart, and let a
// player sit where its place is. dnd-kit then finds the place under a dragged player as in a browser.
const realRect = Element.prototype.getBoundingClientRect;
beforeEach(() => {
  Element.prototype.getBoundingClientRect = function layout(this: Element) {
    const place = this.closest('[role="group"]');
    if (!place) return realRect.call(this);
    const row = [...document.querySelectorAll('[role="group"]')].indexOf(place);
    return DOMRect.fromRect({ x: 0, y: row * 100, width: 300, height: 60 });
  };
});
afterEach(() => {
  Element.prototype.getBoundingClientRect = realRect;
});

async function closedSwitcheroo(switcherooType: 'SINGLES' | 'DOUBLES', players: Player[]) {
  const admin = await adminAgent(server);
  const id = await createTournament(admin, { tournamentType: 'SWITCHEROO', switcherooType, signUpLimit: 16, teamLimit: undefined });
  await joinAll(server, id, players);
  expect((await admin.post(`/v1/tournament/${id}/close`)).status).toBe(200);
  return id;
}

/** Staff open the entries of a CLOSED SWITCHEROO: the pairing screen. */
async function renderPairing(id: number) {
  const app = await renderApp(`/tournaments/${id}/entries`, { server, as: 'AdminAce' });
  await screen.findByRole('group', { name: 'ENTRIES' });
  return app;
}

/** The live region dnd-kit speaks through. */
const announced = () => document.querySelector('[role="status"][aria-live="assertive"]')?.textContent ?? '';

/** Picks `name` up with the keyboard, moves it over the place called `place` and drops it there. */
async function dragWithKeyboard(user: UserEvent, name: string, place: string) {
  // dnd-kit hands focus back to the last dropped player a moment after a drop: wait until ours keeps it.
  const chip = screen.getByRole('button', { name });
  await waitFor(async () => {
    chip.focus();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(document.activeElement).toBe(chip);
  });
  await user.keyboard('[Space]');
  // "Picked up …" is followed at once by where the player is.
  await waitFor(() => expect(announced()).toMatch(new RegExp(`Picked up ${name}|${name} is over`)));
  for (let i = 0; i < 20 && !announced().includes(`is over ${place}`); i++) {
    await user.keyboard('[ArrowDown]');
    await waitFor(() => expect(announced()).toContain('is over'));
  }
  expect(announced()).toContain(`${name} is over ${place}`);
  await user.keyboard('[Space]');
}

const slot = (name: string) => screen.getByRole('group', { name });
const entries = () => screen.getByRole('group', { name: 'ENTRIES' });

describe('the SWITCHEROO pairing screen', { timeout: 90_000 }, () => {
  it('shows the free substitute slots and A to D slots per singles team', async () => {
    const players = await demoPlayers(server, 5, 20);
    const id = await closedSwitcheroo('SINGLES', players);
    await renderPairing(id);

    expect(screen.getByText(/Free substitute slots:/).textContent).toBe('Free substitute slots: 11');
    for (const p of players) expect(within(entries()).getByRole('button', { name: p.discordName })).toBeTruthy();
    // 5 players need two teams of four.
    for (const letter of ['A', 'B', 'C', 'D']) expect(slot(`Team 1 slot ${letter}`)).toBeTruthy();
    expect(slot('Team 2 slot D')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Team 3 slot A' })).toBeNull();
  });

  it('drops a player into a slot, ignores a drop on an occupied slot, and saves the pairing', async () => {
    const players = await demoPlayers(server, 3, 25);
    const [first, second] = players;
    const id = await closedSwitcheroo('DOUBLES', players);
    const { user, lastRequest, agent } = await renderPairing(id);
    // Doubles teams have two slots.
    expect(slot('Team 1 slot B')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Team 1 slot C' })).toBeNull();

    await dragWithKeyboard(user, first.discordName, 'Team 1 slot A');
    await waitFor(() => expect(within(slot('Team 1 slot A')).getByRole('button', { name: first.discordName })).toBeTruthy());
    expect(within(entries()).queryByRole('button', { name: first.discordName })).toBeNull();

    await dragWithKeyboard(user, second.discordName, 'Team 1 slot A');
    await waitFor(() => expect(announced()).toContain(`Team 1 slot A is taken: ${second.discordName} was not moved`));
    expect(within(slot('Team 1 slot A')).getByRole('button', { name: first.discordName })).toBeTruthy();
    expect(within(entries()).getByRole('button', { name: second.discordName })).toBeTruthy();

    await dragWithKeyboard(user, second.discordName, 'Team 1 slot B');
    await waitFor(() => expect(within(slot('Team 1 slot B')).getByRole('button', { name: second.discordName })).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Save Teams' }));
    await screen.findByText('Teams Saved');
    expect(lastRequest('POST', `/v1/tournament/${id}/switcheroo/teams`)!.body).toEqual({
      teams: [
        { name: 'Team 1', slots: [first.id, second.id] },
        { name: 'Team 2', slots: [null, null] },
      ],
    });
    const board = (await agent.get(`/v1/tournament/${id}/entries/switcheroo`)).body;
    expect(board.teams).toHaveLength(1);
    expect(board.teams[0].users.map((u: { id: number }) => u.id).sort()).toEqual([first.id, second.id].sort());
    // The saved board comes back: the empty team is gone, the third player still waits in ENTRIES.
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Team 2 slot A' })).toBeNull());
    expect(within(entries()).getByRole('button', { name: players[2].discordName })).toBeTruthy();
  });

  it('asks for a team name before saving', async () => {
    const players = await demoPlayers(server, 2, 30);
    const id = await closedSwitcheroo('DOUBLES', players);
    const { user, lastRequest } = await renderPairing(id);
    await user.clear(screen.getByRole('textbox', { name: 'Team 1 name' }));
    await user.click(screen.getByRole('button', { name: 'Save Teams' }));
    expect(await screen.findByText('Please enter a team name')).toBeTruthy();
    expect(lastRequest('POST', `/v1/tournament/${id}/switcheroo/teams`)).toBeUndefined();
  });
});
