import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { teamInvites, teams } from '../../server/db/schema';
import type { TestServer } from '../support/testServer';
import { renderApp } from '../support/renderApp';
import { TournamentFixtures, useFixtureServer } from './tournamentFixtures';

configure({ asyncUtilTimeout: 5000 });

/** /invites: the signed-in user's team invites with Accept and Reject. */
describe('team invites page', () => {
  let server: TestServer;
  let fx: TournamentFixtures;
  useFixtureServer((s, f) => ((server = s), (fx = f)));

  it('sends guests to /login', async () => {
    const { path } = await renderApp('/invites', { server });
    await waitFor(() => expect(path()).toBe('/login'));
  });

  it('says when there is nothing to answer', async () => {
    const player = await fx.player();
    await renderApp('/invites', { server, as: player.discordName });
    expect(await screen.findByText('You have no pending invites.')).toBeTruthy();
  });

  it('accepts a tournament team invite: "Team Joined", the invite goes and the player is on the team', async () => {
    const t = await fx.tournament({ title: 'Invite Cup', teamLimit: 3 });
    const [captain, invitee] = [await fx.player(), await fx.player()];
    const team = await fx.team(t.id, captain.id, [], { name: 'Blue Herons' });
    await fx.invite(team.id, invitee.id);
    const { user } = await renderApp('/invites', { server, as: invitee.discordName });

    const invite = await screen.findByRole('listitem', { name: 'Invite from Blue Herons' });
    expect(within(invite).getByText('B')).toBeTruthy();
    expect(within(invite).getByRole('link', { name: 'Invite Cup' }).getAttribute('href')).toBe(`/tournaments/${t.id}/details`);
    await user.click(within(invite).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('Team Joined')).toBeTruthy();
    expect(await screen.findByText('You have no pending invites.')).toBeTruthy();
    expect((await fx.members(team.id)).map((m) => m.userId)).toContain(invitee.id);
  });

  it('rejects an invite: "Invite Rejected" and the player stays out', async () => {
    const t = await fx.tournament({ teamLimit: 2 });
    const [captain, invitee] = [await fx.player(), await fx.player()];
    const team = await fx.team(t.id, captain.id, [], { name: 'Red Kites' });
    await fx.invite(team.id, invitee.id);
    const { user } = await renderApp('/invites', { server, as: invitee.discordName });

    const invite = await screen.findByRole('listitem', { name: 'Invite from Red Kites' });
    await user.click(within(invite).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Invite Rejected')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Invite from Red Kites' })).toBeNull());
    expect((await fx.members(team.id)).map((m) => m.userId)).not.toContain(invitee.id);
  });

  it('shows the server’s reason when an invite can no longer be accepted', async () => {
    const t = await fx.tournament({ teamLimit: 2 });
    const [captain, mate, invitee] = [await fx.player(), await fx.player(), await fx.player()];
    const team = await fx.team(t.id, captain.id, [], { name: 'Full House' });
    await fx.invite(team.id, invitee.id);
    const { user } = await renderApp('/invites', { server, as: invitee.discordName });
    const invite = await screen.findByRole('listitem', { name: 'Invite from Full House' });
    // Meanwhile the captain fills the last place.
    await fx.invite(team.id, mate.id);
    await (await server.agent().signIn(mate.discordName)).patch(`/v1/tournament/temporary-team/${team.id}/members/invites/accept`);

    await user.click(within(invite).getByRole('button', { name: 'Accept' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('An error occurred')).toBeTruthy();
    expect(within(alert).getByText('This team is already full (2 players)')).toBeTruthy();
    expect(within(invite).getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  it('lists a league team’s transfer-type invite with its admin-approval note', async () => {
    const invitee = await fx.player();
    const [team] = await server.database.db.insert(teams).values({ name: 'Season Sharks', transferMode: true }).returning();
    await server.database.db.insert(teamInvites).values({ teamId: team.id, userId: invitee.id, isTransfer: true });
    await renderApp('/invites', { server, as: invitee.discordName });
    const invite = await screen.findByRole('listitem', { name: 'Invite from Season Sharks' });
    expect(within(invite).getByText('This team is in a season: joining needs admin approval.')).toBeTruthy();
    expect(within(invite).queryByRole('link')).toBeNull();
  });
});
