import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { teams, users } from '../../server/db/schema';
import type { TestServer } from '../support/testServer';
import { renderApp } from '../support/renderApp';
import { TournamentFixtures, useFixtureServer } from './tournamentFixtures';
import { PROFILE } from '../../src/domain/messages';

configure({ asyncUtilTimeout: 5000 });

/** /players/{id}, /players/{id}/past-tournaments and /teams/{id}. */
describe('profiles', () => {
  let server: TestServer;
  let fx: TournamentFixtures;
  useFixtureServer((s, f) => ((server = s), (fx = f)));

  const open = (path: string, who: string | null = null) => renderApp(path, { server, as: who });
  const db = () => server.database.db;

  async function leagueTeam(name: string, roster: { discordName: string }[]) {
    const [team] = await db().insert(teams).values({ name, wins: 7, losses: 2 }).returning();
    for (const [i, p] of roster.entries()) {
      await db().update(users).set({ teamId: team.id, teamRole: i === 0 ? 'CAPTAIN' : 'PLAYER' }).where(eq(users.discordName, p.discordName));
    }
    return team;
  }

  it('shows a player to guests, links to their team and past tournaments, and offers no form', async () => {
    const player = await fx.player({ battleTag: 'Viper#77', twitchName: 'viperlive', freeAgent: true });
    const team = await leagueTeam('Night Owls', [player]);
    await open(`/players/${player.id}`);

    expect(await screen.findByRole('heading', { name: player.discordName, level: 1 })).toBeTruthy();
    expect(screen.getByText('Activision ID: Viper#77')).toBeTruthy();
    expect(screen.getByText('FREE AGENT')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Twitch: viperlive' }).getAttribute('href')).toBe('https://twitch.tv/viperlive');
    expect(within(screen.getByRole('region', { name: 'Team' })).getByRole('link', { name: 'Night Owls' }).getAttribute('href')).toBe(`/teams/${team.id}`);
    expect(screen.getByRole('link', { name: 'Past Tournaments' }).getAttribute('href')).toBe(`/players/${player.id}/past-tournaments`);
    expect(screen.getByRole('link', { name: 'Hall of Fame' }).getAttribute('href')).toBe('/tournaments/hall-of-fame');
    expect(screen.queryByRole('region', { name: 'Edit profile' })).toBeNull();
  });

  it('lets a player set their Activision ID once and edit the rest of their own profile', async () => {
    const me = await fx.player();
    const { user } = await open(`/players/${me.id}`, me.discordName);

    const form = await screen.findByRole('region', { name: 'Edit profile' });
    await user.type(within(form).getByLabelText('Activision ID'), 'Ghost#1');
    await user.type(within(form).getByLabelText('Twitter'), 'ghosty');
    await user.click(within(form).getByLabelText('Free agent'));
    await user.click(within(form).getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Profile Updated')).toBeTruthy();
    await screen.findByText('Activision ID: Ghost#1');
    const [row] = await db().select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ battleTag: 'Ghost#1', twitterHandle: 'ghosty', freeAgent: true });

    // Once set, the field is locked with the spec's hint.
    const after = await screen.findByRole('region', { name: 'Edit profile' });
    await waitFor(() => expect((within(after).getByLabelText('Activision ID') as HTMLInputElement).disabled).toBe(true));
    expect(within(after).getByText(PROFILE.battleTagLocked)).toBeTruthy();
  });

  it('opens the own profile from Profile in the profile menu', async () => {
    const me = await fx.player();
    const app = await open('/', me.discordName);
    await app.user.click(await screen.findByRole('button', { name: `Profile menu for ${me.discordName}` }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    expect(app.path()).toBe(`/players/${me.id}`);
    expect(await screen.findByRole('heading', { name: me.discordName, level: 1 })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Edit profile' })).toBeTruthy();
  });

  it('serves the profile "with no id" at /players/me: the own profile when signed in, home for a guest; /players stays PLAYER RANKS', async () => {
    const me = await fx.player();
    const app = await open('/players/me', me.discordName);
    await waitFor(() => expect(app.path()).toBe(`/players/${me.id}`));
    expect(await screen.findByRole('heading', { name: me.discordName, level: 1 })).toBeTruthy();

    const guest = await open('/players/me');
    await waitFor(() => expect(guest.path()).toBe('/'));

    await open('/players', me.discordName);
    expect(await screen.findByRole('heading', { name: /player ranks/i })).toBeTruthy();
  });

  it('shows no form on somebody else’s profile, and not found for an unknown player', async () => {
    const [me, other] = [await fx.player(), await fx.player()];
    await open(`/players/${other.id}`, me.discordName);
    await screen.findByRole('heading', { name: other.discordName, level: 1 });
    expect(screen.queryByRole('region', { name: 'Edit profile' })).toBeNull();

    await open('/players/999999');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('lists past tournaments, or says there are none', async () => {
    const player = await fx.player();
    await open(`/players/${player.id}/past-tournaments`);
    expect(await screen.findByRole('heading', { name: 'PAST TOURNAMENTS' })).toBeTruthy();
    expect(screen.getByText('No Past Tournaments')).toBeTruthy();
    expect(screen.getByRole('link', { name: player.discordName }).getAttribute('href')).toBe(`/players/${player.id}`);
  });

  it('shows a team: record, roster captain first with player links, and no upcoming matches', async () => {
    const [captain, mate] = [await fx.player({ katanaRank: 1800 }), await fx.player({ katanaRank: 1200 })];
    const team = await leagueTeam('Red Foxes', [captain, mate]);
    await open(`/teams/${team.id}`);

    expect(await screen.findByRole('heading', { name: 'Red Foxes', level: 1 })).toBeTruthy();
    expect(screen.getByLabelText('Wins: 7')).toBeTruthy();
    expect(screen.getByLabelText('Losses: 2')).toBeTruthy();
    expect(screen.getByLabelText('Active Seasons: 0')).toBeTruthy();
    const rows = within(screen.getByRole('region', { name: 'Roster' })).getAllByRole('listitem');
    expect(within(rows[0]).getByRole('link').textContent).toBe(captain.discordName);
    expect(within(rows[0]).getByText('CAPTAIN')).toBeTruthy();
    expect(within(rows[1]).getByRole('link', { name: mate.discordName }).getAttribute('href')).toBe(`/players/${mate.id}`);
    expect(screen.getByText('This team has no upcoming matches')).toBeTruthy();
    // Guests get no buttons.
    expect(screen.queryByRole('button', { name: 'Leave Team' })).toBeNull();
  });

  it('VIEW on TEAM RANKS opens the team profile', async () => {
    const team = await leagueTeam('Blue Herons', [await fx.player()]);
    const app = await open('/teams');
    await app.user.click(await screen.findByRole('link', { name: 'View Blue Herons' }));
    expect(app.path()).toBe(`/teams/${team.id}`);
    expect(await screen.findByRole('heading', { name: 'Blue Herons', level: 1 })).toBeTruthy();
  });

  it('lets a member leave; the last one leaving empties the team for good', async () => {
    const [captain, mate] = [await fx.player(), await fx.player()];
    const team = await leagueTeam('Lone Wolves', [captain, mate]);
    const { user } = await open(`/teams/${team.id}`, mate.discordName);

    await user.click(await screen.findByRole('button', { name: 'Leave Team' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave Team' })).getByRole('button', { name: 'Leave Team' }));
    expect(await screen.findByText('You left Lone Wolves successfully.')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Roster' })).queryByText(mate.discordName)).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Leave Team' })).toBeNull());

    const last = await open(`/teams/${team.id}`, captain.discordName);
    await last.user.click(await screen.findByRole('button', { name: 'Leave Team' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave Team' });
    expect(within(confirm).getByText(/Leaving locks the team for good/)).toBeTruthy();
    await last.user.click(within(confirm).getByRole('button', { name: 'Leave Team' }));
    expect(await screen.findByText('All members have left this team.')).toBeTruthy();
    const [row] = await db().select().from(teams).where(eq(teams.id, team.id));
    expect(row.locked).toBe(true);
  });
});
