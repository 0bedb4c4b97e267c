import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { teams } from '../../server/db/schema';
import { LEAGUE_TEAM, SUCCESS } from '../../src/domain/messages';
import { renderApp } from '../support/renderApp';
import { startTestServer, type TestServer } from '../support/testServer';
import { pasteInto } from '../support/pasteInto';

configure({ asyncUtilTimeout: 5000 });
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
}, 120_000);
afterAll(() => server?.close());

const addTeam = async (name: string) =>
  (await server.database.db.insert(teams).values({ name, wins: 7, losses: 3, gold: 1, silver: 2, bronze: 4 }).returning())[0];
const stored = async (id: number) => (await server.database.db.select().from(teams).where(eq(teams.id, id)))[0];

async function openTeams(search: string) {
  const app = await renderApp('/admin/teams', { server, as: 'AdminAce' });
  await pasteInto(app.user, await screen.findByRole('searchbox', { name: 'Search Teams' }), search);
  await waitFor(() => expect(screen.getAllByRole('button', { name: /^Edit / })).toHaveLength(1));
  return app;
}

describe('/admin/teams', () => {
  it('shows NAME, WINS, LOSSES, TROPHIES (bronze, silver, gold) with VIEW to the team page and Edit', async () => {
    const team = await addTeam('Vista Vipers');
    await openTeams('Vista Vipers');

    for (const header of ['NAME', 'WINS', 'LOSSES', 'TROPHIES']) expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    const row = screen.getByRole('row', { name: /Vista Vipers/ });
    expect(within(row).getByText('7')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    const trophies = ['4 bronze', '2 silver', '1 gold'].map((label) => within(row).getByLabelText(label));
    expect(trophies[0].compareDocumentPosition(trophies[2]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'View Vista Vipers' }).getAttribute('href')).toBe(`/teams/${team.id}`);
  });

  it('edits name, wins, losses and trophies in the Edit Team dialog: "Team Edited" and the row shows the change', async () => {
    const team = await addTeam('Edit Eagles');
    const { user, lastRequest } = await openTeams('Edit Eagles');

    await user.click(screen.getByRole('button', { name: 'Edit Edit Eagles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Team' });
    for (const label of ['Name', 'Wins', 'Losses', 'Gold', 'Silver', 'Bronze']) expect(within(dialog).getByRole('textbox', { name: label })).toBeTruthy();
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Edit Eagles Prime');
    const wins = within(dialog).getByRole('textbox', { name: 'Wins' });
    await user.clear(wins);
    await user.type(wins, '12');
    const gold = within(dialog).getByRole('textbox', { name: 'Gold' });
    await user.clear(gold);
    await user.type(gold, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(SUCCESS.teamEdited.title)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Team' })).toBeNull());
    expect(lastRequest('PATCH', `/v1/team/${team.id}/admin`)?.body).toEqual({ name: 'Edit Eagles Prime', wins: 12, losses: 3, gold: 5, silver: 2, bronze: 4 });
    expect(await stored(team.id)).toMatchObject({ name: 'Edit Eagles Prime', wins: 12, gold: 5 });
    expect(await screen.findByRole('row', { name: /Edit Eagles Prime/ })).toBeTruthy();
  });

  it('asks for a name before sending, and shows the server’s refusal of a taken name', async () => {
    await addTeam('Taken Titans');
    const team = await addTeam('Blank Bears');
    const { user, lastRequest } = await openTeams('Blank Bears');
    await user.click(screen.getByRole('button', { name: 'Edit Blank Bears' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Team' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });

    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(LEAGUE_TEAM.teamName)).toBeTruthy();
    expect(lastRequest('PATCH', `/v1/team/${team.id}/admin`)).toBeUndefined();

    await user.type(name, 'taken titans');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(LEAGUE_TEAM.nameTaken)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit Team' })).toBeTruthy();
    expect((await stored(team.id)).name).toBe('Blank Bears');
  });

  it('/admin/teams/{id} opens the Edit Team dialog for that team', async () => {
    const team = await addTeam('Deep Link Dragons');
    await renderApp(`/admin/teams/${team.id}`, { server, as: 'AdminAce' });

    const dialog = await screen.findByRole('dialog', { name: 'Edit Team' });
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Deep Link Dragons');
    expect((within(dialog).getByRole('textbox', { name: 'Bronze' }) as HTMLInputElement).value).toBe('4');
  });
});
