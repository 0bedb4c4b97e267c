import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { teamInvites, teams, users } from '../../server/db/schema';
import type { TestServer } from '../support/testServer';
import { renderApp } from '../support/renderApp';
import { TournamentFixtures, useFixtureServer } from './tournamentFixtures';

configure({ asyncUtilTimeout: 5000 });

/** League teams through the real app and server: Create Team, the management dialog, Team Invites. */
describe('league teams', () => {
  let server: TestServer;
  let fx: TournamentFixtures;
  useFixtureServer((s, f) => ((server = s), (fx = f)));

  const db = () => server.database.db;
  const rosterNames = () => within(screen.getByRole('region', { name: 'Roster' })).queryAllByRole('link').map((a) => a.textContent);

  async function leagueTeam(name: string, captainId: number, memberIds: number[] = []) {
    const [team] = await db().insert(teams).values({ name }).returning();
    await db().update(users).set({ teamId: team.id, teamRole: 'CAPTAIN' }).where(eq(users.id, captainId));
    for (const id of memberIds) await db().update(users).set({ teamId: team.id, teamRole: 'PLAYER' }).where(eq(users.id, id));
    return team;
  }

  it('lets a player without a team create one from their profile: "Team Created", then its page with Manage Team', async () => {
    const me = await fx.player();
    const app = await renderApp(`/players/${me.id}`, { server, as: me.discordName });

    await app.user.click(await screen.findByRole('button', { name: 'Create Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Team' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Create Team' }));
    expect(await within(dialog).findByText('Please enter a team name')).toBeTruthy();
    await app.user.type(within(dialog).getByLabelText(/Team name/), 'Midnight Owls');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create Team' }));

    expect(await screen.findByText('Team Created')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Midnight Owls', level: 1 })).toBeTruthy();
    const [team] = await db().select().from(teams).where(eq(teams.name, 'Midnight Owls'));
    await waitFor(() => expect(app.path()).toBe(`/teams/${team.id}`));
    expect(await screen.findByRole('button', { name: 'Manage Team' })).toBeTruthy();
    expect(rosterNames()).toEqual([me.discordName]);
  });

  it('offers Manage Team to the captain, Manage Team (Admin) to staff and Leave Team to members', async () => {
    const [captain, mate, outsider] = [await fx.player(), await fx.player(), await fx.player()];
    const admin = await fx.player({ role: 'ADMIN' });
    const team = await leagueTeam('Button Check', captain.id, [mate.id]);
    const buttons = async (who: string) => {
      await renderApp(`/teams/${team.id}`, { server, as: who });
      await screen.findByRole('region', { name: 'Roster' });
      return within(screen.getByRole('main')).queryAllByRole('button').map((b) => b.textContent);
    };
    // Add to calendar (issue 25) is everyone's.
    expect(await buttons(captain.discordName)).toEqual(['Manage Team', 'Leave Team', 'Add to calendar']);
    expect(await buttons(mate.discordName)).toEqual(['Leave Team', 'Add to calendar']);
    expect(await buttons(outsider.discordName)).toEqual(['Add to calendar']);
    expect(await buttons(admin.discordName)).toEqual(['Manage Team (Admin)', 'Add to calendar']);
  });

  it('captain invites a player (search → Send Invite → confirm → "Invite Sent"); the invitee accepts on Team Invites and joins', async () => {
    const captain = await fx.player();
    const invitee = await fx.player({ discordName: `Recruit${Date.now()}` });
    const team = await leagueTeam('Invite Owls', captain.id);
    const app = await renderApp(`/teams/${team.id}`, { server, as: captain.discordName });

    await app.user.click(await screen.findByRole('button', { name: 'Manage Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Invite Owls' });
    const invite = await within(dialog).findByRole('region', { name: 'Invite a player' });
    // No player picked yet.
    await app.user.click(within(invite).getByRole('button', { name: 'Send Invite' }));
    expect(await screen.findByText('Invalid User')).toBeTruthy();
    expect(screen.getByText('Please select a user to invite!')).toBeTruthy();

    await app.user.type(within(invite).getByLabelText('Search players'), invitee.discordName);
    await app.user.click(within(invite).getByRole('button', { name: 'Search' }));
    await app.user.click(await within(invite).findByRole('radio', { name: invitee.discordName }));
    await app.user.click(within(invite).getByRole('button', { name: 'Send Invite' }));
    const confirm = await screen.findByRole('dialog', { name: 'Invite player' });
    expect(within(confirm).getByText(`Invite ${invitee.discordName} to Invite Owls?`)).toBeTruthy();
    await app.user.click(within(confirm).getByRole('button', { name: 'Send Invite' }));

    expect(await screen.findByText('Invite Sent')).toBeTruthy();
    expect(screen.getByText('Player invite sent')).toBeTruthy();
    expect(await within(dialog).findByRole('listitem', { name: `${invitee.discordName} INVITEE` })).toBeTruthy();
    expect(await db().select().from(teamInvites).where(eq(teamInvites.userId, invitee.id))).toMatchObject([{ teamId: team.id, status: 'PENDING' }]);

    // The invitee answers on Team Invites and lands on the team's page, on its roster.
    const them = await renderApp('/invites', { server, as: invitee.discordName });
    const card = await screen.findByRole('listitem', { name: 'Invite from Invite Owls' });
    await them.user.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Team Joined')).toBeTruthy();
    await waitFor(() => expect(them.path()).toBe(`/teams/${team.id}`));
    await screen.findByRole('region', { name: 'Roster' });
    await waitFor(() => expect(rosterNames()).toEqual([captain.discordName, invitee.discordName]));
    expect(screen.getByRole('button', { name: 'Leave Team' })).toBeTruthy();
  });

  it('the invite search lists no player already on a team (the invite would be refused), only free ones', async () => {
    const stamp = Date.now();
    const captain = await fx.player();
    const free = await fx.player({ discordName: `Scout${stamp}Free` });
    const elsewhere = await fx.player({ discordName: `Scout${stamp}Taken` });
    await leagueTeam('Other Owls', (await fx.player()).id, [elsewhere.id]);
    const team = await leagueTeam('Search Owls', captain.id);
    const app = await renderApp(`/teams/${team.id}`, { server, as: captain.discordName });
    await app.user.click(await screen.findByRole('button', { name: 'Manage Team' }));
    const invite = await within(await screen.findByRole('dialog', { name: 'Manage Search Owls' })).findByRole('region', { name: 'Invite a player' });
    await app.user.type(within(invite).getByLabelText('Search players'), `Scout${stamp}`);
    await app.user.click(within(invite).getByRole('button', { name: 'Search' }));
    expect(await within(invite).findByRole('radio', { name: free.discordName })).toBeTruthy();
    expect(within(invite).queryByRole('radio', { name: elsewhere.discordName })).toBeNull();
  });

  it('lets the captain make a member captain and remove one after confirming; staff force-add and cannot upload a logo', async () => {
    const [captain, mate, spare, free] = [await fx.player(), await fx.player(), await fx.player(), await fx.player({ discordName: `Free${Date.now()}` })];
    const admin = await fx.player({ role: 'OWNER' });
    const team = await leagueTeam('Handover', captain.id, [mate.id, spare.id]);
    const app = await renderApp(`/teams/${team.id}`, { server, as: captain.discordName });

    await app.user.click(await screen.findByRole('button', { name: 'Manage Team' }));
    let dialog = await screen.findByRole('dialog', { name: 'Manage Handover' });
    expect(within(dialog).getByRole('button', { name: 'Upload logo' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Disband team' })).toBeNull();
    const spareRow = await within(dialog).findByRole('listitem', { name: `${spare.discordName} PLAYER` });
    await app.user.click(within(spareRow).getByRole('button', { name: 'Remove' }));
    await app.user.click(within(await screen.findByRole('dialog', { name: 'Remove user' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('User Removed')).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByRole('listitem', { name: `${spare.discordName} PLAYER` })).toBeNull());

    const mateRow = within(dialog).getByRole('listitem', { name: `${mate.discordName} PLAYER` });
    await app.user.click(within(mateRow).getByRole('button', { name: 'Make Captain' }));
    await app.user.click(within(await screen.findByRole('dialog', { name: 'Make captain' })).getByRole('button', { name: 'Make Captain' }));
    expect(await screen.findByText('User Promoted')).toBeTruthy();
    // Handing the team over ends the captain's management; the page now offers them Leave Team only.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manage Handover' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Manage Team' })).toBeNull());
    expect(rosterNames()).toEqual([mate.discordName, captain.discordName]);

    // Staff: Force Add, no logo upload.
    const staff = await renderApp(`/teams/${team.id}`, { server, as: admin.discordName });
    await staff.user.click(await screen.findByRole('button', { name: 'Manage Team (Admin)' }));
    dialog = await screen.findByRole('dialog', { name: 'Manage Handover (Admin)' });
    const add = await within(dialog).findByRole('region', { name: 'Add a player' });
    expect(within(dialog).queryByRole('button', { name: 'Upload logo' })).toBeNull();
    await staff.user.type(within(add).getByLabelText('Search players'), free.discordName);
    await staff.user.click(within(add).getByRole('button', { name: 'Search' }));
    await staff.user.click(await within(add).findByRole('radio', { name: free.discordName }));
    await staff.user.click(within(add).getByRole('button', { name: 'Force Add' }));
    await staff.user.click(within(await screen.findByRole('dialog', { name: 'Add player' })).getByRole('button', { name: 'Force Add' }));
    expect(await screen.findByText('User Added')).toBeTruthy();
    expect(await within(dialog).findByRole('listitem', { name: `${free.discordName} PLAYER` })).toBeTruthy();

    // Staff rename through the admin edit (it keeps the audit log).
    const name = within(dialog).getByLabelText(/New team name/);
    await staff.user.clear(name);
    await staff.user.type(name, 'Handed Over');
    await staff.user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Team Name Updated')).toBeTruthy();
    expect(staff.lastRequest('PATCH', `/v1/team/${team.id}/admin`)?.body).toEqual({ name: 'Handed Over' });
    expect(await screen.findByRole('dialog', { name: 'Manage Handed Over (Admin)' })).toBeTruthy();
  });
});
