import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { format } from 'date-fns';
import { launch, newPage, signIn } from './support/browser';

/**
 * The admin tournament journey in a real browser: an admin creates a paid 4-player tournament in the form, four
 * players join (one of them pays through the local payment provider's dialog, the others through the same
 * provider's API), the admin closes it, sets maps and modes, starts it, and the bracket is there.
 */

const TITLE = `Journey Cup ${Date.now().toString(36)}`;
const CARD = '4242 4242 4242 4242';
/** A 1×1 PNG for the optional logo upload. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const FOUR_PLAYER_ROUNDS = ['Round 1', 'Losers Round 1', 'Winners Final', 'Losers Final', 'Grand Final', 'Grand Final 2'];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function csrf(request: APIRequestContext) {
  return ((await (await request.get('/v1/auth/csrf')).json()) as { token: string }).token;
}

/** Picks `day` in the calendar of the date field labelled `label` inside the dialog. */
async function pickDate(page: Page, label: string, day: Date) {
  const dialog = page.getByRole('dialog', { name: 'New Tournament' });
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('button', { name: format(day, 'd MMMM yyyy') }).last().click();
  await expect(dialog.getByRole('button', { name: label, exact: true }).textContent()).resolves.toBe(format(day, 'dd/MM/yyyy'));
}

