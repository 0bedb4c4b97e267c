import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, BrowserContext } from 'playwright-core';
import { baseURL, launch, newPage, signIn } from './support/browser';

const DAY = 86_400_000;

/** A signed-in API client for setting the stage (as the admin would through the portal). */
async function apiAs(browser: Browser, name: string) {
  const context = await browser.newContext({ baseURL: baseURL() });
  await context.request.get(`/v1/auth/discord?as=${encodeURIComponent(name)}`);
  const { token } = (await (await context.request.get('/v1/auth/csrf')).json()) as { token: string };
  const send = async (method: 'POST' | 'GET', path: string, data?: unknown) => {
    const res = await context.request.fetch(path, { method, data, headers: { 'x-csrf-token': token } });
    if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${await res.text()}`);
    return res.json();
  };
  return { context, request: context.request as APIRequestContext, send };
}

function tournamentBody(title: string, teamLimit: number) {
  const today = Math.floor(Date.now() / DAY) * DAY;
  return {
    title,
    subTitle: 'A tournament made by the browser tests',
    description: 'Double elimination, best of three.',
    entryFee: 0,
    startDate: today + 7 * DAY,
    startTime: '19:00',
    endDate: today + 8 * DAY,
    signUpClose: today + 6 * DAY,
    tournamentType: 'TOURNAMENT',
    teamLimit,
    rules: 'https://clutch.gg/rules/tournaments',
    prizePoolInfo: '€100 to the winner',
    host: 'Clutch League',
    game: 'CODMW3',
    platforms: ['PC'],
    allowSignups: true,
  };
}

describe('a player’s tournaments in a real browser', () => {
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof apiAs>>;
  /** Players of the demo league, from the bottom of PLAYER RANKS (the other browser tests use the top). */
  let players: string[];
  const contexts: BrowserContext[] = [];
  const tag = Math.random().toString(36).slice(2, 7).toUpperCase();

  beforeAll(async () => {
    browser = await launch();
    admin = await apiAs(browser, 'AdminAce');
    const page = (await admin.send('GET', '/v1/user?perPage=100&pageNo=2')) as { results: { discordName: string; role: string }[] };
    players = page.results.filter((u) => u.role === 'USER').map((u) => u.discordName).reverse();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await admin?.context.close();
    await browser?.close();
  });

  async function pageAs(name: string) {
    const { context, page, errors } = await newPage(browser);
    contexts.push(context);
    await signIn(page, name);
    return { page, errors };
  }

  it('browses upcoming tournaments, opens one and joins it: JOINED', async () => {
    const title = `Journey Solo ${tag}`;
    const { id } = (await admin.send('POST', '/v1/tournament', tournamentBody(title, 1))) as { id: number };
    const { page, errors } = await pageAs(players[0]);

    await page.getByRole('link', { name: 'TOURNAMENTS', exact: true }).first().click();
    await page.waitForURL((u) => u.pathname === '/tournaments');
    const card = page.getByRole('article', { name: title });
    await card.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/tournaments/${id}/details`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();

    await page.getByRole('button', { name: 'REGISTER' }).click();
    const dialog = page.getByRole('dialog', { name: `Register for ${title}` });
    await dialog.getByRole('button', { name: 'Register' }).click();
    await dialog.getByText('Please agree to the terms and conditions').waitFor();
    await dialog.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check();
    await dialog.getByRole('button', { name: 'Register' }).click();

    await page.getByText('Tournament Joined').waitFor();
    await page.getByRole('button', { name: 'JOINED' }).waitFor();
    // It stays joined after a reload (the server holds the entry).
    await page.reload();
    await expect(page.getByRole('button', { name: 'JOINED' }).isDisabled()).resolves.toBe(true);
    expect(errors).toEqual([]);
  });

  it('a captain enters a team, invites a player who accepts on /invites, and the player is on the team page', async () => {
    const title = `Journey Duo ${tag}`;
    const teamName = `Duo ${tag}`;
    const [captainName, mateName] = [players[1], players[2]];
    const { id } = (await admin.send('POST', '/v1/tournament', tournamentBody(title, 2))) as { id: number };
    const captain = await pageAs(captainName);
    const { page } = captain;

    await page.goto(`/tournaments/${id}/details`);
    await page.getByRole('button', { name: 'REGISTER' }).click();
    const join = page.getByRole('dialog', { name: `Register for ${title}` });
    await join.getByRole('textbox', { name: /Team name/ }).fill(teamName);
    await join.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check();
    await join.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('button', { name: 'JOINED' }).waitFor();

    await page.getByRole('region', { name: 'Your team' }).getByRole('link', { name: 'View Team' }).click();
    await page.getByRole('heading', { name: teamName, level: 1 }).waitFor();
    const teamUrl = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Manage Team' }).click();
    const manage = page.getByRole('dialog', { name: `Manage ${teamName}` });
    await manage.getByRole('textbox', { name: 'Search players' }).fill(mateName);
    await manage.getByRole('button', { name: 'Search' }).click();
    await manage.getByRole('radio', { name: mateName, exact: true }).check();
    await manage.getByRole('button', { name: 'Send Invite' }).click();
    await page.getByRole('dialog', { name: 'Invite player' }).getByRole('button', { name: 'Send Invite' }).click();
    await page.getByText(`${mateName} was invited to your team`).waitFor();
    await manage.getByRole('listitem', { name: `${mateName} INVITEE` }).waitFor();
    await manage.getByRole('button', { name: 'Done' }).click();

    const mate = await pageAs(mateName);
    await mate.page.goto('/invites');
    const invite = mate.page.getByRole('listitem', { name: `Invite from ${teamName}` });
    await invite.getByRole('link', { name: title }).waitFor();
    await invite.getByRole('button', { name: 'Accept' }).click();
    await mate.page.getByText('Team Joined').waitFor();
    await mate.page.getByText('You have no pending invites.').waitFor();

    await page.goto(teamUrl);
    const roster = page.getByRole('region', { name: 'Roster' });
    const row = roster.getByRole('listitem').filter({ has: page.getByRole('link', { name: mateName, exact: true }) });
    await row.getByText('PLAYER', { exact: true }).waitFor();
    await roster.getByRole('listitem').filter({ has: page.getByRole('link', { name: captainName, exact: true }) }).getByText('CAPTAIN').waitFor();

    // The captain hands the team to the mate (assign captain) and no longer manages it.
    await page.getByRole('button', { name: 'Manage Team' }).click();
    await manage.getByRole('listitem', { name: `${mateName} PLAYER` }).getByRole('button', { name: 'Make Captain' }).click();
    await page.getByRole('dialog', { name: 'Make captain' }).getByRole('button', { name: 'Make Captain' }).click();
    await page.getByText('User Promoted').waitFor();
    await manage.waitFor({ state: 'detached' });
    await row.getByText('CAPTAIN', { exact: true }).waitFor();
    await expect(page.getByRole('button', { name: 'Manage Team', exact: true }).count()).resolves.toBe(0);
    expect(captain.errors).toEqual([]);
    expect(mate.errors).toEqual([]);
  });

  it('follows the hall of fame to the winning team, and pages the standings of a thousand-entry bracket', async () => {
    const { page, errors } = await pageAs(players[3]);
    await page.goto('/tournaments/hall-of-fame');
    const switcheroo = page.getByRole('row').filter({ hasText: 'Halloween Switcheroo' });
    const winner = (await switcheroo.getByRole('link').last().textContent()) ?? '';
    await switcheroo.getByRole('link', { name: winner, exact: true }).click();
    await page.getByRole('heading', { name: winner, level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Roster' }).getByText('CAPTAIN', { exact: true }).waitFor();

    const [qualifier] = ((await admin.send('GET', '/v1/tournament/active?perPage=100')) as { results: { id: number; title: string }[] }).results.filter(
      (t) => t.title === 'Open Qualifier 1024',
    );
    await page.goto(`/tournaments/${qualifier.id}/entries`);
    const standings = page.getByRole('region', { name: 'Standings' });
    await standings.getByText('Total Results: 1024').waitFor();
    await expect(standings.getByRole('row').count()).resolves.toBe(26);
    await standings.getByRole('button', { name: 'Page 2' }).click();
    await standings.getByRole('cell', { name: '26', exact: true }).waitFor();
    expect(errors).toEqual([]);
  });
});
