import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request, Response } from 'playwright-core';
import { launch, newPage, signIn } from './support/browser';

/*
 * Issue 27: a page load makes no failing request and prints no console error, for a guest and for a signed-in user,
 * across the main pages; the built files arrive compressed and cacheable, and the first write meets no 419.
 */

interface Seen {
  /** "STATUS METHOD /path" of every answer that failed (4xx, 5xx) and every request that never got one. */
  failed: string[];
  /** Console errors and uncaught page errors. */
  errors: string[];
  responses: Response[];
  /** Requests sent and not yet answered or failed, live streams left out (they stay open while the page shows). */
  inFlight: Set<Request>;
  /** When the last request started or ended (Date.now()). */
  lastActivity: number;
}

function watch(page: Page): Seen {
  const seen: Seen = { failed: [], errors: [], responses: [], inFlight: new Set(), lastActivity: Date.now() };
  const path = (url: string) => new URL(url).pathname;
  const settle = (req: Request) => {
    seen.inFlight.delete(req);
    seen.lastActivity = Date.now();
  };
  page.on('request', (req) => {
    if (req.resourceType() === 'eventsource') return;
    seen.inFlight.add(req);
    seen.lastActivity = Date.now();
  });
  page.on('requestfinished', settle);
  page.on('response', (res) => {
    seen.responses.push(res);
    if (res.status() >= 400) seen.failed.push(`${res.status()} ${res.request().method()} ${path(res.url())}`);
  });
  page.on('requestfailed', (req) => {
    settle(req);
    // Leaving a page cancels its live stream (EventSource): not a failure anyone sees.
    if (req.failure()?.errorText === 'net::ERR_ABORTED') return;
    seen.failed.push(`failed ${req.method()} ${path(req.url())}: ${req.failure()?.errorText}`);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') seen.errors.push(msg.text());
  });
  page.on('pageerror', (err) => seen.errors.push(err.message));
  return seen;
}

/** The main pages with a heading that says each has rendered (ids of the seeded demo found through the API). */
async function mainPages(page: Page): Promise<{ path: string; heading: RegExp }[]> {
  const season = (await (await page.request.get('/v1/season/3')).json()) as { divisions: { id: number; name: string }[] };
  const division = season.divisions[0];
  const matches = (await (await page.request.get(`/v1/match/division/${division.id}`)).json()) as { id: number }[];
  const teams = (await (await page.request.get('/v1/team')).json()) as { results: { id: number; name: string }[] };
  return [
    { path: '/', heading: /COMPETE/ },
    { path: '/tournaments', heading: /Upcoming Tournaments/i },
    { path: '/tournaments/7/details', heading: /Winter Major/ },
    { path: '/tournaments/7', heading: /Winter Major/ },
    { path: '/tournaments/8', heading: /Open Qualifier 1024/ },
    { path: '/seasons/3', heading: /Season 3/ },
    { path: `/seasons/3/${division.id}`, heading: new RegExp(division.name) },
    { path: `/match/${matches[0].id}`, heading: /.+/ },
    { path: '/players', heading: /player ranks/i },
    { path: `/teams/${teams.results[0].id}`, heading: new RegExp(teams.results[0].name) },
  ];
}

/** How long the network must stay quiet before a page counts as done: calls started late (in idle time, below the fold) start within it. */
const QUIET_MS = 700;

/** Loads `path` as a new visit and waits until its heading shows and the calls it makes have all been answered. */
async function visit(page: Page, seen: Seen, path: string, heading: RegExp) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('load');
  for (const until = Date.now() + 10_000; Date.now() < until; ) {
    if (seen.inFlight.size === 0 && Date.now() - seen.lastActivity >= QUIET_MS) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`${path}: requests still open after 10 s: ${[...seen.inFlight].map((r) => r.url()).join(', ')}`);
}

