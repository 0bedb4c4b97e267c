import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launch, newPage, signIn } from './support/browser';

/**
 * A league team's life in real browsers on the demo league: a player without a team creates one from their
 * profile, invites a mate who accepts on Team Invites, then both leave and the team is locked for good. Both players
 * end where they started (on no team).
 */
describe('league team in real browsers', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  type Player = { id: number; discordName: string; teamId: number | null; role: string; katanaRank: number };
  let founder: Player;
  let mate: Player;
  const tag = Math.random().toString(36).slice(2, 7).toUpperCase();

  beforeAll(async () => {
    browser = await launch();
    const { page, context } = await newPage(browser);
    contexts.push(context);
    const players: Player[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const { results } = (await (await page.request.get(`/v1/user?perPage=100&pageNo=${pageNo}`)).json()) as { results: Player[] };
      players.push(...results);
      if (results.length < 100) break;
    }
    // Players on no team, past the best-ranked ones the demo league already invited (server/db/seedLeagueTeams.ts).
    const free = players.filter((p) => p.teamId === null && p.role === 'USER').sort((a, b) => b.katanaRank - a.katanaRank);
    [founder, mate] = [free[8], free[9]];
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  async function pageAs(name: string) {
    const { context, page, errors } = await newPage(browser);
    contexts.push(context);
    await signIn(page, name);
    return { page, errors };
  }

  it('create team → invite → accept → leave, the last one out locks the team', async () => {
    const teamName = `Owls ${tag}`;
    const captain = await pageAs(founder.discordName);
    const { page } = captain;

    await page.goto(`/players/${founder.id}`);
    await page.getByRole('button', { name: 'Create Team' }).click();
    const create = page.getByRole('dialog', { name: 'Create Team' });
    await create.getByRole('textbox', { name: /Team name/ }).fill(teamName);
    await create.getByRole('button', { name: 'Create Team' }).click();
    await page.getByText('Team Created').waitFor();
    await page.getByRole('heading', { name: teamName, level: 1 }).waitFor();
    const teamUrl = new URL(page.url()).pathname;
    expect(teamUrl).toMatch(/^\/teams\/\d+$/);

    await page.getByRole('button', { name: 'Manage Team' }).click();
    const manage = page.getByRole('dialog', { name: `Manage ${teamName}` });
    await manage.getByRole('textbox', { name: 'Search players' }).fill(mate.discordName);
    await manage.getByRole('button', { name: 'Search' }).click();
    await manage.getByRole('radio', { name: mate.discordName, exact: true }).check();
    await manage.getByRole('button', { name: 'Send Invite' }).click();
    await page.getByRole('dialog', { name: 'Invite player' }).getByRole('button', { name: 'Send Invite' }).click();
    await page.getByText('Player invite sent').waitFor();
    await manage.getByRole('listitem', { name: `${mate.discordName} INVITEE` }).waitFor();
    await manage.getByRole('button', { name: 'Done' }).click();

    const joiner = await pageAs(mate.discordName);
    await joiner.page.goto('/invites');
    await joiner.page.getByRole('listitem', { name: `Invite from ${teamName}` }).getByRole('button', { name: 'Accept' }).click();
    await joiner.page.getByText('Team Joined').waitFor();
    await joiner.page.waitForURL((u) => u.pathname === teamUrl);
    const roster = joiner.page.getByRole('region', { name: 'Roster' });
    await roster.getByRole('link', { name: mate.discordName, exact: true }).waitFor();
    await roster.getByRole('link', { name: founder.discordName, exact: true }).waitFor();

    // The mate leaves, then the captain, the last member: the team is locked for good.
    await joiner.page.getByRole('button', { name: 'Leave Team' }).click();
    await joiner.page.getByRole('dialog', { name: 'Leave Team' }).getByRole('button', { name: 'Leave Team' }).click();
    await joiner.page.getByText(`You left ${teamName} successfully.`).waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'Leave Team' }).click();
    const last = page.getByRole('dialog', { name: 'Leave Team' });
    await last.getByText(`You are the last member of ${teamName}. Leaving locks the team for good.`).waitFor();
    await last.getByRole('button', { name: 'Leave Team' }).click();
    await page.getByText('All members have left this team.').waitFor();
    // The confirmation closes and the locked team offers nothing.
    await expect.poll(() => page.getByRole('button', { name: /Manage Team|Leave Team/ }).count()).toBe(0);
    expect([...captain.errors, ...joiner.errors]).toEqual([]);
  });
});
