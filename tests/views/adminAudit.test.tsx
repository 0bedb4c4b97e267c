import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { teams } from '../../server/db/schema';
import { formatDateTime } from '../../src/domain/dates';
import { useTestServer } from '../support/testServer';
import { insertUser } from '../support/fixtures';
import { renderApp } from '../support/renderApp';

configure({ asyncUtilTimeout: 8000 });

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('/admin/audit', () => {
  const server = useTestServer({ seed: true });

  it('shows the OWNER "No results found" before any change, then each change with who, what, target and before → after', async () => {
    await renderApp('/admin/audit', { server, as: 'ClutchOwner' });
    expect(await screen.findByText('No results found')).toBeTruthy();

    const owner = await server.agent().signIn('ClutchOwner');
    const admin = await server.agent().signIn('AdminAce');
    const player = await insertUser(server.database.db);
    const [team] = await server.database.db.insert(teams).values({ name: 'Audit Rockets', wins: 1 }).returning();
    await owner.patch(`/v1/user/staff/${player.id}`, { role: 'ADMIN' });
    await admin.patch(`/v1/team/${team.id}/admin`, { wins: 4 });
    const when = ((await owner.get('/v1/admin/audit')).body.results as { when: number }[]).map((e) => e.when);

    await renderApp('/admin/audit', { server, as: 'ClutchOwner' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['WHEN', 'WHO', 'WHAT', 'TARGET', 'BEFORE → AFTER']);
    await waitFor(() => expect(within(table).queryByText('Loading...')).toBeNull());
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cellsOf)).toEqual([
      [formatDateTime(when[0]), 'AdminAce', 'Team edited', 'Team Audit Rockets', 'wins: 1 → 4'],
      [formatDateTime(when[1]), 'ClutchOwner', 'Role changed', `User ${player.discordName}`, 'role: USER → ADMIN'],
    ]);
    expect(screen.getByText('Total Results: 2')).toBeTruthy();
  });

  it('is linked from the dashboard for owners only; an ADMIN opening it goes home', async () => {
    const { user, path } = await renderApp('/admin', { server, as: 'ClutchOwner' });
    await user.click(await screen.findByRole('link', { name: 'Audit Log' }));
    expect(path()).toBe('/admin/audit');
    expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeTruthy();

    await renderApp('/admin', { server, as: 'AdminAce' });
    await screen.findByRole('link', { name: 'Users' });
    expect(screen.queryByRole('link', { name: 'Audit Log' })).toBeNull();

    const admin = await renderApp('/admin/audit', { server, as: 'AdminAce' });
    await waitFor(() => expect(admin.path()).toBe('/'));
  });
});
