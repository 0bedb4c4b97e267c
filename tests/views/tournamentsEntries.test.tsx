import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { startTestServer, type TestServer } from '../support/testServer';
import { renderApp } from '../support/renderApp';
import { TournamentFixtures } from './tournamentFixtures';

configure({ asyncUtilTimeout: 5000 });

/** /tournaments/{id}/entries: which view each viewer gets, the entry lists and the staff options. */
describe('tournament entries', () => {
  let server: TestServer;
  let fx: TournamentFixtures;
  let admin: { discordName: string };
  beforeAll(async () => {
    server = await startTestServer();
    fx = new TournamentFixtures(server);
    admin = await fx.player({ role: 'ADMIN' });
  }, 60_000);
  afterAll(() => server.close());

  const table = (name: string) => screen.findByRole('table', { name });
  const rowOf = (t: HTMLElement, name: string) => within(t).getByText(name).closest('tr')!;

  it('sends players and guests away from a TOURNAMENT that is not ACTIVE', async () => {
    const player = await fx.player();
    for (const status of ['OPEN', 'CLOSED', 'COMPLETED'] as const) {
      const t = await fx.tournament({ status });
      const { path } = await renderApp(`/tournaments/${t.id}/entries`, { server, as: player.discordName });
      await waitFor(() => expect(path()).toBe('/tournaments'));
    }
    const open = await fx.tournament();
    const { path } = await renderApp(`/tournaments/${open.id}/entries`, { server });
    await waitFor(() => expect(path()).toBe('/tournaments'));
  });

  it('gives staff the signup view of a TOURNAMENT with sign-ups, and removes an entry after confirming', async () => {
    const t = await fx.tournament({ signUpLimit: 16 });
    const [a, b] = [await fx.player(), await fx.player()];
    await fx.soloEntry(t.id, a.id);
    await fx.soloEntry(t.id, b.id);
    const { user, sent } = await renderApp(`/tournaments/${t.id}/entries`, { server, as: admin.discordName });

    expect(await screen.findByRole('heading', { name: 'Sign-ups' })).toBeTruthy();
    expect(screen.getByText('2 / 16')).toBeTruthy();
    const list = await table('Sign-ups');
    expect(within(list).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['NAME', 'WINS', 'LOSSES', '', 'OPTIONS']);
    expect(within(rowOf(list, a.discordName)).getByRole('link', { name: `View ${a.discordName}` }).getAttribute('href')).toBe(
      `/players/${a.id}`,
    );
    expect(sent).toContain(`GET /v1/tournament/${t.id}/entries/admin?notPaginated=true`);

    await user.click(within(rowOf(list, a.discordName)).getByRole('button', { name: `Options for ${a.discordName}` }));
    // A free tournament has nothing to refund.
    expect(screen.queryByRole('menuitem', { name: 'Refund entry' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Remove entry' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove entry' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove entry' }));

    expect(await screen.findByText('Entry Removed')).toBeTruthy();
    expect(screen.getByText('Entry has been removed from this season or tournament')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Sign-ups' })).queryByText(a.discordName)).toBeNull());
    expect(await fx.entriesOf(t.id, a.id)).toEqual([]);
  });

  it('refunds a paid entry after confirming (only paid tournaments offer it)', async () => {
    const t = await fx.tournament({ entryFeeCents: 500 });
    const payer = await fx.player();
    const agent = await server.agent().signIn(payer.discordName);
    const join = await agent.post(`/v1/billing/join-tournament/${t.id}/${payer.id}`, {});
    expect(typeof join.body.clientSecret).toBe('string');
    const paid = await agent.post('/v1/billing/local/confirm', { clientSecret: join.body.clientSecret, cardNumber: '4242 4242 4242 4242' });
    expect(paid.body.status).toBe('SUCCEEDED');

    const { user } = await renderApp(`/tournaments/${t.id}/entries`, { server, as: admin.discordName });
    const list = await table('Sign-ups');
    await user.click(within(rowOf(list, payer.discordName)).getByRole('button', { name: `Options for ${payer.discordName}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Refund entry' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Refund entry' })).getByRole('button', { name: 'Refund entry' }));

    expect(await screen.findByText('Refund Processing')).toBeTruthy();
    expect(screen.getByText('Refund for entry is now processing')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Sign-ups' })).getByText('Refunded')).toBeTruthy());
  });

  it('gives staff the paged, searchable entries view of a TOURNAMENT without sign-ups before it starts', async () => {
    const t = await fx.tournament({ allowSignups: false, status: 'CLOSED', teamLimit: 2 });
    const captain = await fx.player();
    const team = await fx.team(t.id, captain.id, [], { name: 'Lone Wolves' });
    const { user } = await renderApp(`/tournaments/${t.id}/entries`, { server, as: admin.discordName });

    expect(await screen.findByText('Sign-ups are turned off for this tournament: its entries are set by the staff.')).toBeTruthy();
    const search = screen.getByRole('searchbox', { name: 'Search entries' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'View Lone Wolves' }).getAttribute('href')).toBe(`/tournaments/${t.id}/${team.id}`));
    expect(screen.getByText(captain.discordName)).toBeTruthy();
    await user.type(search, 'nobody-like-this');
    await waitFor(() => expect(screen.getByText('No results found')).toBeTruthy(), { timeout: 4000 });
  });

  /** The table of a paged entries section ("Standings", "Teams", "Players") once its rows are there. */
  const section = async (name: string) => {
    const region = await screen.findByRole('region', { name });
    await waitFor(() => expect(within(region).queryByText('Loading...')).toBeNull());
    return within(region).getByRole('table');
  };

  it('shows everyone the ranked results of an ACTIVE TOURNAMENT from the public list, with the bracket link', async () => {
    const t = await fx.tournament({ status: 'ACTIVE', allowSignups: false });
    const [a, b] = [await fx.player(), await fx.player()];
    await fx.soloEntry(t.id, a.id);
    await fx.soloEntry(t.id, b.id);
    const player = await fx.player();
    const { sent } = await renderApp(`/tournaments/${t.id}/entries`, { server, as: player.discordName });

    const list = await section('Standings');
    expect(within(list).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'NAME', 'WINS', 'LOSSES', '']);
    expect(within(list).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'BRACKET' }).getAttribute('href')).toBe(`/tournaments/${t.id}`);
    expect(screen.queryByRole('button', { name: /Options for/ })).toBeNull();
    expect(sent).toContain(`GET /v1/tournament/${t.id}/entries?pageNo=1&perPage=25`);
    expect(sent.some((r) => r.includes('/entries/admin'))).toBe(false);
  });

  it('pages the standings of a big bracket, numbering every page from where the last one ended', async () => {
    const t = await fx.tournament({ status: 'ACTIVE', allowSignups: false, signUpLimit: 64 });
    const players = [];
    for (let i = 0; i < 27; i++) players.push(await fx.player());
    for (const p of players) await fx.soloEntry(t.id, p.id);
    const { user } = await renderApp(`/tournaments/${t.id}/entries`, { server });

    let list = await section('Standings');
    expect(within(list).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('Total Results: 27')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Standings' })).getAllByRole('row')).toHaveLength(3));
    list = within(screen.getByRole('region', { name: 'Standings' })).getByRole('table');
    expect(within(list).getAllByRole('row')[1].querySelector('td')?.textContent).toBe('26');
  });

  it('shows the standings of a started TOURNAMENT that took sign-ups below its sign-up summary', async () => {
    const t = await fx.tournament({ status: 'ACTIVE', allowSignups: true, signUpLimit: 8 });
    const [a, b] = [await fx.player(), await fx.player()];
    await fx.soloEntry(t.id, a.id);
    await fx.soloEntry(t.id, b.id);
    await renderApp(`/tournaments/${t.id}/entries`, { server, as: admin.discordName });

    expect(await screen.findByRole('heading', { name: 'Sign-ups' })).toBeTruthy();
    expect(screen.getByText('Sign-ups are closed.')).toBeTruthy();
    const list = await section('Standings');
    expect(within(list).getByText(a.discordName)).toBeTruthy();
    expect(within(list).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'NAME', 'WINS', 'LOSSES', '', 'OPTIONS']);
    expect(screen.getByRole('link', { name: 'BRACKET' }).getAttribute('href')).toBe(`/tournaments/${t.id}`);
  });

  it('ranks the teams of a started SWITCHEROO and lists its players apart', async () => {
    const t = await fx.tournament({ tournamentType: 'SWITCHEROO', teamLimit: 2, status: 'ACTIVE', allowSignups: false });
    const [a, b] = [await fx.player(), await fx.player()];
    await fx.soloEntry(t.id, a.id);
    await fx.soloEntry(t.id, b.id);
    const team = await fx.team(t.id, a.id, [b.id], { name: 'Mixed Doubles' });
    const { sent } = await renderApp(`/tournaments/${t.id}/entries`, { server, as: (await fx.player()).discordName });

    const teams = await section('Teams');
    expect(within(teams).getAllByRole('row')).toHaveLength(2);
    expect(within(teams).getByRole('link', { name: 'View Mixed Doubles' }).getAttribute('href')).toBe(`/tournaments/${t.id}/${team.id}`);
    const players = await section('Players');
    expect(within(players).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['NAME', 'WINS', 'LOSSES', '']);
    expect(within(players).getByText(a.discordName)).toBeTruthy();
    expect(within(players).queryByText('Mixed Doubles')).toBeNull();
    expect(sent).toContain(`GET /v1/tournament/${t.id}/entries?pageNo=1&perPage=25&kind=teams`);
    expect(sent).toContain(`GET /v1/tournament/${t.id}/entries?pageNo=1&perPage=25&kind=players`);
  });

  it('shows the not-found page for a tournament that does not exist, without an error notification', async () => {
    await renderApp('/tournaments/999999/entries', { server, as: admin.discordName });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText('An error occurred')).toBeNull();
  });

  it('shows staff the pairing view of a CLOSED SWITCHEROO and the signup view of an OPEN one', async () => {
    const closed = await fx.tournament({ tournamentType: 'SWITCHEROO', teamLimit: 2, status: 'CLOSED' });
    await renderApp(`/tournaments/${closed.id}/entries`, { server, as: admin.discordName });
    const pairing = await screen.findByRole('region', { name: 'Pairing' });
    expect(await within(pairing).findByRole('heading', { name: 'TEAMS' })).toBeTruthy();
    expect(within(pairing).getByRole('heading', { name: 'ENTRIES' })).toBeTruthy();

    const open = await fx.tournament({ tournamentType: 'SWITCHEROO', teamLimit: 2 });
    await renderApp(`/tournaments/${open.id}/entries`, { server, as: admin.discordName });
    expect(await screen.findByRole('heading', { name: 'Sign-ups' })).toBeTruthy();
  });

  it('shows players the general view of a SWITCHEROO in any status, from the public list', async () => {
    const player = await fx.player();
    const signedUp = await fx.player();
    for (const status of ['OPEN', 'CLOSED', 'ACTIVE'] as const) {
      const t = await fx.tournament({ tournamentType: 'SWITCHEROO', teamLimit: 2, status, signUpLimit: 16 });
      await fx.soloEntry(t.id, signedUp.id);
      const { sent, path } = await renderApp(`/tournaments/${t.id}/entries`, { server, as: player.discordName });
      const list = status === 'ACTIVE' ? await section('Players') : await table('Entries');
      expect(within(list).getByText(signedUp.discordName)).toBeTruthy();
      expect(path()).toBe(`/tournaments/${t.id}/entries`);
      expect(sent.some((r) => r.includes('/entries/admin') || r.includes('/entries/switcheroo'))).toBe(false);
      if (status !== 'ACTIVE') expect(screen.getByText('1 of 16 places taken. Players are paired into teams when sign-ups close.')).toBeTruthy();
    }
  });
});
