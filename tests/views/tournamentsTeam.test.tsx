import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { temporaryTeams } from '../../server/db/schema';
import type { TestServer } from '../support/testServer';
import { renderApp } from '../support/renderApp';
import { TournamentFixtures, useFixtureServer } from './tournamentFixtures';

configure({ asyncUtilTimeout: 5000 });

/** /tournaments/{tournamentId}/{teamId}: the roster, free substitutes, and the buttons offered while OPEN. */
describe('tournament team page', () => {
  let server: TestServer;
  let fx: TournamentFixtures;
  useFixtureServer((s, f) => ((server = s), (fx = f)));

  const roster = () => screen.findByRole('region', { name: 'Roster' });
  const memberRow = (r: HTMLElement, name: string) => within(r).getByRole('link', { name }).closest('li')!;

  it('shows the logo letter, name, tournament link, record and the roster with badges, ranks and player links', async () => {
    const t = await fx.tournament({ title: 'Roster Cup', teamLimit: 3 });
    const [captain, mate] = [await fx.player({ katanaRank: 1534 }), await fx.player({ katanaRank: 1200 })];
    const team = await fx.team(t.id, captain.id, [mate.id], { name: 'Zebra Squad' });
    await server.database.db.update(temporaryTeams).set({ wins: 3, losses: 1 }).where(eq(temporaryTeams.id, team.id));
    await renderApp(`/tournaments/${t.id}/${team.id}`, { server });

    const r = await roster();
    expect(screen.getByRole('heading', { name: 'Zebra Squad', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Roster Cup' }).getAttribute('href')).toBe(`/tournaments/${t.id}/details`);
    expect(screen.getByLabelText('Wins: 3')).toBeTruthy();
    expect(screen.getByLabelText('Losses: 1')).toBeTruthy();
    expect(screen.getByText('Z')).toBeTruthy();
    const first = memberRow(r, captain.discordName);
    expect(within(first).getByText('CAPTAIN')).toBeTruthy();
    expect(within(first).getByLabelText('Rank 1534').textContent).toBe('KR1534');
    expect(within(r).getByRole('link', { name: captain.discordName }).getAttribute('href')).toBe(`/players/${captain.id}`);
    const second = memberRow(r, mate.discordName);
    expect(within(second).getByText('PLAYER')).toBeTruthy();
    expect(within(second).getByLabelText('Rank 1200')).toBeTruthy();
    // Guests get no team actions.
    expect(screen.queryByRole('button', { name: /Manage Team|Leave Team/ })).toBeNull();
  });

  it('lists a SWITCHEROO team’s free substitutes with rank ???', async () => {
    const t = await fx.tournament({ tournamentType: 'SWITCHEROO', teamLimit: 2 });
    const captain = await fx.player();
    const team = await fx.team(t.id, captain.id, [], { freeSubstitutes: ['Ghost Rider'] });
    await renderApp(`/tournaments/${t.id}/${team.id}`, { server });
    await roster();
    const sub = screen.getByRole('listitem', { name: 'Free substitute Ghost Rider' });
    expect(within(sub).getByLabelText('Rank ???')).toBeTruthy();
    expect(within(sub).getByText('FREE SUBSTITUTE')).toBeTruthy();
  });

  it('says when all members have left, and offers nothing on a locked team', async () => {
    const t = await fx.tournament({ teamLimit: 2 });
    const captain = await fx.player();
    const team = await fx.team(t.id, captain.id);
    const agent = await server.agent().signIn(captain.discordName);
    // The last member leaves: the team is locked for good.
    expect((await agent.delete(`/v1/tournament/temporary-team/${team.id}/members`)).body).toEqual({ locked: true });
    await renderApp(`/tournaments/${t.id}/${team.id}`, { server, as: captain.discordName });
    expect(await screen.findByText('All members have left this team.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Manage Team|Leave Team/ })).toBeNull();
  });

  it('offers Manage Team to the captain, Manage Team (Admin) to staff and Leave Team to members, only while OPEN', async () => {
    const t = await fx.tournament({ teamLimit: 3 });
    const [captain, mate, outsider] = [await fx.player(), await fx.player(), await fx.player()];
    const admin = await fx.player({ role: 'OWNER' });
    const team = await fx.team(t.id, captain.id, [mate.id]);
    const buttons = () => within(screen.getByRole('main')).queryAllByRole('button').map((b) => b.textContent);
    const path = `/tournaments/${t.id}/${team.id}`;

    await renderApp(path, { server, as: captain.discordName });
    await roster();
    expect(buttons()).toEqual(['Manage Team', 'Leave Team']);
    await renderApp(path, { server, as: mate.discordName });
    await roster();
    expect(buttons()).toEqual(['Leave Team']);
    await renderApp(path, { server, as: outsider.discordName });
    await roster();
    expect(buttons()).toEqual([]);
    await renderApp(path, { server, as: admin.discordName });
    await roster();
    expect(buttons()).toEqual(['Manage Team (Admin)']);

    for (const status of ['CLOSED', 'ACTIVE', 'COMPLETED'] as const) {
      await fx.setStatus(t.id, status);
      await renderApp(path, { server, as: captain.discordName });
      await roster();
      expect(buttons()).toEqual([]);
      await renderApp(path, { server, as: admin.discordName });
      await roster();
      expect(buttons()).toEqual([]);
    }
  });

  it('lets a player leave after confirming: "Team Left" and the roster without them', async () => {
    const t = await fx.tournament({ teamLimit: 2 });
    const [captain, mate] = [await fx.player(), await fx.player()];
    const team = await fx.team(t.id, captain.id, [mate.id], { name: 'Short Stay' });
    const { user } = await renderApp(`/tournaments/${t.id}/${team.id}`, { server, as: mate.discordName });

    await user.click(await screen.findByRole('button', { name: 'Leave Team' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave Team' });
    expect(within(confirm).getByText('Leave Short Stay? You will need a new invite to join it again.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await fx.members(team.id)).length).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Leave Team' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave Team' })).getByRole('button', { name: 'Leave Team' }));
    expect(await screen.findByText('Team Left')).toBeTruthy();
    expect(screen.getByText('You left Short Stay successfully.')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Roster' })).queryByText(mate.discordName)).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Leave Team' })).toBeNull());
  });

  it('shows not found for a team of another tournament', async () => {
    const [a, b] = [await fx.tournament({ teamLimit: 2 }), await fx.tournament({ teamLimit: 2 })];
    const team = await fx.team(a.id, (await fx.player()).id);
    await renderApp(`/tournaments/${b.id}/${team.id}`, { server });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('shows not found, without an error notification, for a team that does not exist (or was disbanded)', async () => {
    const t = await fx.tournament({ teamLimit: 2 });
    await renderApp(`/tournaments/${t.id}/999999`, { server });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText('An error occurred')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
