import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newPage, signIn } from './support/browser';

type Transfer = { id: number; teamId: number; teamName: string; userId: number; userName: string; addPlayer: boolean };

describe('transfers in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('an admin approves the demo team’s pending addition on Pending Transfers, and the player shows on the team page', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, 'AdminAce');
    const pending = (await (await page.request.get('/v1/transfer?perPage=100')).json()) as { results: Transfer[] };
    const addition = pending.results.find((t) => t.addPlayer);
    expect(addition).toBeTruthy();
    const { userName, teamId, teamName } = addition!;

    await page.goto('/admin');
    await page.getByRole('link', { name: 'Pending Transfers' }).click();
    await page.waitForURL('**/admin/transfers');
    await page.getByRole('heading', { name: 'Pending Transfers' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(userName) });
    await row.getByText('Addition').waitFor();
    await row.getByRole('button', { name: `Approve the transfer of ${userName}` }).click();
    await page.getByText('Transfer Approved').first().waitFor();
    await page.getByRole('cell', { name: userName, exact: true }).waitFor({ state: 'detached' });

    await page.goto(`/teams/${teamId}`);
    await page.getByRole('heading', { name: teamName }).waitFor();
    await page.getByText(userName, { exact: true }).first().waitFor();
    expect(errors).toEqual([]);
  });
});
