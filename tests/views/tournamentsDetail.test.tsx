import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import type { TestServer } from '../support/testServer';
import { renderApp } from '../support/renderApp';
import { TournamentFixtures, useFixtureServer } from './tournamentFixtures';

configure({ asyncUtilTimeout: 5000 });

/** The tournament detail page and its join dialog, against the real in-process server. */
describe('tournament detail', () => {
  let server: TestServer;
  let fx: TournamentFixtures;
  // No demo seed: every test makes what it looks at, which also keeps start-up quick.
  useFixtureServer((s, f) => ((server = s), (fx = f)));

  const button = (name: string) => screen.queryByRole('button', { name, hidden: false }) ?? screen.queryByRole('link', { name });

  it('shows a guest the banner, texts, info table and rules link, a login prompt, and sends REGISTER to /login', async () => {
    const t = await fx.tournament({ title: 'Guest Cup', subTitle: 'Open to all', description: 'Bring your best.', entryFeeCents: 0 });
    const { path, user } = await renderApp(`/tournaments/${t.id}/details`, { server });

    expect(await screen.findByRole('heading', { name: 'Guest Cup', level: 1 })).toBeTruthy();
    expect(screen.getByText('Open to all')).toBeTruthy();
    expect(screen.getByText('Bring your best.')).toBeTruthy();
    expect((screen.getByRole('img', { name: 'Guest Cup banner' }) as HTMLImageElement).getAttribute('src')).toBe('/tournament-banner.svg');
    expect(screen.getByRole('link', { name: 'Read the tournament rules' }).getAttribute('href')).toBe('https://clutch.gg/rules/tournaments');
    const info = screen.getByRole('table', { name: 'Tournament information' });
    const row = (label: string) => within(info).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(within(row('Start date')).getByText(`${format(t.startDate, 'dd/MM/yyyy')} 19:00`)).toBeTruthy();
    expect(within(row('End date')).getByText(format(t.endDate, 'dd/MM/yyyy'))).toBeTruthy();
    expect(within(row('Sign-ups close')).getByText(format(t.signUpClose, 'dd/MM/yyyy'))).toBeTruthy();
    expect(within(row('Entry fee')).getByText('Free')).toBeTruthy();
    expect(within(row('Type')).getByText('Solo')).toBeTruthy();
    expect(within(row('Platforms')).getByText('PC, Xbox')).toBeTruthy();
    expect(within(row('Status')).getByText('OPEN')).toBeTruthy();

    expect(screen.getByText('Sign in to register for this tournament and see your team.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(button('ENTRIES')).toBeNull();
    expect(button('BRACKET')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'REGISTER' }));
    await waitFor(() => expect(path()).toBe('/login'));
  });

  it('shows the not-found page for a tournament that does not exist, without an error notification', async () => {
    await renderApp('/tournaments/999999/details', { server });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText('An error occurred')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers ENTRIES to staff before the tournament starts, but not to players', async () => {
    const t = await fx.tournament({ entryFeeCents: 500 });
    const admin = await fx.player({ role: 'ADMIN' });
    await renderApp(`/tournaments/${t.id}/details`, { server, as: admin.discordName });
    expect(await screen.findByRole('link', { name: 'ENTRIES' })).toBeTruthy();
    expect(button('BRACKET')).toBeNull();
    const info = screen.getByRole('table', { name: 'Tournament information' });
    expect(within(info).getByText('€5.00')).toBeTruthy();
  });

  it('offers ENTRIES and BRACKET to everyone when ACTIVE, BRACKET alone when COMPLETED, and CLOSED when sign-ups are over', async () => {
    const player = await fx.player();
    const active = await fx.tournament({ status: 'ACTIVE', allowSignups: false });
    await renderApp(`/tournaments/${active.id}/details`, { server, as: player.discordName });
    expect((await screen.findByRole('link', { name: 'ENTRIES' })).getAttribute('href')).toBe(`/tournaments/${active.id}/entries`);
    expect(screen.getByRole('link', { name: 'BRACKET' }).getAttribute('href')).toBe(`/tournaments/${active.id}`);
    expect((screen.getByRole('button', { name: 'CLOSED' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('Sign in to register for this tournament and see your team.')).toBeNull();

    const completed = await fx.tournament({ status: 'COMPLETED', allowSignups: false });
    await renderApp(`/tournaments/${completed.id}/details`, { server, as: player.discordName });
    expect(await screen.findByRole('link', { name: 'BRACKET' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'ENTRIES' })).toBeNull();
  });

  it('shows JOINED and the viewer’s team card with its members and a View Team link', async () => {
    const captain = await fx.player();
    const mate = await fx.player();
    const t = await fx.tournament({ teamLimit: 2 });
    const team = await fx.team(t.id, captain.id, [mate.id], { name: 'Night Owls' });
    await renderApp(`/tournaments/${t.id}/details`, { server, as: mate.discordName });

    expect((await screen.findByRole('button', { name: 'JOINED' }) as HTMLButtonElement).disabled).toBe(true);
    const card = screen.getByRole('region', { name: 'Your team' });
    expect(within(card).getByText('Night Owls')).toBeTruthy();
    expect(within(card).getByRole('link', { name: captain.discordName }).getAttribute('href')).toBe(`/players/${captain.id}`);
    expect(within(card).getByText('CAPTAIN')).toBeTruthy();
    expect(within(card).getByRole('link', { name: mate.discordName })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'View Team' }).getAttribute('href')).toBe(`/tournaments/${t.id}/${team.id}`);
  });

  it('validates the join dialog word for word, then joins a free team tournament as captain', async () => {
    const player = await fx.player();
    const t = await fx.tournament({ teamLimit: 3, title: 'Trio Cup' });
    const { user, sent } = await renderApp(`/tournaments/${t.id}/details`, { server, as: player.discordName });

    await user.click(await screen.findByRole('button', { name: 'REGISTER' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register for Trio Cup' });
    expect(within(dialog).queryByText(/entry fee/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(within(dialog).getByText('Please enter a team name')).toBeTruthy();
    expect(within(dialog).getByText('Please agree to the terms and conditions')).toBeTruthy();
    expect(sent.filter((r) => r.startsWith('POST /v1/billing/join-tournament'))).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Team name/ }), '   ');
    await user.click(within(dialog).getByRole('checkbox', { name: /I agree to the terms and conditions/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(within(dialog).getByText('Please enter a team name')).toBeTruthy();
    expect(within(dialog).queryByText('Please agree to the terms and conditions')).toBeNull();

    await user.clear(within(dialog).getByRole('textbox', { name: /Team name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Team name/ }), 'Three Musketeers');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Tournament Joined')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'JOINED' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Your team' })).getByText('Three Musketeers')).toBeTruthy();
    expect(sent).toContain(`POST /v1/billing/join-tournament/${t.id}/${player.id}`);
  });

  it('tells the player about the entry fee and opens the payment dialog after registering', async () => {
    const player = await fx.player();
    const t = await fx.tournament({ entryFeeCents: 500, title: 'Paid Cup' });
    const { user } = await renderApp(`/tournaments/${t.id}/details`, { server, as: player.discordName });

    await user.click(await screen.findByRole('button', { name: 'REGISTER' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register for Paid Cup' });
    expect(within(dialog).queryByRole('textbox', { name: /Team name/ })).toBeNull();
    expect(
      within(dialog).getByText('This tournament has an entry fee of €5.00. You will be asked to pay after registering.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: /I agree to the terms and conditions/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));

    const payment = await screen.findByRole('dialog', { name: 'Payment' });
    expect(within(payment).getByText('Entry: Paid Cup')).toBeTruthy();
    expect(screen.queryByText('Tournament Joined')).toBeNull();
    expect(await fx.entriesOf(t.id, player.id)).toEqual([]);
  });

  it('reports a refused join with the server’s message and keeps the dialog open', async () => {
    const player = await fx.player();
    const t = await fx.tournament({ signUpLimit: 2 });
    await fx.soloEntry(t.id, (await fx.player()).id);
    const { user } = await renderApp(`/tournaments/${t.id}/details`, { server, as: player.discordName });
    await user.click(await screen.findByRole('button', { name: 'REGISTER' }));
    await fx.soloEntry(t.id, (await fx.player()).id);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: /I agree to the terms and conditions/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('An error occurred')).toBeTruthy();
    expect(within(alert).getByText('This tournament is full')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