describe('page loads: nothing fails, nothing in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it("a guest's loads of the main pages: no failing request, no console error, the built files compressed and cached for good", async () => {
    const { page } = await newPage(browser);
    const seen = watch(page);
    for (const { path, heading } of await mainPages(page)) await visit(page, seen, path, heading);

    expect(seen.failed).toEqual([]);
    expect(seen.errors).toEqual([]);
    const assets = seen.responses.filter((r) => new URL(r.url()).pathname.startsWith('/assets/') && r.status() === 200 && !r.fromServiceWorker());
    const scripts = assets.filter((r) => /\.(js|css)$/.test(new URL(r.url()).pathname));
    expect(scripts.length).toBeGreaterThan(5);
    for (const res of scripts) {
      const headers = await res.allHeaders();
      // Files under 1 KB go as they are (vite.config.ts, precompress).
      if (headers['content-encoding'] !== 'br') expect(Number(headers['content-length']), res.url()).toBeLessThan(1024);
      expect(headers['cache-control'], res.url()).toBe('public, max-age=31536000, immutable');
    }
    const documents = seen.responses.filter((r) => r.request().resourceType() === 'document' && r.status() === 200);
    for (const res of documents) {
      const headers = await res.allHeaders();
      if (headers['content-encoding'] !== 'br') expect(Number(headers['content-length']), res.url()).toBeLessThan(1024);
      expect(headers['cache-control'], res.url()).toBe('no-cache');
    }
    // The session boot says "guest" with a 200: the spec's user call is not made for a guest at all.
    const calls = seen.responses.map((r) => `${r.request().method()} ${new URL(r.url()).pathname}`);
    expect(calls).toContain('GET /v1/auth/session');
    expect(calls).not.toContain('GET /v1/user/userinfo');
  });

  it('each main page names the code and styles of its first screen: every script fetched before the screen shows is named by the page, each fetched once', async () => {
    const { page, context } = await newPage(browser);
    const pages = await mainPages(page);
    await context.close();
    for (const { path, heading } of pages) {
      // A new visitor each time (nothing cached): when the screen's heading shows, and which scripts were fetched by then.
      const visitor = await newPage(browser);
      await visitor.page.addInitScript(
        ({ source, flags }) => {
          const re = new RegExp(source, flags);
          const shown = new MutationObserver(() => {
            if (![...document.querySelectorAll('h1')].some((h) => re.test(h.textContent ?? ''))) return;
            (window as unknown as { shownAt: number }).shownAt = performance.now();
            shown.disconnect();
          });
          shown.observe(document, { subtree: true, childList: true, characterData: true });
        },
        { source: heading.source, flags: heading.flags },
      );
      const response = await visitor.page.goto(path);
      const html = await response!.text();
      await visitor.page.getByRole('heading', { level: 1, name: heading }).first().waitFor({ timeout: 30_000 });
      const { shownAt, scripts } = await visitor.page.evaluate(() => ({
        shownAt: (window as unknown as { shownAt: number }).shownAt,
        scripts: performance
          .getEntriesByType('resource')
          .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime }))
          .filter((entry) => /^\/assets\/.+\.js$/.test(entry.path)),
      }));
      const named = new Set([...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]));
      // The entry, the runtime and the screen's own chunks.
      expect(named.size, path).toBeGreaterThan(3);
      const early = scripts.filter((entry) => entry.start < shownAt).map((entry) => entry.path);
      expect(early.filter((file) => !named.has(file)), path).toEqual([]);
      // A preload the page's import could not use (another CORS mode) would be fetched a second time.
      const twice = scripts.map((entry) => entry.path).filter((file, i, all) => all.indexOf(file) !== i);
      expect(twice, path).toEqual([]);
      expect(visitor.errors, path).toEqual([]);
      await visitor.context.close();
    }
  });

  it("a signed-in user's loads of the same pages and /admin, then a first write (Logout): no failing request, no 419, no console error", async () => {
    const { page } = await newPage(browser);
    const seen = watch(page);
    await signIn(page, 'AdminAce');
    for (const { path, heading } of await mainPages(page)) await visit(page, seen, path, heading);
    await visit(page, seen, '/admin', /Admin Portal/);
    await page.getByRole('button', { name: 'Profile menu for AdminAce' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
    await page.waitForTimeout(500);

    expect(seen.failed).toEqual([]);
    expect(seen.errors).toEqual([]);
    const logout = seen.responses.filter((r) => new URL(r.url()).pathname === '/v1/auth/logout');
    expect(logout.map((r) => r.status())).toEqual([200]);
  });
});
