import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for Debian Chromium on a closed network (no background connections, no sandbox as root). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const baseURL = () => inject('baseURL');

/**
 * The browser of a test file: a connection to the run's one Chromium (tests/e2e/globalSetup.ts), else a Chromium of
 * its own. Closing it closes the file's contexts (and the connection), not the shared browser.
 */
export async function launch(): Promise<Browser> {
  const endpoint = inject('browserEndpoint');
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** A fresh browser context (own cookies and storage) with a page at 1280×900. Page errors fail loudly. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Local sign-in (Discord not configured) through the real redirect: lands on /auth/callback, then /. */
export async function signIn(page: Page, discordName: string) {
  await page.goto(`/v1/auth/discord?as=${encodeURIComponent(discordName)}`);
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/auth/banned');
}
