import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Tournament, TournamentMatch } from '../../src/api/contract/tournament';
import { launch, newPage, signIn } from './support/browser';

/**
 * Live updates in real browsers (issue 15) on the seeded 'Winter Major': one player reports on their match page;
 * a guest's match page and bracket page, opened before, show it without a reload (and without the tab being
 * shown again: the bracket is no longer polled).
 */
describe('live updates in real browsers', () => {
  let browser: Browser;
  let tournamentId: number;
  let match: TournamentMatch;

  const matchesOf = async (page: Page) => (await (await page.request.get(`/v1/tournament/${tournamentId}/match`)).json()) as TournamentMatch[];

  beforeAll(async () => {
    browser = await launch();
    const { page, context } = await newPage(browser);
    const res = await page.request.get('/v1/tournament/active?perPage=100');
    tournamentId = ((await res.json()).results as Tournament[]).find((t) => t.title === 'Winter Major')!.id;
    // The last playable match nobody has reported (the score flow tests take the first ones).
    match = (await matchesOf(page))
      .filter((m) => m.userA && m.userB && m.winningEntry === '' && m.entryAScoreA === null && m.entryBScoreA === null && !m.dispute)
      .at(-1)!;
    await context.close();
  });
  afterAll(() => browser?.close());

  it("shows the other side's report on an open match page and bracket, without a reload", async () => {
    const m = match;
    const watcher = await newPage(browser);
    await watcher.page.goto(`/tournaments/${tournamentId}/match/${m.id}`);
    await watcher.page.getByRole('heading', { level: 1, name: `${m.roundName} · Match ${m.matchNumber}` }).waitFor();
    const bracket = await newPage(browser);
    await bracket.page.goto(`/tournaments/${tournamentId}`);
    const mirror = bracket.page.getByRole('navigation', { name: 'Bracket matches' });
    await mirror.getByRole('link', { name: new RegExp(`^Match ${m.matchNumber}: `) }).waitFor();
    const loads: string[] = [];
    watcher.page.on('request', (r) => r.resourceType() === 'document' && loads.push(r.url()));
    bracket.page.on('request', (r) => r.resourceType() === 'document' && loads.push(r.url()));

    // Both players report 2–3 on their own match pages.
    const report = async (name: string) => {
      const player = await newPage(browser);
      await signIn(player.page, name);
      await player.page.goto(`/tournaments/${tournamentId}/match/${m.id}`);
      await player.page.getByRole('button', { name: 'SUBMIT SCORE', exact: true }).click();
      await player.page.getByRole('textbox', { name: `Score for ${m.userA!.discordName}` }).fill('2');
      await player.page.getByRole('textbox', { name: `Score for ${m.userB!.discordName}` }).fill('3');
      await player.page.getByRole('button', { name: 'Continue' }).click();
      const confirm = player.page.getByRole('dialog', { name: 'Confirm the score' });
      await confirm.getByRole('textbox', { name: `Confirm score for ${m.userA!.discordName}` }).fill('2');
      await confirm.getByRole('textbox', { name: `Confirm score for ${m.userB!.discordName}` }).fill('3');
      await confirm.getByRole('button', { name: 'Confirm score' }).click();
      await player.page.getByRole('region', { name: 'Notifications' }).getByText('Score was submitted successfully').first().waitFor();
      return player;
    };
    const first = await report(m.userA!.discordName);
    await watcher.page.getByText(`reported ${m.userA!.discordName} 2 – 3 ${m.userB!.discordName}`).first().waitFor({ timeout: 5_000 });
    expect(await mirror.getByRole('link', { name: new RegExp(`^Match ${m.matchNumber}: .*, 2-3$`) }).count()).toBe(0);

    const second = await report(m.userB!.discordName);
    await watcher.page.getByRole('region', { name: 'Entry B (winner)' }).waitFor({ timeout: 5_000 });
    await mirror.getByRole('link', { name: new RegExp(`^Match ${m.matchNumber}: .*, 2-3$`) }).waitFor({ timeout: 5_000 });
    expect(loads).toEqual([]);
    expect([...watcher.errors, ...bracket.errors, ...first.errors, ...second.errors]).toEqual([]);
    await Promise.all([watcher.context.close(), bracket.context.close(), first.context.close(), second.context.close()]);
  });
});

describe('a division bracket reset, live', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('shows an open division page the reset staff made elsewhere, without a reload', async () => {
    const viewer = await newPage(browser);
    // The demo's playoffs by name: the season journey (seasons.test.ts) takes a season of its own, starting later and so
    // listed first, to the playoffs, and its bracket has no result yet.
    const seasons = (await (await viewer.page.request.get('/v1/season?perPage=100')).json()).results as { id: number; name: string; seasonType: string }[];
    const playoffs = seasons.find((s) => s.name === 'Season 2: Summer League' && s.seasonType === 'PLAYOFFS')!;
    const season = (await (await viewer.page.request.get(`/v1/season/${playoffs.id}`)).json()) as { divisions: { id: number; name: string }[] };
    // The last division: the other browser tests leave the demo's playoffs alone.
    const division = season.divisions.at(-1)!;
    const path = `/seasons/${playoffs.id}/${division.id}`;
    await viewer.page.goto(path);
    const mirror = viewer.page.getByRole('navigation', { name: 'Bracket matches' });
    const decided = mirror.getByRole('link', { name: /, \d-\d$/ });
    await decided.first().waitFor();
    const loads: string[] = [];
    viewer.page.on('request', (r) => r.resourceType() === 'document' && loads.push(r.url()));

    const staff = await newPage(browser);
    await signIn(staff.page, 'AdminAce');
    await staff.page.goto(path);
    await staff.page.getByRole('button', { name: 'Reset Bracket' }).click();
    const dialog = staff.page.getByRole('dialog', { name: 'Reset Bracket' });
    await dialog.getByText('This is irreversible.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Reset Bracket' }).click();
    await staff.page.getByRole('region', { name: 'Notifications' }).getByText('This bracket has now been fully reset').waitFor();

    await expect.poll(() => decided.count(), { timeout: 5_000 }).toBe(0);
    expect(loads).toEqual([]);
    expect([...viewer.errors, ...staff.errors]).toEqual([]);
    await Promise.all([viewer.context.close(), staff.context.close()]);
  });
});
