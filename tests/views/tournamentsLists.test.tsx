import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import type { TestServer } from '../support/testServer';
import { renderApp } from '../support/renderApp';
import { TournamentFixtures, useFixtureServer } from './tournamentFixtures';

configure({ asyncUtilTimeout: 5000 });

const DAY = 86_400_000;

/** Upcoming (game filter), all tournaments (paged cards) and the hall of fame. */
describe('tournament lists', () => {
  let server: TestServer;
  let fx: TournamentFixtures;
  useFixtureServer((s, f) => ((server = s), (fx = f)));

  const card = (title: string) => screen.getByRole('article', { name: title });

  it('says "No Upcoming Tournaments" when nothing is coming up, and links to all tournaments and the hall of fame', async () => {
    await renderApp('/tournaments', { server });
    expect(await screen.findByText('No Upcoming Tournaments')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All tournaments' }).getAttribute('href')).toBe('/tournaments/all');
    expect(screen.getByRole('link', { name: 'Hall of fame' }).getAttribute('href')).toBe('/tournaments/hall-of-fame');
  });

  it('lists upcoming tournaments as cards and filters them by game', async () => {
    const player = await fx.player();
    const cod = await fx.tournament({ title: 'Duty Calls', game: 'CODMW3' });
    const rl = await fx.tournament({ title: 'Rocket Night', game: 'ROCKETLEAGUE', entryFeeCents: 250 });
    const joined = await fx.tournament({ title: 'Already In', game: 'CODMW3' });
    await fx.soloEntry(joined.id, player.id);
    await fx.tournament({ title: 'Signups Off', allowSignups: false });
    const { user, sent, path } = await renderApp('/tournaments', { server, as: player.discordName });

    await screen.findByRole('article', { name: 'Duty Calls' });
    expect(within(card('Duty Calls')).getByText('Free')).toBeTruthy();
    expect(within(card('Rocket Night')).getByText('€2.50')).toBeTruthy();
    expect(within(card('Duty Calls')).getByText(`Call of Duty: Modern Warfare III · ${format(cod.startDate, 'dd/MM/yyyy')} 19:00`)).toBeTruthy();
    expect(within(card('Already In')).getByRole('button', { name: 'JOINED' })).toBeTruthy();
    expect(within(card('Signups Off')).getByRole('button', { name: 'CLOSED' })).toBeTruthy();
    // Players get no ENTRIES button, and nothing has a bracket yet.
    expect(screen.queryByRole('link', { name: 'ENTRIES' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'BRACKET' })).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Game' }));
    // Mantine keeps the dropdown mid-transition in jsdom, so the option is picked without the visibility check.
    fireEvent.click(await screen.findByRole('option', { name: 'Rocket League', hidden: true }));
    // The game's list is rendered in the background once it arrives (useLoader): wait for it, then Duty Calls is gone.
    await screen.findByRole('article', { name: 'Rocket Night' });
    expect(screen.queryByRole('article', { name: 'Duty Calls' })).toBeNull();
    expect(sent).toContain('GET /v1/tournament/upcoming?game=ROCKETLEAGUE');

    await user.click(within(card('Rocket Night')).getByRole('button', { name: 'REGISTER' }));
    await waitFor(() => expect(path()).toBe(`/tournaments/${rl.id}/details`));
  });

  it('shows staff the ENTRIES button on every card', async () => {
    const admin = await fx.player({ role: 'ADMIN' });
    const t = await fx.tournament({ title: 'Staff View' });
    await renderApp('/tournaments', { server, as: admin.discordName });
    await screen.findByRole('article', { name: 'Staff View' });
    expect(within(card('Staff View')).getByRole('link', { name: 'ENTRIES' }).getAttribute('href')).toBe(`/tournaments/${t.id}/entries`);
  });

  it('counts predefined entries on the card and in the details: 1,023 names and a player read 1,024 entries', async () => {
    const definedUsers = Array.from({ length: 1023 }, (_, i) => ({ name: `Qualifier ${i + 1}` }));
    const t = await fx.tournament({ title: 'Predefined Qualifier', signUpLimit: 1024, definedEntries: { definedUsers, definedTeams: [] } });
    await fx.soloEntry(t.id, (await fx.player()).id);
    const { user } = await renderApp('/tournaments', { server });
    const found = await screen.findByRole('article', { name: 'Predefined Qualifier' });
    expect(within(found).getByText('1,024 / 1,024 entries · Solo')).toBeTruthy();
    await user.click(within(found).getByRole('link', { name: 'Predefined Qualifier' }));
    const info = await screen.findByRole('table', { name: 'Tournament information' });
    expect(within(within(info).getByRole('rowheader', { name: 'Entries' }).closest('tr')!).getByRole('cell').textContent).toBe('1,024');
  });

  it('pages through all tournaments with the page size the server answers', async () => {
    const active = await fx.tournament({ title: 'Live Now', status: 'ACTIVE', startDate: Date.now() + 400 * DAY });
    for (let i = 0; i < 11; i++) await fx.tournament({ title: `Filler ${i}`, startDate: Date.now() - (i + 10) * DAY });
    const { user, sent } = await renderApp('/tournaments/all', { server });

    await screen.findByRole('article', { name: 'Live Now' });
    expect(within(card('Live Now')).getByRole('link', { name: 'BRACKET' }).getAttribute('href')).toBe(`/tournaments/${active.id}`);
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(screen.getByRole('link', { name: 'Upcoming tournaments' }).getAttribute('href')).toBe('/tournaments');
    expect(sent).toContain('GET /v1/tournament/active?pageNo=1&perPage=10');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    const total = (await server.agent().get('/v1/tournament/active?perPage=1')).body.total as number;
    expect(within(pages).getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(Math.ceil(total / 10));

    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Live Now' })).toBeNull());
    expect(screen.getAllByRole('article').length).toBe(Math.min(10, total - 10));
  });

  it('lists the hall of fame with each winner linking to the player or the tournament team', async () => {
    const champion = await fx.player({ discordName: 'SoloChampion' });
    const solo = await fx.tournament({ title: 'Solo Crown', status: 'COMPLETED', teamLimit: 1, winningEntryId: champion.id, winningEntryName: 'SoloChampion' });
    const teams = await fx.tournament({ title: 'Team Crown', status: 'COMPLETED', teamLimit: 4, winningEntryId: 77, winningEntryName: 'Gold Team' });
    const sw = await fx.tournament({
      title: 'Switch Crown',
      status: 'COMPLETED',
      tournamentType: 'SWITCHEROO',
      teamLimit: 2,
      winningEntryId: 78,
      winningEntryName: 'Pair Team',
    });
    await fx.tournament({ title: 'Guest Crown', status: 'COMPLETED', winningEntryId: null, winningEntryName: 'Predefined Heroes' });
    await renderApp('/tournaments/hall-of-fame', { server });

    const tableEl = await screen.findByRole('table');
    expect(within(tableEl).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['NAME', 'TYPE', 'END DATE', 'WINNER']);
    const row = (title: string) => within(tableEl).getByRole('link', { name: title }).closest('tr')!;
    expect(within(row('Solo Crown')).getByRole('link', { name: 'SoloChampion' }).getAttribute('href')).toBe(`/players/${champion.id}`);
    expect(within(row('Solo Crown')).getByText(format(solo.endDate, 'dd/MM/yyyy'))).toBeTruthy();
    expect(within(row('Solo Crown')).getByText('Solo')).toBeTruthy();
    expect(within(row('Team Crown')).getByRole('link', { name: 'Gold Team' }).getAttribute('href')).toBe(`/tournaments/${teams.id}/77`);
    expect(within(row('Team Crown')).getByText('Teams of 4')).toBeTruthy();
    expect(within(row('Switch Crown')).getByRole('link', { name: 'Pair Team' }).getAttribute('href')).toBe(`/tournaments/${sw.id}/78`);
    expect(within(row('Switch Crown')).getByText('Switcheroo')).toBeTruthy();
    // A predefined winner has a name and no page.
    expect(within(row('Guest Crown')).getByText('Predefined Heroes')).toBeTruthy();
    expect(within(row('Guest Crown')).queryByRole('link', { name: 'Predefined Heroes' })).toBeNull();
  });
});
