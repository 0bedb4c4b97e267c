import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, signIn } from './support/browser';
import { PNG } from '../server/tournaments.fixtures';


type SiteImage = { imageType: string; url: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the admin portal in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  const json = async <T>(page: Page, path: string) => (await (await page.request.get(path)).json()) as T;

  it('the OWNER promotes a player to ADMIN, who then sees the admin portal, and removes them again', async () => {
    const { page: owner, errors } = await newPage(browser);
    await signIn(owner, 'ClutchOwner');
    // A player from the middle of PLAYER RANKS (the other browser tests use its top and bottom); their role is restored.
    const ranks = await json<{ results: { discordName: string; role: string }[] }>(owner, '/v1/user?perPage=100');
    const name = ranks.results.filter((u) => u.role === 'USER')[50].discordName;

    await owner.goto('/admin/staff');
    await owner.getByRole('button', { name: 'Promote New Staff' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Promote New Staff' });
    await dialog.getByRole('textbox', { name: 'Search User' }).fill(name);
    await dialog.getByRole('button', { name: 'Search' }).click();
    // The radio reads "name (Activision ID)" when the player has one.
    await dialog.getByRole('radio', { name: new RegExp(`^${escapeRegExp(name)}( \\(|$)`) }).check();
    await dialog.getByRole('button', { name: 'Promote', exact: true }).click();
    await owner.getByText('User Promoted').first().waitFor();
    await owner.getByRole('cell', { name, exact: true }).waitFor();

    const { page: newAdmin, errors: adminErrors } = await newPage(browser);
    await signIn(newAdmin, name);
    await newAdmin.goto('/admin');
    await newAdmin.getByRole('heading', { name: 'Admin Portal' }).waitFor();
    await newAdmin.getByRole('link', { name: 'Users' }).click();
    await newAdmin.waitForURL('**/admin/users');
    // The staff-only list loads for them (a refused call would leave the table empty, with Try again).
    // A row of the loaded list, not the "Loading..." row the table shows first.
    await newAdmin.locator('tbody tr', { hasNotText: 'Loading...' }).first().waitFor();
    expect(await newAdmin.locator('tbody tr').count()).toBe(10);

    await owner.getByRole('button', { name: `Options for ${name}` }).click();
    await owner.getByRole('menuitem', { name: 'REMOVE FROM STAFF' }).click();
    await owner.getByRole('dialog', { name: 'Remove from Staff' }).getByRole('button', { name: 'Remove from Staff' }).click();
    await owner.getByText('User Removed').first().waitFor();
    await owner.getByRole('cell', { name, exact: true }).waitFor({ state: 'detached' });

    // The removed admin is a player again: the portal sends them home.
    await newAdmin.goto('/admin');
    await newAdmin.waitForURL((u) => u.pathname === '/');
    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
  });

  it('an upload on /admin/images changes the home banner', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, 'AdminAce');
    const banner = page.getByRole('link', { name: /Find your next tournament/ });
    const before = (await json<SiteImage[]>(page, '/v1/admin/images')).find((i) => i.imageType === 'HOME_PAGE_BANNER')?.url;

    await page.goto('/admin/images');
    await page.getByRole('heading', { name: 'Images' }).waitFor();
    // The page reloads after the upload; the new banner is then listed. Leaving before that reload
    // would race it (the reload aborts the next navigation), so the test waits for it.
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await page.getByLabel('Home Page Banner file').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await reloaded;
    let after: string | undefined;
    await expect
      .poll(async () => (after = (await json<SiteImage[]>(page, '/v1/admin/images')).find((i) => i.imageType === 'HOME_PAGE_BANNER')?.url), { timeout: 30_000 })
      .toMatch(/^\/v1\/images\/\d+$/);
    expect(after).not.toBe(before);
    await page.getByRole('heading', { name: 'Images' }).waitFor();

    await page.goto('/');
    await banner.waitFor();
    await expect.poll(() => banner.getAttribute('style')).toContain(`url("${after}")`);
    const loaded = await page.evaluate(async (url) => (await fetch(url)).headers.get('content-type'), after!);
    expect(loaded).toMatch(/^image\/png/);
    expect(errors).toEqual([]);
  });
  it('"Image Updated" lives on through the reload that follows an upload, and goes about 5 s after it appeared', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, 'AdminAce');
    await page.goto('/admin/images');
    await page.getByRole('heading', { name: 'Images' }).waitFor();
    // The next load is the reload the upload causes (spec: the page reloads after success).
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    const picked = Date.now();
    await page.getByLabel('Season Image file').setInputFiles({ name: 'season.png', mimeType: 'image/png', buffer: PNG });
    await reloaded;
    const notice = page.getByRole('status').filter({ hasText: 'Image Updated' });
    await notice.waitFor({ timeout: 4_000 });
    await notice.getByText('Image was uploaded successfully').waitFor();
    // Still there well after the reload, gone once its 5 s are over.
    await page.waitForTimeout(Math.max(0, picked + 3_000 - Date.now()));
    expect(await notice.isVisible()).toBe(true);
    await notice.waitFor({ state: 'detached', timeout: 6_000 });
    expect(Date.now() - picked).toBeLessThan(9_000);
    expect(errors).toEqual([]);
  });
});
