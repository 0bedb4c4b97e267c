import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { addDays, format } from 'date-fns';
import { launch, newPage, signIn } from './support/browser';

/**
 * The season journey in a real browser against the built app: an admin creates a season in the dialog, a captain
 * joins the OPEN season and pays in the payment dialog (a second team joins through the same provider's API), then
 * the admin closes signups, splits the teams, starts the group stages and the playoffs from the OPTIONS menu.
 */

const NAME = `Journey Season ${Date.now().toString(36)}`;
const CARD = '4242 4242 4242 4242';
const DUE_DATES = [
  'Round 1 Due By',
  'Losers Round 1 Due By',
  'Round 2 Due By',
  'Losers Round 2 Due By',
  'Winners Final Due By',
  'Losers Round 3 Due By',
  'Losers Final Due By',
  'Grand Final Due By',
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function csrf(request: APIRequestContext) {
  return ((await (await request.get('/v1/auth/csrf')).json()) as { token: string }).token;
}

/** Types a dd/MM/yyyy date into the field and leaves it (Escape would close the dialog). */
async function typeDate(page: Page, label: string, day: Date) {
  const field = page.getByRole('dialog', { name: 'Add Season' }).getByRole('textbox', { name: label, exact: true });
  await field.fill(format(day, 'dd/MM/yyyy'));
  await field.press('Tab');
}

async function showSeasonInTable(page: Page) {
  await page.goto('/admin/seasons');
  await page.getByRole('searchbox', { name: 'Search Seasons' }).fill(NAME);
  // The search is debounced: wait until the table lists only the journey's season.
  await page.waitForFunction(() => document.querySelectorAll('button[aria-label^="Options for "]').length === 1);
  await page.getByRole('button', { name: `Options for ${NAME}` }).waitFor();
}

async function rowAction(page: Page, item: string) {
  await page.getByRole('button', { name: `Options for ${NAME}` }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

async function confirmStep(page: Page, item: string, button: string, notice: string) {
  await rowAction(page, item);
  await page.getByRole('dialog', { name: item }).getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('region', { name: 'Notifications' }).getByText(notice, { exact: true }).waitFor();
}

/** Waits until the journey's row shows `state` (the table reloads after each step). */
async function rowState(page: Page, state: string) {
  await page.waitForFunction(
    ([name, want]) => [...document.querySelectorAll('tr')].find((tr) => tr.textContent?.includes(name))?.querySelectorAll('td')[4]?.textContent === want,
    [NAME, state] as const,
  );
}

describe('the season journey', () => {
  it('creates a season, a captain joins and pays, and the admin takes it to the playoffs', async () => {
    // 1. The admin creates the season in the dialog.
    const { page: admin, errors } = await newPage(browser);
    await signIn(admin, 'AdminAce');
    await admin.goto('/admin/seasons');
    await admin.getByRole('button', { name: 'New Season' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add Season' });
    const start = addDays(new Date(), 21);
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(NAME);
    await typeDate(admin, 'Start Date', start);
    await dialog.getByRole('textbox', { name: 'Group Stage Weeks', exact: true }).fill('4');
    await dialog.getByRole('textbox', { name: 'Entry Fee', exact: true }).fill('15');
    await dialog.getByRole('textbox', { name: 'Prize Pool Info', exact: true }).fill('€300 to the champions');
    await dialog.getByRole('textbox', { name: 'Season Info', exact: true }).fill('The browser journey of the season screens.');
    for (const [i, label] of DUE_DATES.entries()) await typeDate(admin, label, addDays(start, 28 + i * 2));
    await dialog.getByRole('checkbox', { name: 'Published' }).check();
    await dialog.getByRole('button', { name: 'Add Season' }).click();
    await admin.getByText('Season Added').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const found = (await (await admin.request.get(`/v1/season/all-seasons?search=${encodeURIComponent(NAME)}`)).json()) as {
      results: { id: number; seasonType: string; entryFee: number }[];
    };
    expect(found.results).toHaveLength(1);
    const { id } = found.results[0];
    expect(found.results[0]).toMatchObject({ seasonType: 'OPEN', entryFee: 15 });

    // 2. A captain joins on /seasons and pays in the payment dialog; a second captain joins through the API.
    const users = (await (await admin.request.get('/v1/user?perPage=100')).json()) as {
      results: { discordName: string; teamId: number | null; teamRole: string | null }[];
    };
    const captains = users.results.filter((u) => u.teamRole === 'CAPTAIN' && u.teamId !== null).slice(0, 2);
    expect(captains).toHaveLength(2);

    const { page: captain, context: captainContext, errors: captainErrors } = await newPage(browser);
    await signIn(captain, captains[0].discordName);
    await captain.goto('/seasons');
    const card = captain.getByRole('article', { name: NAME });
    await card.getByRole('button', { name: 'Join Season' }).click();
    const join = captain.getByRole('dialog', { name: `Join ${NAME}` });
    await join.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await join.getByRole('button', { name: 'Join', exact: true }).click();
    const payment = captain.getByRole('dialog', { name: 'Payment' });
    await payment.getByRole('button', { name: `Use test card ${CARD} (Succeeds)` }).click();
    await payment.getByRole('button', { name: 'Pay' }).click();
    await captain.getByText('Payment Received').waitFor();
    // The team is in: the button now says why it cannot join again.
    await card.getByRole('button', { name: 'Join Season' }).hover({ force: true });
    await captain.getByRole('tooltip', { name: 'You team is already in this season' }).waitFor();
    expect(captainErrors).toEqual([]);
    await captainContext.close();

    const { page: second, context: secondContext } = await newPage(browser);
    await signIn(second, captains[1].discordName);
    const joined = await second.request.post(`/v1/billing/join-season/${id}/${captains[1].teamId}`, {
      headers: { 'x-csrf-token': await csrf(second.request) },
      data: { termsAccepted: true },
    });
    expect(joined.status()).toBe(200);
    const { clientSecret } = (await joined.json()) as { clientSecret: string };
    const confirm = await second.request.post('/v1/billing/local/confirm', {
      headers: { 'x-csrf-token': await csrf(second.request) },
      data: { clientSecret, cardNumber: CARD },
    });
    expect(confirm.status()).toBe(200);
    await secondContext.close();

    // 3. The admin closes signups, splits the two teams into one division, starts the group stages and the playoffs.
    await showSeasonInTable(admin);
    await expect(admin.getByRole('row').filter({ hasText: NAME }).getByRole('cell').nth(5).textContent()).resolves.toBe('2');
    await confirmStep(admin, 'Close Signups', 'Close Signups', 'Signups Closed');
    await rowState(admin, 'CLOSED');

    await rowAction(admin, 'Division Splits');
    const splits = admin.getByRole('dialog', { name: `Division Splits: ${NAME}` });
    await splits.getByText('Remaining Teams: 0').waitFor();
    await splits.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Division Splits Saved').waitFor();

    await rowAction(admin, 'Start Group Stages');
    await admin.getByText('Group Stages Started').waitFor();
    await rowState(admin, 'GROUP_STAGES');

    await confirmStep(admin, 'Start Playoffs', 'Start Playoffs', 'Double Elim Started');
    await admin.getByText(`Season ${NAME} is now in the playoff stage`).waitFor();
    await rowState(admin, 'PLAYOFFS');
    const season = (await (await admin.request.get(`/v1/season/${id}`)).json()) as { seasonType: string; divisions: unknown[] };
    expect(season.seasonType).toBe('PLAYOFFS');
    expect(season.divisions).toHaveLength(1);
    expect(errors).toEqual([]);
  }, 180_000);
});