async function choose(page: Page, label: string, option: string, multiple = false) {
  // A multi-select's pill wrapper takes the click for its inner input, as it does for a user's pointer.
  await page.getByRole('dialog', { name: 'New Tournament' }).getByRole('combobox', { name: label, exact: true }).click({ force: multiple });
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens the OPTIONS menu of the journey's tournament and picks `item`. */
async function rowAction(page: Page, item: string) {
  await page.getByRole('button', { name: `Options for ${TITLE}` }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

async function showTournamentInTable(page: Page) {
  await page.goto('/admin/tournaments');
  await page.getByRole('searchbox', { name: 'Search Tournaments' }).fill(TITLE);
  // The search is debounced: wait until the table lists only the journey's tournament.
  await page.waitForFunction(() => document.querySelectorAll('button[aria-label^="Options for "]').length === 1);
  await page.getByRole('button', { name: `Options for ${TITLE}` }).waitFor();
}

describe('the admin tournament journey', () => {
  it('creates, fills, closes, sets maps and starts a paid 4-player tournament', async () => {
    // 1. The admin creates the tournament in the form.
    const { page: admin, errors } = await newPage(browser);
    await signIn(admin, 'AdminAce');
    await admin.goto('/admin/tournaments');
    await admin.getByRole('button', { name: 'New Tournament' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New Tournament' });
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE);
    await dialog.getByRole('textbox', { name: 'Subtitle', exact: true }).fill('Four players, one bracket');
    await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('The browser journey of the admin screens.');
    await dialog.getByRole('textbox', { name: 'Entry fee', exact: true }).fill('5');
    const today = new Date();
    await pickDate(admin, 'Start date', today);
    await dialog.getByLabel('Start time').fill('18:30');
    await pickDate(admin, 'End date', today);
    await pickDate(admin, 'Sign ups close', today);
    await choose(admin, 'Type', 'TOURNAMENT');
    await expect(dialog.getByRole('combobox', { name: 'Team limit', exact: true }).inputValue()).resolves.toBe('1');
    await dialog.getByRole('textbox', { name: 'Rules', exact: true }).fill('https://clutch.gg/rules/journey');
    await dialog.getByRole('textbox', { name: 'Prize pool info', exact: true }).fill('€20 to the winner');
    await dialog.getByRole('textbox', { name: 'Host', exact: true }).fill('AdminAce');
    await choose(admin, 'Game', 'Call of Duty: Modern Warfare III');
    await choose(admin, 'Platforms', 'PC', true);
    await admin.keyboard.press('Escape');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await dialog.getByRole('button', { name: 'Add Tournament' }).click();
    await admin.getByText('Tournament Added').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const found = (await (await admin.request.get(`/v1/tournament?search=${encodeURIComponent(TITLE)}`)).json()) as {
      results: { id: number; entryFee: number; teamLimit: number; status: string; graphicUrl: string | null }[];
    };
    expect(found.results).toHaveLength(1);
    const { id } = found.results[0];
    // The logo was uploaded after the save.
    expect(found.results[0].graphicUrl).toMatch(/^\/v1\/images\/\d+$/);
    expect(found.results[0]).toMatchObject({ entryFee: 5, teamLimit: 1, status: 'OPEN' });

    // 2. Four players join; the first pays through the payment dialog.
    const users = (await (await admin.request.get('/v1/user?perPage=100')).json()) as { results: { id: number; discordName: string; role: string }[] };
    const players = users.results.filter((u) => u.role === 'USER').slice(80, 84);
    expect(players).toHaveLength(4);

    const { page: payer, context: payerContext } = await newPage(browser);
    await signIn(payer, players[0].discordName);
    await payer.goto(`/tournaments/${id}/details`);
    await payer.getByRole('button', { name: 'REGISTER' }).click();
    const join = payer.getByRole('dialog', { name: `Register for ${TITLE}` });
    await join.getByRole('checkbox').check();
    await join.getByRole('button', { name: 'Register' }).click();
    const payment = payer.getByRole('dialog', { name: 'Payment' });
    await payment.getByRole('button', { name: `Use test card ${CARD} (Succeeds)` }).click();
    await payment.getByRole('button', { name: 'Pay' }).click();
    await payer.getByText('Payment Received').waitFor();
    await payer.getByRole('button', { name: 'JOINED' }).waitFor();
    await payerContext.close();

    for (const player of players.slice(1)) {
      const { page, context } = await newPage(browser);
      await signIn(page, player.discordName);
      const joinRes = await page.request.post(`/v1/billing/join-tournament/${id}/${player.id}`, {
        headers: { 'x-csrf-token': await csrf(page.request) },
        data: {},
      });
      expect(joinRes.status()).toBe(200);
      const { clientSecret } = (await joinRes.json()) as { clientSecret: string };
      const confirm = await page.request.post('/v1/billing/local/confirm', {
        headers: { 'x-csrf-token': await csrf(page.request) },
        data: { clientSecret, cardNumber: CARD },
      });
      expect(confirm.status()).toBe(200);
      await context.close();
    }
    const filled = (await (await admin.request.get(`/v1/tournament/${id}`)).json()) as { joinedUsersLength: number; roundNames: string[] };
    expect(filled.joinedUsersLength).toBe(4);
    expect(filled.roundNames).toEqual(FOUR_PLAYER_ROUNDS);

    // 3. The admin closes it.
    await showTournamentInTable(admin);
    await rowAction(admin, 'Close');
    await admin.getByText('Tournament Closed').waitFor();

    // 4. Maps and modes, then start.
    await rowAction(admin, 'Start');
    await admin.waitForURL(`**/admin/tournaments/${id}/maps`);
    for (const round of FOUR_PLAYER_ROUNDS) {
      await admin.getByRole('textbox', { name: round, exact: true }).fill(`${round}: Hardpoint on Skidrow`);
    }
    await admin.getByRole('button', { name: 'Start', exact: true }).click();
    // The admin screens ran without a page error (the bracket page that follows is checked by its own tests).
    expect(errors).toEqual([]);
    await admin.getByRole('dialog', { name: 'Start Tournament' }).getByRole('button', { name: 'Start' }).click();
    await admin.getByText('Tournament Started').waitFor();

    // 5. The bracket page shows the matches.
    await admin.waitForURL((url) => url.pathname === `/tournaments/${id}`);
    const matches = (await (await admin.request.get(`/v1/tournament/${id}/match`)).json()) as {
      matchNumber: number;
      userA: { discordName: string } | null;
      userB: { discordName: string } | null;
    }[];
    expect(matches).toHaveLength(7);
    const seated = matches.flatMap((m) => [m.userA?.discordName, m.userB?.discordName]).filter(Boolean);
    for (const p of players) expect(seated).toContain(p.discordName);
    // The page's accessible mirror of the canvas links every match: "Match 1: <seed 1> vs <seed 4>".
    const firstMatch = admin.getByRole('link', { name: /^Match 1: / });
    await firstMatch.waitFor({ state: 'attached' });
    const label = (await firstMatch.getAttribute('aria-label')) ?? (await firstMatch.textContent()) ?? '';
    expect(players.filter((p) => label.includes(p.discordName))).toHaveLength(2);
    const detail = (await (await admin.request.get(`/v1/tournament/${id}`)).json()) as { status: string; mapsAndModes: unknown[] };
    expect(detail.status).toBe('ACTIVE');
    expect(detail.mapsAndModes).toHaveLength(6);
  });
});
