import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { startTestServer, type TestServer } from '../support/testServer';
import { renderApp } from '../support/renderApp';
import { createAccount, createBracketFixture, firstPlayable, matchRow, playerOf } from './bracketFixtures';
import { Network } from '../machines/support/network';

configure({ asyncUtilTimeout: 8000 });

// jsdom has no WebGL: the canvas never mounts here (see tests/setup/dom.ts); the page, the lazy chunk, the canvas host
// and its DOM mirror are all real. The browser tests (tests/e2e/bracket.test.ts) drive the real canvas.

/**
 * The bracket page (/tournaments/{id}) against the real in-process server. jsdom has no WebGL, so the canvas shows
 * its fallback and the accessible DOM mirror carries the matches (as it does for screen readers).
 */
describe('bracket page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(() => server.close());

  const db = () => server.database.db;
  const mirror = () => screen.findByRole('navigation', { name: 'Bracket matches' });
  const asUser = (name: string, path: string) => renderApp(path, { server, as: name });
  const asGuest = (path: string) => renderApp(path, { server });

  it('shows the title, a link to the details and every match as a link that opens the match page', async () => {
    const f = await createBracketFixture(db(), { entries: 4 });
    const m = await firstPlayable(server.agent(), f.tournamentId);
    const { user, path } = await asGuest(`/tournaments/${f.tournamentId}`);

    expect(await screen.findByRole('heading', { level: 1, name: f.title })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tournament details' }).getAttribute('href')).toBe(`/tournaments/${f.tournamentId}/details`);
    const nav = await mirror();
    expect(within(nav).getByRole('heading', { name: 'Winners Bracket' })).toBeTruthy();
    expect(within(nav).getByRole('heading', { name: 'Losers Bracket' })).toBeTruthy();
    const [a, b] = [playerOf(f, m, 'A').discordName, playerOf(f, m, 'B').discordName];
    const link = within(nav).getByRole('link', { name: `Match ${m.matchNumber}: ${a} vs ${b}` });
    expect(link.getAttribute('href')).toBe(`/tournaments/${f.tournamentId}/match/${m.id}`);
    // No staff tools for a guest.
    expect(screen.queryByRole('button', { name: 'Reset Bracket' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Show all matches' })).toBeNull();

    await user.click(link);
    expect(path()).toBe(`/tournaments/${f.tournamentId}/match/${m.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: `${m.roundName} · Match ${m.matchNumber}` })).toBeTruthy();
  });

  it('shows the title as soon as the tournament is read, with "Loading the bracket..." below it until the bracket is', async () => {
    const f = await createBracketFixture(db(), { entries: 8 });
    const net = new Network();
    net.hold(/^GET \/v1\/tournament\/\d+\/bracket/);
    try {
      await renderApp(`/tournaments/${f.tournamentId}`, {
        server,
        network: (agent) => {
          net.agent = agent;
          return net.fetch;
        },
      });
      // The title (a phone's largest paint) does not wait for the bracket.
      expect(await screen.findByRole('heading', { level: 1, name: f.title })).toBeTruthy();
      expect(screen.getByText('Loading the bracket...')).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Bracket matches' })).toBeNull();
      net.release();
      expect(await mirror()).toBeTruthy();
      expect(screen.queryByText('Loading the bracket...')).toBeNull();
    } finally {
      net.release();
    }
  });

  it('lets keyboard users skip past the list of matches', async () => {
    const f = await createBracketFixture(db(), { entries: 8 });
    const { user } = await asGuest(`/tournaments/${f.tournamentId}`);
    await mirror();

    const skip = screen.getByRole('link', { name: 'Skip the list of matches' });
    skip.focus();
    await user.keyboard('{Enter}');

    expect(document.activeElement?.textContent).toBe('End of the list of matches');
  });

  it('says the bracket appears when the tournament starts, before it has one', async () => {
    const f = await createBracketFixture(db(), { entries: 4, status: 'OPEN', bracket: false });
    await asGuest(`/tournaments/${f.tournamentId}`);
    expect(await screen.findByText('The bracket appears when the tournament starts.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Bracket matches' })).toBeNull();
  });

  it('answers an unknown tournament with the not-found page', async () => {
    await asGuest('/tournaments/987654');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText('An error occurred')).toBeNull();
  });

  it('lets staff reset the bracket after the irreversible warning, and reach every match', async () => {
    const f = await createBracketFixture(db(), { entries: 4 });
    const m = await firstPlayable(server.agent(), f.tournamentId);
    const admin = await createAccount(db(), 'ADMIN');
    const adminAgent = await server.agent().signIn(admin.discordName);
    await adminAgent.post(`/v1/tournament/${f.tournamentId}/match/${m.id}/admin`, { entryAScore: 3, entryBScore: 2 });
    const { user } = await asUser(admin.discordName, `/tournaments/${f.tournamentId}`);

    const nav = await mirror();
    expect(within(nav).getByRole('link', { name: new RegExp(`^Match ${m.matchNumber}: .*, 3-2$`) })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all matches' }).getAttribute('href')).toBe(`/tournaments/${f.tournamentId}/matches`);

    await user.click(screen.getByRole('button', { name: 'Reset Bracket' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reset Bracket' });
    expect(within(dialog).getByText('Resetting the bracket removes every played match and clears all scores. This is irreversible.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await matchRow(db(), m.id)).winningEntry).toBe('EntryA');

    await user.click(screen.getByRole('button', { name: 'Reset Bracket' }));
    dialog = await screen.findByRole('dialog', { name: 'Reset Bracket' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset Bracket' }));
    const notes = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(notes).findByText('Bracket Reset')).toBeTruthy();
    expect(within(notes).getByText('This bracket has now been fully reset')).toBeTruthy();
    await waitFor(() => expect(within(nav).queryByRole('link', { name: /, 3-2$/ })).toBeNull());
    expect(within(nav).getByRole('link', { name: new RegExp(`^Match ${m.matchNumber}: [^,]+$`) })).toBeTruthy();
    expect((await matchRow(db(), m.id)).winningEntry).toBe('');
  });

  it('reads the bracket again when the tab becomes visible, keeping the same canvas', async () => {
    const f = await createBracketFixture(db(), { entries: 4 });
    const m = await firstPlayable(server.agent(), f.tournamentId);
    const { sent } = await asGuest(`/tournaments/${f.tournamentId}`);
    const nav = await mirror();
    const canvasHost = screen.getByTestId('bracket-canvas');

    const admin = await server.agent().signIn((await createAccount(db(), 'OWNER')).discordName);
    await admin.post(`/v1/tournament/${f.tournamentId}/match/${m.id}/admin`, { entryAScore: 1, entryBScore: 3 });
    const reads = () => sent.filter((r) => r === `GET /v1/tournament/${f.tournamentId}/bracket`).length;
    expect(reads()).toBe(1);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(within(nav).getByRole('link', { name: new RegExp(`^Match ${m.matchNumber}: .*, 1-3$`) })).toBeTruthy());
    expect(reads()).toBe(2);
    expect(screen.getByTestId('bracket-canvas')).toBe(canvasHost);
  });
});
