import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { eq } from 'drizzle-orm';
import { tournamentMatches } from '../../server/db/schema';
import { startTestServer, type Agent, type TestServer } from '../support/testServer';
import { renderApp } from '../support/renderApp';
import { createAccount, createBracketFixture, matchesOf, playerOf, type BracketFixture } from './bracketFixtures';
import type { TournamentMatch } from '../../src/api/contract/tournament';

configure({ asyncUtilTimeout: 5000 });

/** The admin matches list of a tournament and the admin queues (disputes, incomplete, overdue). */
describe('admin match lists', () => {
  let server: TestServer;
  let adminName: string;
  let admin: Agent;
  beforeAll(async () => {
    server = await startTestServer();
    adminName = (await createAccount(server.database.db, 'ADMIN')).discordName;
    admin = await server.agent().signIn(adminName);
  }, 60_000);
  afterAll(() => server.close());

  const db = () => server.database.db;
  const asAdmin = (path: string) => renderApp(path, { server, as: adminName });
  const report = async (f: BracketFixture, m: TournamentMatch, side: 'A' | 'B', a: number, b: number) => {
    const agent = await server.agent().signIn(playerOf(f, m, side).discordName);
    expect((await agent.post(`/v1/tournament/${f.tournamentId}/match/${m.id}`, { entryAScore: a, entryBScore: b })).status).toBe(200);
  };
  // The queue screens hold a Season matches table above the tournament one: these tests read the tournament one.
  const scope = () => within(screen.queryByRole('region', { name: 'Tournament matches' }) ?? document.body);
  const rows = () => scope().getAllByRole('row').slice(1);
  /** The rows of a loaded list (not its "Loading..." row, which a search shows first). */
  const loadedRows = () => {
    const found = rows();
    expect(found.map((r) => r.textContent)).not.toContain('Loading...');
    return found;
  };
  const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
  const search = async (user: Awaited<ReturnType<typeof asAdmin>>['user'], label: string, term: string) => {
    await user.type(screen.getByRole('searchbox', { name: label }), term);
  };

  describe('all matches of a tournament', () => {
    it('lists match number, both entries, the score or "- : -" and VIEW MATCH, searchable by entry name', async () => {
      const f = await createBracketFixture(db(), { entries: 4 });
      const [m1, m2] = (await matchesOf(server.agent(), f.tournamentId)).filter((m) => m.round === 0 && m.track === 'winners');
      await admin.post(`/v1/tournament/${f.tournamentId}/match/${m1.id}/admin`, { entryAScore: 3, entryBScore: 1 });
      const { user } = await asAdmin(`/tournaments/${f.tournamentId}/matches`);

      expect(await screen.findByRole('heading', { level: 1, name: 'All matches' })).toBeTruthy();
      expect(screen.getByRole('link', { name: f.title }).getAttribute('href')).toBe(`/tournaments/${f.tournamentId}`);
      const [a1, b1, a2, b2] = [playerOf(f, m1, 'A'), playerOf(f, m1, 'B'), playerOf(f, m2, 'A'), playerOf(f, m2, 'B')].map((p) => p.discordName);
      expect(cells(rows()[0])).toEqual([String(m1.matchNumber), 'Round 1', a1, b1, '3 : 1', 'VIEW MATCH']);
      expect(cells(rows()[1])).toEqual([String(m2.matchNumber), 'Round 1', a2, b2, '- : -', 'VIEW MATCH']);
      // Later rounds wait for their entrants.
      expect(rows().some((r) => cells(r).includes('???'))).toBe(true);
      expect(within(rows()[1]).getByRole('link', { name: 'VIEW MATCH' }).getAttribute('href')).toBe(`/tournaments/${f.tournamentId}/match/${m2.id}`);

      await search(user, 'Search by entry name', b2.toUpperCase());
      await waitFor(() => expect(loadedRows()).toHaveLength(1));
      expect(cells(rows()[0])[0]).toBe(String(m2.matchNumber));
      await search(user, 'Search by entry name', 'zzz-nobody');
      expect(await screen.findByText('No results found')).toBeTruthy();
    });

    it('sends players away: the list is for ADMIN and OWNER only', async () => {
      const f = await createBracketFixture(db(), { entries: 2 });
      const player = f.entries[0].players[0];
      const { path } = await renderApp(`/tournaments/${f.tournamentId}/matches`, { server, as: player.discordName });
      await waitFor(() => expect(path()).toBe('/'));
    });
  });

  describe('queues', () => {
    it('lists disputes with tournament, due date, both entries and a VIEW link, and drops a match once an admin decides it', async () => {
      const f = await createBracketFixture(db(), { entries: 4, teams: true, title: `Dispute Queue Cup ${Date.now()}` });
      const [m] = (await matchesOf(server.agent(), f.tournamentId)).filter((x) => x.round === 0 && x.track === 'winners');
      await report(f, m, 'A', 3, 0);
      await report(f, m, 'B', 0, 3);
      const { user } = await asAdmin('/admin/disputes');
      expect(await screen.findByRole('heading', { level: 1, name: 'Match Disputes' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Tournament matches' })).toBeTruthy();
      expect(scope().getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['TOURNAMENT', 'DUE BY', 'ENTRY A', 'ENTRY B', 'VIEW']);
      await search(user, 'Search tournament matches', f.title);
      await waitFor(() => expect(loadedRows()).toHaveLength(1));
      const due = (await db().select().from(tournamentMatches).where(eq(tournamentMatches.id, m.id)))[0].dueByDate!;
      expect(cells(rows()[0])).toEqual([f.title, format(due, 'dd/MM/yyyy'), m.teamA!.name, m.teamB!.name, 'VIEW']);
      const view = within(rows()[0]).getByRole('link', { name: `View ${m.teamA!.name} vs ${m.teamB!.name} (${f.title})` });
      expect(view.getAttribute('href')).toBe(`/tournaments/${f.tournamentId}/match/${m.id}`);
      expect(within(rows()[0]).getByRole('link', { name: f.title }).getAttribute('href')).toBe(`/tournaments/${f.tournamentId}`);

      await admin.post(`/v1/tournament/${f.tournamentId}/match/${m.id}/admin`, { entryAScore: 3, entryBScore: 0 });
      await user.click(scope().getByRole('button', { name: 'Refresh list' }));
      expect(await scope().findByText('No results found')).toBeTruthy();
    });

    it('marks each side of an incomplete match (submitted) or (pending), and shows NO DUE BY DATE SET', async () => {
      const f = await createBracketFixture(db(), { entries: 2, title: `Incomplete Queue Cup ${Date.now()}` });
      const [m] = await matchesOf(server.agent(), f.tournamentId);
      await db().update(tournamentMatches).set({ dueByDate: null }).where(eq(tournamentMatches.id, m.id));
      await report(f, m, 'B', 1, 3);
      const { user } = await asAdmin('/admin/incomplete');
      expect(await screen.findByRole('heading', { level: 1, name: 'Incomplete Matches' })).toBeTruthy();
      await search(user, 'Search tournament matches', f.title);
      await waitFor(() => expect(loadedRows()).toHaveLength(1));
      const [a, b] = [playerOf(f, m, 'A').discordName, playerOf(f, m, 'B').discordName];
      expect(cells(rows()[0])).toEqual([f.title, 'NO DUE BY DATE SET', `${a}(pending)`, `${b}(submitted)`, 'VIEW']);
      expect(scope().getByText('Total Results: 1')).toBeTruthy();
    });

    it('lists overdue matches only once their due day has passed', async () => {
      const f = await createBracketFixture(db(), { entries: 2, title: `Overdue Queue Cup ${Date.now()}` });
      const [m] = await matchesOf(server.agent(), f.tournamentId);
      const { user } = await asAdmin('/admin/overdue');
      expect(await screen.findByRole('heading', { level: 1, name: 'Overdue Matches' })).toBeTruthy();
      await search(user, 'Search tournament matches', f.title);
      expect(await scope().findByText('No results found')).toBeTruthy();

      const twoDaysAgo = Date.now() - 2 * 86_400_000;
      await db().update(tournamentMatches).set({ dueByDate: twoDaysAgo }).where(eq(tournamentMatches.id, m.id));
      await user.click(scope().getByRole('button', { name: 'Refresh list' }));
      await waitFor(() => expect(rows()[0] && cells(rows()[0])[1]).toBe(format(twoDaysAgo, 'dd/MM/yyyy')));
      expect(cells(rows()[0])[2]).toBe(playerOf(f, m, 'A').discordName);
    });
  });
});
