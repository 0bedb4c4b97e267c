import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { eq } from 'drizzle-orm';
import { tournamentMatches } from '../../server/db/schema';
import { startTestServer, type TestServer } from '../support/testServer';
import { renderApp } from '../support/renderApp';
import { createAccount, createBracketFixture, firstPlayable, matchesOf, matchRow, playerOf } from './bracketFixtures';

configure({ asyncUtilTimeout: 5000 });

/** The tournament match page (/tournaments/{id}/match/{matchId}) against the real in-process server. */
describe('tournament match page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(() => server.close());

  const db = () => server.database.db;
  const asUser = (name: string, path: string) => renderApp(path, { server, as: name });
  const asGuest = (path: string) => renderApp(path, { server });
  const side = (s: 'A' | 'B') => screen.getByRole('region', { name: new RegExp(`^Entry ${s}`) });
  const notification = (title: string) => within(screen.getByRole('region', { name: 'Notifications' })).findByText(title);
  const button = (name: string) => screen.queryByRole('button', { name });

  it('shows a decided match: title back to the bracket, round and number, deadline, winner green and loser struck through', async () => {
    const f = await createBracketFixture(db(), { entries: 4 });
    const m = await firstPlayable(server.agent(), f.tournamentId);
    const admin = await server.agent().signIn((await createAccount(db(), 'ADMIN')).discordName);
    expect((await admin.post(`/v1/tournament/${f.tournamentId}/match/${m.id}/admin`, { entryAScore: 1, entryBScore: 3 })).status).toBe(200);
    const [a, b] = [playerOf(f, m, 'A'), playerOf(f, m, 'B')];

    await asGuest(`/tournaments/${f.tournamentId}/match/${m.id}`);

    expect((await screen.findByRole('link', { name: f.title })).getAttribute('href')).toBe(`/tournaments/${f.tournamentId}`);
    expect(screen.getByRole('heading', { level: 1, name: `${m.roundName} · Match ${m.matchNumber}` })).toBeTruthy();
    const due = (await matchRow(db(), m.id)).dueByDate!;
    expect(screen.getByText(format(due, 'dd/MM/yyyy')).closest('p')!.textContent).toBe(`Due by ${format(due, 'dd/MM/yyyy')}`);

    const loser = within(side('A'));
    const winner = within(side('B'));
    expect(side('A').getAttribute('aria-label')).toBe('Entry A (loser)');
    expect(side('B').getAttribute('aria-label')).toBe('Entry B (winner)');
    const loserLink = loser.getByRole('link', { name: a.discordName });
    expect(loserLink.getAttribute('href')).toBe(`/players/${a.id}`);
    expect(loserLink.style.textDecoration).toBe('line-through');
    expect(loserLink.style.color).toContain('red');
    const winnerLink = winner.getByRole('link', { name: b.discordName });
    expect(winnerLink.getAttribute('href')).toBe(`/players/${b.id}`);
    expect(winnerLink.style.textDecoration).toBe('');
    expect(winnerLink.style.color).toContain('green');
    expect(loser.getByLabelText('Score of entry A').textContent).toBe('1');
    expect(winner.getByLabelText('Score of entry B').textContent).toBe('3');
    // Set by an admin: neither side reported.
    expect(loser.getByText('not reported yet')).toBeTruthy();
    // A guest gets no actions.
    expect(button('SUBMIT SCORE')).toBeNull();
    expect(button('OVERWRITE SCORE (ADMIN)')).toBeNull();
    expect(button('CHANGE TEAMS')).toBeNull();
  });

  it('shows teams with their page links, byes as "bye", unknown entries as "???" and a match of two byes as "none"', async () => {
    const f = await createBracketFixture(db(), { entries: 5, teams: true });
    const matches = await matchesOf(server.agent(), f.tournamentId);
    const withBye = matches.find((m) => m.track === 'winners' && m.round === 0 && m.entryBbye && !m.entryAbye)!;
    await asGuest(`/tournaments/${f.tournamentId}/match/${withBye.id}`);
    const team = f.entries.find((e) => e.id === withBye.entryAId)!;
    const link = await within(await screen.findByRole('region', { name: /^Entry A/ })).findByRole('link', { name: withBye.teamA!.name });
    expect(link.getAttribute('href')).toBe(`/tournaments/${f.tournamentId}/${team.teamId}`);
    expect(within(side('B')).getByText('bye')).toBeTruthy();
    expect(within(side('A')).queryByText(/reported/)).toBeNull();

    const waiting = matches.find((m) => m.entryAId !== null && m.entryBId === null && !m.entryBbye && m.live)!;
    await asGuest(`/tournaments/${f.tournamentId}/match/${waiting.id}`);
    expect(await within(await screen.findByRole('region', { name: /^Entry B/ })).findByText('???')).toBeTruthy();

    const empty = matches.find((m) => m.entryAbye && m.entryBbye)!;
    await asGuest(`/tournaments/${f.tournamentId}/match/${empty.id}`);
    expect(await within(await screen.findByRole('region', { name: /^Entry A/ })).findByText('none')).toBeTruthy();
    expect(within(side('B')).getByText('none')).toBeTruthy();
  });

  it('guides a player through the double entry: required, range, draw, mismatch (nothing sent), then a matching entry is submitted', async () => {
    const f = await createBracketFixture(db(), { entries: 4 });
    const m = await firstPlayable(server.agent(), f.tournamentId);
    const me = playerOf(f, m, 'B');
    const other = playerOf(f, m, 'A');
    const { user, sent } = await asUser(me.discordName, `/tournaments/${f.tournamentId}/match/${m.id}`);

    await user.click(await screen.findByRole('button', { name: 'SUBMIT SCORE' }));
    const scoreA = screen.getByRole('textbox', { name: `Score for ${other.discordName}` });
    const scoreB = screen.getByRole('textbox', { name: `Score for ${me.discordName}` });
    // Keyboard users land in the first field.
    expect(document.activeElement).toBe(scoreA);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText('Please enter a valid score')).toHaveLength(2);

    await user.type(scoreA, '4');
    await user.type(scoreB, 'x');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Score must be between 0 and 3')).toBeTruthy();
    expect(screen.getByText('Please enter a valid score')).toBeTruthy();

    await user.clear(scoreA);
    await user.type(scoreA, '2');
    await user.clear(scoreB);
    await user.type(scoreB, '2');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('A match cannot end in a draw')).toBeTruthy();

    await user.clear(scoreB);
    await user.type(scoreB, '3');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the score' });
    await user.type(within(dialog).getByRole('textbox', { name: `Confirm score for ${other.discordName}` }), '2');
    await user.type(within(dialog).getByRole('textbox', { name: `Confirm score for ${me.discordName}` }), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm score' }));

    expect(await notification('Invalid Scores')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getByText('Scores must match')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm the score' })).toBeNull());
    // The form keeps the first entry; nothing reached the server.
    expect((scoreA as HTMLInputElement).value).toBe('2');
    expect((scoreB as HTMLInputElement).value).toBe('3');
    expect(sent.filter((r) => r.startsWith('POST'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm the score' });
    // The confirmation starts empty each time.
    expect((within(again).getByRole('textbox', { name: `Confirm score for ${other.discordName}` }) as HTMLInputElement).value).toBe('');
    await user.type(within(again).getByRole('textbox', { name: `Confirm score for ${other.discordName}` }), '2');
    await user.type(within(again).getByRole('textbox', { name: `Confirm score for ${me.discordName}` }), '3{Enter}');

    expect(await notification('Score Submitted')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getByText('Score was submitted successfully')).toBeTruthy();
    // (The first POST of a page may be answered 419 and sent again with a CSRF token.)
    expect(new Set(sent.filter((r) => r.startsWith('POST')))).toEqual(new Set([`POST /v1/tournament/${f.tournamentId}/match/${m.id}`]));
    // Both names with the report: it reads A's score, then B's, whichever side made it.
    expect(await within(side('B')).findByText(`reported ${other.discordName} 2 – 3 ${me.discordName}`)).toBeTruthy();
    expect(within(side('A')).getByText('not reported yet')).toBeTruthy();
    expect(button('SUBMIT SCORE')).toBeNull();
    expect(screen.getByText('Your side has already reported a score')).toBeTruthy();
    const row = await matchRow(db(), m.id);
    expect([row.entryBScoreA, row.entryBScoreB, row.entryAScoreA]).toEqual([2, 3, null]);
  });

  it('decides the match when the other side reports the same score, and shows a DISPUTE when they disagree', async () => {
    const f = await createBracketFixture(db(), { entries: 4, teams: true });
    const [m1, m2] = (await matchesOf(server.agent(), f.tournamentId)).filter((m) => m.round === 0 && m.track === 'winners');
    for (const [m, second] of [
      [m1, [3, 1]],
      [m2, [1, 3]],
    ] as const) {
      const captain = await server.agent().signIn(playerOf(f, m, 'A').discordName);
      expect((await captain.post(`/v1/tournament/${f.tournamentId}/match/${m.id}`, { entryAScore: 3, entryBScore: 1 })).status).toBe(200);
      // A team's second player reports for side B.
      const mate = playerOf(f, m, 'B', 1);
      const { user } = await asUser(mate.discordName, `/tournaments/${f.tournamentId}/match/${m.id}`);
      await user.click(await screen.findByRole('button', { name: 'SUBMIT SCORE' }));
      await user.type(screen.getByRole('textbox', { name: `Score for ${m.teamA!.name}` }), String(second[0]));
      await user.type(screen.getByRole('textbox', { name: `Score for ${m.teamB!.name}` }), `${second[1]}{Enter}`);
      const dialog = await screen.findByRole('dialog', { name: 'Confirm the score' });
      await user.type(within(dialog).getByRole('textbox', { name: `Confirm score for ${m.teamA!.name}` }), String(second[0]));
      await user.type(within(dialog).getByRole('textbox', { name: `Confirm score for ${m.teamB!.name}` }), `${second[1]}{Enter}`);
      expect(await notification('Score Submitted')).toBeTruthy();
    }
    // m2 is the last rendered: the sides disagree.
    expect(await screen.findByText('DISPUTE')).toBeTruthy();
    expect(within(side('A')).getByText(`reported ${m2.teamA!.name} 3 – 1 ${m2.teamB!.name}`)).toBeTruthy();
    expect(within(side('B')).getByText(`reported ${m2.teamA!.name} 1 – 3 ${m2.teamB!.name}`)).toBeTruthy();
    expect(side('A').getAttribute('aria-label')).toBe('Entry A');

    // Staff replace the disputed reports: OVERWRITE SCORE (ADMIN).
    await asUser((await createAccount(db(), 'ADMIN')).discordName, `/tournaments/${f.tournamentId}/match/${m2.id}`);
    expect(await screen.findByRole('button', { name: 'OVERWRITE SCORE (ADMIN)' })).toBeTruthy();
    expect(button('SUBMIT SCORE (ADMIN)')).toBeNull();

    await asUser(playerOf(f, m1, 'B').discordName, `/tournaments/${f.tournamentId}/match/${m1.id}`);
    expect((await screen.findByRole('region', { name: /^Entry A/ })).getAttribute('aria-label')).toBe('Entry A (winner)');
    expect(screen.getByText('This match already has a result')).toBeTruthy();
    expect(screen.queryByText('DISPUTE')).toBeNull();
  });

  it('lets staff submit a result and overwrite it, each after a confirmation', async () => {
    const f = await createBracketFixture(db(), { entries: 4 });
    const m = await firstPlayable(server.agent(), f.tournamentId);
    const admin = await createAccount(db(), 'OWNER');
    const { user } = await asUser(admin.discordName, `/tournaments/${f.tournamentId}/match/${m.id}`);
    const [a, b] = [playerOf(f, m, 'A').discordName, playerOf(f, m, 'B').discordName];

    await user.click(await screen.findByRole('button', { name: 'SUBMIT SCORE (ADMIN)' }));
    await user.type(screen.getByRole('textbox', { name: `Score for ${a}` }), '3');
    await user.type(screen.getByRole('textbox', { name: `Score for ${b}` }), '0{Enter}');
    let confirm = await screen.findByRole('dialog', { name: 'SUBMIT SCORE (ADMIN)' });
    expect(within(confirm).getByText(`Set the result of match ${m.matchNumber} to ${a} 3 – 0 ${b}? The bracket moves both entries on.`)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    // Back to the form, scores kept; then confirm.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    confirm = await screen.findByRole('dialog', { name: 'SUBMIT SCORE (ADMIN)' });
    await user.click(within(confirm).getByRole('button', { name: 'Submit score' }));
    expect(await notification('Score Submitted')).toBeTruthy();
    expect((await screen.findByRole('region', { name: /^Entry A/ })).getAttribute('aria-label')).toBe('Entry A (winner)');

    await user.click(screen.getByRole('button', { name: 'OVERWRITE SCORE (ADMIN)' }));
    await user.type(screen.getByRole('textbox', { name: `Score for ${a}` }), '1');
    await user.type(screen.getByRole('textbox', { name: `Score for ${b}` }), '3');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    confirm = await screen.findByRole('dialog', { name: 'OVERWRITE SCORE (ADMIN)' });
    expect(within(confirm).getByText(/^Overwrite the result of match \d+ with .* 1 – 3 .*\? Later matches whose entrants change are re-opened/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Overwrite score' }));
    await waitFor(() => expect(side('B').getAttribute('aria-label')).toBe('Entry B (winner)'));
    const [row] = await db().select().from(tournamentMatches).where(eq(tournamentMatches.id, m.id));
    expect([row.scoreA, row.scoreB, row.winningEntry]).toEqual([1, 3, 'EntryB']);
  });

  it('lets staff change the entries of a round 1 match (CHANGE TEAMS)', async () => {
    const f = await createBracketFixture(db(), { entries: 4 });
    const [m1, m2] = (await matchesOf(server.agent(), f.tournamentId)).filter((m) => m.round === 0 && m.track === 'winners');
    const admin = await createAccount(db(), 'ADMIN');
    const { user } = await asUser(admin.discordName, `/tournaments/${f.tournamentId}/match/${m1.id}`);
    const incoming = playerOf(f, m2, 'A');

    await user.click(await screen.findByRole('button', { name: 'CHANGE TEAMS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change teams' });
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const entryB = await within(dialog).findByRole('combobox', { name: 'Entry B' });
    await user.click(entryB);
    // Mantine's dropdown stays visually hidden in jsdom (no transitions): pick the option as a click would.
    const listbox = await waitFor(() => document.getElementById(entryB.getAttribute('aria-controls') ?? '')!);
    fireEvent.click(within(listbox).getByRole('option', { name: incoming.discordName, hidden: true }));
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);

    expect(await notification('Teams Changed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change teams' })).toBeNull());
    expect(within(side('B')).getByRole('link', { name: incoming.discordName })).toBeTruthy();
    expect((await matchRow(db(), m1.id)).entryBId).toBe(m2.entryAId);
  });

  it('tells a player why they cannot report, and answers a missing match with "Match not found"', async () => {
    const f = await createBracketFixture(db(), { entries: 2, allowScoreSubmission: false });
    const m = await firstPlayable(server.agent(), f.tournamentId);
    await asUser(playerOf(f, m, 'A').discordName, `/tournaments/${f.tournamentId}/match/${m.id}`);
    expect(await screen.findByText('Score submission is closed for this tournament')).toBeTruthy();
    expect(button('SUBMIT SCORE')).toBeNull();

    await asGuest(`/tournaments/${f.tournamentId}/match/999999`);
    expect(await screen.findByRole('heading', { name: 'Match not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the bracket' }).getAttribute('href')).toBe(`/tournaments/${f.tournamentId}`);
    expect(screen.queryByText('An error occurred')).toBeNull();
  });

  it('tells staff why a match offers no result to set: waiting for its entries, or a bye', async () => {
    const f = await createBracketFixture(db(), { entries: 5 });
    const matches = await matchesOf(server.agent(), f.tournamentId);
    const admin = (await createAccount(db(), 'ADMIN')).discordName;

    const waiting = matches.find((m) => m.live && !m.entryAbye && !m.entryBbye && (m.entryAId === null || m.entryBId === null))!;
    await asUser(admin, `/tournaments/${f.tournamentId}/match/${waiting.id}`);
    expect(await screen.findByText('This match is waiting for its entries')).toBeTruthy();
    expect(button('SUBMIT SCORE (ADMIN)')).toBeNull();

    const withBye = matches.find((m) => m.track === 'winners' && m.round === 0 && m.entryBbye && !m.entryAbye)!;
    await asUser(admin, `/tournaments/${f.tournamentId}/match/${withBye.id}`);
    expect(await screen.findByText('This match has a bye and is decided automatically')).toBeTruthy();
    expect(button('SUBMIT SCORE (ADMIN)')).toBeNull();

    // A playable match: the button, and no such line.
    const playable = await firstPlayable(server.agent(), f.tournamentId);
    await asUser(admin, `/tournaments/${f.tournamentId}/match/${playable.id}`);
    expect(await screen.findByRole('button', { name: 'SUBMIT SCORE (ADMIN)' })).toBeTruthy();
    expect(screen.queryByText('This match is waiting for its entries')).toBeNull();
  });

  it('offers Try again when the match cannot be loaded', async () => {
    const f = await createBracketFixture(db(), { entries: 2 });
    const m = await firstPlayable(server.agent(), f.tournamentId);
    server.failNext(`GET /v1/tournament/${f.tournamentId}/match/${m.id}`, 500, 'The database is busy');
    const { user } = await asGuest(`/tournaments/${f.tournamentId}/match/${m.id}`);
    expect(await screen.findByRole('heading', { name: 'This match could not be loaded' })).toBeTruthy();
    expect(await notification('An error occurred')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getByText('The database is busy')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: `${m.roundName} · Match ${m.matchNumber}` })).toBeTruthy();
  });
});
