import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Season, SeasonMatch } from '../../src/api/contract/season';
import { launch, newPage, signIn } from './support/browser';

/**
 * A league match in real browsers on the demo league's season in its group stages: both teams' captains (each in a
 * browser context of their own) report 3–1 twice on /match/{id}, the match is decided, and the division page's
 * group standings move.
 */
describe('league match in real browsers', () => {
  let browser: Browser;
  let season: Season;
  let match: SeasonMatch;
  const captains: string[] = [];

  beforeAll(async () => {
    browser = await launch();
    const { page, context } = await newPage(browser);
    const get = async <T>(path: string) => (await (await page.request.get(path)).json()) as T;
    const seasons = (await get<{ results: Season[] }>('/v1/season?pageNo=1&perPage=100')).results;
    season = seasons.find((s) => s.seasonType === 'GROUP_STAGES')!;
    const groups = (await get<Season>(`/v1/season/${season.id}`)).divisions.flatMap((d) => d.groups);
    for (const g of groups) {
      const open = (await get<SeasonMatch[]>(`/v1/match/group/${g.id}`)).find(
        (m) => m.teamA && m.teamB && m.winningTeam === null && m.teamAScoreA === null && m.teamBScoreA === null && !m.dispute,
      );
      if (open) {
        match = open;
        break;
      }
    }
    // The two teams' captains, from the players list (paged).
    type Player = { discordName: string; teamId: number | null; teamRole: string | null };
    const players: Player[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const { results } = await get<{ results: Player[] }>(`/v1/user?perPage=100&pageNo=${pageNo}`);
      players.push(...results);
      if (results.length < 100) break;
    }
    for (const team of [match.teamA!, match.teamB!]) {
      captains.push(players.find((u) => u.teamId === team.id && u.teamRole === 'CAPTAIN')!.discordName);
    }
    await context.close();
  });
  afterAll(() => browser?.close());

  async function captainReports(name: string) {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, name);
    await page.goto(`/match/${match.id}`);
    await page.getByRole('link', { name: season.name }).waitFor();
    await page.getByRole('button', { name: 'SUBMIT SCORE', exact: true }).click();
    await page.getByRole('textbox', { name: `Score for ${match.teamA!.name}` }).fill('3');
    await page.getByRole('textbox', { name: `Score for ${match.teamB!.name}` }).fill('1');
    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm the score' });
    await dialog.getByRole('textbox', { name: `Confirm score for ${match.teamA!.name}` }).fill('3');
    await dialog.getByRole('textbox', { name: `Confirm score for ${match.teamB!.name}` }).fill('1');
    await dialog.getByRole('button', { name: 'Confirm score' }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByText('Score was submitted successfully').first().waitFor();
    return { page, context, errors };
  }

  const wins = async (page: Page, team: string) =>
    Number(await page.getByRole('row').filter({ has: page.getByRole('link', { name: team, exact: true }) }).first().getByRole('cell').nth(2).textContent());

  it('captain A and captain B report the same score: the match is decided and the standings move', async () => {
    const viewer = await newPage(browser);
    await viewer.page.goto(`/seasons/${season.id}/${match.divisionId}`);
    await viewer.page.getByRole('table', { name: /standings$/ }).first().waitFor();
    const before = await wins(viewer.page, match.teamA!.name);

    const a = await captainReports(captains[0]);
    await a.page.getByText('Your side has already reported a score').waitFor();
    const b = await captainReports(captains[1]);
    await b.page.getByRole('region', { name: 'Entry A (winner)' }).waitFor();
    await b.page.getByRole('region', { name: 'Entry B (loser)' }).waitFor();

    await viewer.page.reload();
    await viewer.page.getByRole('table', { name: /standings$/ }).first().waitFor();
    expect(await wins(viewer.page, match.teamA!.name)).toBe(before + 1);
    expect([...a.errors, ...b.errors, ...viewer.errors]).toEqual([]);
    await Promise.all([a.context.close(), b.context.close(), viewer.context.close()]);
  });
});
