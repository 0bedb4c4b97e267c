import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newPage, signIn } from './support/browser';

describe('the shell in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('sends a guest from /admin to /login, signs in locally and shows the profile menu', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto('/admin');
    await page.waitForURL('**/login');
    // The sign-in screen loads on demand: wait for it.
    await page.getByRole('link', { name: 'Continue with Discord' }).waitFor();

    await page.getByRole('link', { name: 'Continue with Discord' }).click();
    await page.getByRole('link', { name: 'Sign in as AdminAce' }).click();
    await page.waitForURL((u) => u.pathname === '/');

    await page.getByRole('button', { name: 'Profile menu for AdminAce' }).click();
    // The menu opens with a short transition: wait for it, then read its items in order.
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Admin Dashboard', 'Profile', 'Team Invites', 'Logout']);
    expect(errors).toEqual([]);
  });

  it('searches PLAYER RANKS', async () => {
    const { page } = await newPage(browser);
    await signIn(page, 'ClutchOwner');
    await page.goto('/players');
    await page.getByRole('heading', { name: /player ranks/i }).waitFor();
    await page.getByLabel('Search players').fill('AdminNova');
    await page.getByRole('link', { name: 'AdminNova' }).waitFor();
    const rows = await page.locator('tbody tr').count();
    expect(rows).toBe(1);
  });

  it('lands a banned account on the banned page, and Logout returns to the guest view for good', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, 'BannedBrawler');
    expect(new URL(page.url()).pathname).toBe('/auth/banned');
    await page.getByRole('heading', { name: 'BANNED' }).waitFor();
    await expect(page.getByRole('link', { name: 'Contact Us' }).isVisible()).resolves.toBe(true);

    await signIn(page, 'AdminNova');
    await page.getByRole('button', { name: 'Profile menu for AdminNova' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // The server ended the sign-in: a reload stays a guest, and /admin sends the guest to /login.
    await page.reload();
    await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Profile menu/ }).count()).toBe(0);
    await page.goto('/admin');
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
  });

  it('plays the league explainer video, served by the platform itself', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto('/league');
    const video = page.getByLabel('How Clutch League works');
    await video.waitFor();
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0);
    const { duration, error } = await video.evaluate((v: HTMLVideoElement) => ({ duration: v.duration, error: v.error }));
    expect(error).toBeNull();
    // The file carries its length, so the player shows it and can seek.
    expect(duration).toBeGreaterThan(20);
    expect(Number.isFinite(duration)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows the not-found page with a Home button on an unknown path', async () => {
    const { page } = await newPage(browser);
    await page.goto('/this/does/not/exist');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
  });
});
