import { createServer, type Server } from 'node:http';
import type { APIRequestContext, Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DivisionDetail, Season, SeasonMatch } from '../../src/api/contract/season';
import type { Tournament, TournamentMatch } from '../../src/api/contract/tournament';
import { fromApi } from '../../src/bracket/fromApi';
import { fromSeasonMatches } from '../../src/bracket/fromSeason';
import { layoutBracket } from '../../src/bracket/layoutBracket';
import { CARD_HEIGHT, CARD_WIDTH } from '../../src/bracket/metrics';
import type { ViewMatch } from '../../src/bracket/model';
import { playoffSeeds } from '../../src/domain/season/playoffBracket';
import { baseURL, launch, newPage, signIn } from './support/browser';
import { decodePng, distinctColours } from './support/png';

/**
 * The embeddable bracket (issue 23) in a frame on another site: a small page served on another origin
 * (http://localhost:<port>, while the platform is http://127.0.0.1:<port>) frames /embed/… and sees it draw, follow an
 * entrant as an admin records results, go transparent over the page, and say which options it did not understand.
 * Every other page of the site refuses to be framed there.
 */

const FRAME = { width: 800, height: 450 };

/** The other site: `/?src=…&bg=…` is a page with one <iframe> of `src` on a `bg` background. */
function hostSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    const frame = query.get('code') ?? `<iframe id="embed" src="${attr(query.get('src') ?? '')}" width="${FRAME.width}" height="${FRAME.height}" style="border:0;color-scheme:normal"></iframe>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><body style="margin:0;background:${attr(query.get('bg') ?? '#ffffff')}">${frame}</body></html>`);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://localhost:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) });
    }),
  );
}

async function csrf(request: APIRequestContext) {
  return ((await (await request.get('/v1/auth/csrf')).json()) as { token: string }).token;
}

describe('the embeddable bracket on another site', () => {
  let browser: Browser;
  let site: { url: string; close: () => Promise<void> };
  let admin: Page;
  let tournamentId: number;

  beforeAll(async () => {
    browser = await launch();
    site = await hostSite();
    admin = (await newPage(browser)).page;
    await signIn(admin, 'AdminAce');
    const res = await admin.request.get('/v1/tournament/active?perPage=100');
    tournamentId = ((await res.json()).results as Tournament[]).find((t) => t.title === 'Winter Major')!.id;
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  /** The other site's page framing `src` (a path of the platform) over `bg`. */
  async function framed(src: string, bg = '#ffffff') {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${site.url}/?src=${encodeURIComponent(baseURL() + src)}&bg=${encodeURIComponent(bg)}`);
    const frame = await waitForFrame(page, (url) => url.includes('/embed/'));
    return { page, context, errors, frame };
  }

  async function waitForFrame(page: Page, matches: (url: string) => boolean): Promise<Frame> {
    for (let i = 0; i < 200; i++) {
      const frame = page.frames().find((f) => f !== page.mainFrame() && matches(f.url()));
      if (frame) return frame;
      await page.waitForTimeout(50);
    }
    throw new Error(`no frame; frames: ${page.frames().map((f) => f.url()).join(', ')}`);
  }

  const settledCamera = (frame: Frame) =>
    frame.waitForFunction(() => document.querySelector('[data-testid="bracket-canvas"]')?.getAttribute('data-camera'), null, { timeout: 30_000 });

  /** The world point at the centre of the framed canvas, once the camera rests. */
  async function centre(frame: Frame) {
    const host = frame.locator('[data-testid="bracket-canvas"]');
    const [x, y] = (await host.getAttribute('data-camera'))!.split(',').map(Number);
    const zoom = Number(await host.getAttribute('data-zoom'));
    return { x: x + FRAME.width / 2 / zoom, y: y + FRAME.height / 2 / zoom, zoom };
  }

  /** The world centre of match `id`'s card. */
  function cardCentre(matches: ViewMatch[], id: number) {
    const layout = layoutBracket(matches);
    const node = layout.nodeOf(id);
    return { x: layout.nodes.x[node] + CARD_WIDTH / 2, y: layout.nodes.y[node] + CARD_HEIGHT / 2 };
  }

  /** How many distinct colours a screenshot of the frame holds. */
  const colours = async (page: Page) => distinctColours(decodePng(await page.locator('#embed').screenshot()));

  /** The colour of one pixel of the page (x, y from its top-left corner). */
  async function pixel(page: Page, x: number, y: number) {
    const { data } = decodePng(await page.screenshot({ clip: { x, y, width: 1, height: 1 } }));
    return `#${[data[0], data[1], data[2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  }

  it('draws a tournament bracket live and follows an entrant to their next match as an admin records a result', async () => {
    const matches = (await (await admin.request.get(`/v1/tournament/${tournamentId}/match`)).json()) as TournamentMatch[];
    // A playable match nobody has reported yet; its side A will win.
    const m = matches.filter((x) => x.userA && x.userB && x.winningEntry === '' && x.entryAScoreA === null && x.entryBScoreA === null && !x.dispute).at(-2)!;
    const player = m.userA!.discordName;
    const { page, errors, frame } = await framed(`/embed/tournaments/${tournamentId}?follow=${encodeURIComponent(player)}`);
    await settledCamera(frame);
    expect(await colours(page)).toBeGreaterThan(8);
    // No site around the canvas: no header, navigation or footer.
    expect(await frame.getByRole('banner').count()).toBe(0);
    expect(await frame.getByRole('contentinfo').count()).toBe(0);
    // The camera rests on the followed player's match.
    const before = await centre(frame);
    const at = cardCentre(fromApi(matches), m.id);
    expect(Math.abs(before.x - at.x)).toBeLessThan(2);
    expect(Math.abs(before.y - at.y)).toBeLessThan(2);
    const loads: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && loads.push(r.url()));

    const camera = await frame.locator('[data-testid="bracket-canvas"]').getAttribute('data-camera');
    const res = await admin.request.post(`/v1/tournament/${tournamentId}/match/${m.id}/admin`, {
      data: { entryAScore: 3, entryBScore: 1 },
      headers: { 'x-csrf-token': await csrf(admin.request) },
    });
    expect(res.status()).toBe(200);
    // The result arrives on the live stream: the camera flies on to the player's next match (the one m's winner goes to).
    await frame.waitForFunction((c) => document.querySelector('[data-testid="bracket-canvas"]')?.getAttribute('data-camera') !== c, camera, { timeout: 15_000 });
    const after = (await (await admin.request.get(`/v1/tournament/${tournamentId}/match`)).json()) as TournamentMatch[];
    const next = after.find((x) => (x.entryASourceId === m.id && x.entryASourceKind === 'winner') || (x.entryBSourceId === m.id && x.entryBSourceKind === 'winner'))!;
    await expect.poll(async () => {
      const c = await centre(frame);
      const to = cardCentre(fromApi(after), next.id);
      return Math.abs(c.x - to.x) < 2 && Math.abs(c.y - to.y) < 2;
    }, { timeout: 10_000 }).toBe(true);
    expect(loads).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('draws a transparent bracket over the other site, says which options it did not understand, and loads no site layout', async () => {
    const scripts: Promise<string>[] = [];
    const { page, frame } = await framed(`/embed/tournaments/${tournamentId}?theme=transparent&zoom=0.125&track=middle&colour=red`, '#ff00ff');
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.push(r.text().catch(() => ''));
    });
    await settledCamera(frame);
    const hints = frame.getByRole('alert');
    await hints.getByText('Unknown option "colour": the options are theme, follow, track and zoom.').waitFor();
    await hints.getByText('Unknown track "middle": use winners or losers. Showing the bracket from its start.').waitFor();
    expect(await frame.locator('[data-testid="bracket-canvas"]').getAttribute('data-zoom')).toBe('0.125');
    // At zoom 0.125 the bracket fills the top-left; the bottom-right corner shows the page behind the frame.
    expect(await pixel(page, FRAME.width - 4, FRAME.height - 4)).toBe('#ff00ff');
    expect(await colours(page)).toBeGreaterThan(8);
    await hints.getByRole('button', { name: 'Dismiss' }).click();
    await hints.waitFor({ state: 'detached' });

    // The dark theme, the same place: the bracket's own background.
    const dark = await framed(`/embed/tournaments/${tournamentId}?zoom=0.125`, '#ff00ff');
    await settledCamera(dark.frame);
    expect(await pixel(dark.page, FRAME.width - 4, FRAME.height - 4)).toBe('#1a1b1e');
    expect(await dark.frame.getByRole('alert').count()).toBe(0);
    // The embed's scripts hold none of the site's layout (header, footer, "Skip to content").
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.filter((b) => b.includes('Skip to content'))).toEqual([]);
  });

  it('draws a league division’s playoffs live, and shows not found for an unknown tournament or division', async () => {
    const seasons = (await (await admin.request.get('/v1/season?perPage=100')).json()) as { results: Season[] };
    // The demo's playoffs by name: another browser test may take a season of its own to the playoffs first.
    const summerId = seasons.results.find((s) => s.name === 'Season 2: Summer League' && s.seasonType === 'PLAYOFFS')!.id;
    const summer = (await (await admin.request.get(`/v1/season/${summerId}`)).json()) as Season;
    const divisionId = summer.divisions[0].id;
    const division = (await (await admin.request.get(`/v1/season/divisions/${divisionId}`)).json()) as DivisionDetail;
    const view = (d: DivisionDetail) => fromSeasonMatches(d.elimMatches, playoffSeeds(d.groupATeams, d.groupBTeams).length);
    const ready = division.elimMatches.find((x) => x.teamA && x.teamB && x.winningTeam === null) as SeasonMatch;
    const team = ready.teamA!.name;
    const { page, errors, frame } = await framed(`/embed/division/${divisionId}?follow=${encodeURIComponent(team)}&zoom=1`);
    await settledCamera(frame);
    expect(await colours(page)).toBeGreaterThan(8);
    expect(await frame.getByRole('alert').count()).toBe(0);
    const before = await centre(frame);
    expect(before.zoom).toBe(1);
    const at = cardCentre(view(division), ready.id);
    expect(Math.abs(before.x - at.x)).toBeLessThan(2);
    expect(Math.abs(before.y - at.y)).toBeLessThan(2);

    const camera = await frame.locator('[data-testid="bracket-canvas"]').getAttribute('data-camera');
    const res = await admin.request.post(`/v1/match/${ready.id}/admin`, { data: { entryAScore: 3, entryBScore: 0 }, headers: { 'x-csrf-token': await csrf(admin.request) } });
    expect(res.status()).toBe(200);
    await frame.waitForFunction((c) => document.querySelector('[data-testid="bracket-canvas"]')?.getAttribute('data-camera') !== c, camera, { timeout: 15_000 });
    const updated = (await (await admin.request.get(`/v1/season/divisions/${divisionId}`)).json()) as DivisionDetail;
    const next = view(updated).filter((x) => x.live && (x.a.label === team || x.b.label === team)).sort((a, b) => b.number - a.number)[0];
    expect(next.id).not.toBe(ready.id);
    await expect.poll(async () => {
      const c = await centre(frame);
      const to = cardCentre(view(updated), next.id);
      // The zoom asked for is kept while following.
      return Math.abs(c.x - to.x) < 2 && Math.abs(c.y - to.y) < 2 && c.zoom === 1;
    }, { timeout: 10_000 }).toBe(true);
    expect(errors).toEqual([]);

    for (const path of ['/embed/tournaments/999999', '/embed/division/999999', '/embed/tournaments/abc', '/embed/brackets/1']) {
      const missing = await framed(path);
      await missing.frame.getByRole('heading', { name: 'Page not found' }).waitFor();
      await missing.context.close();
    }
  });

  it('refuses to be framed on another site everywhere but /embed/…', async () => {
    for (const path of [`/tournaments/${tournamentId}`, '/']) {
      const { page, context } = await newPage(browser);
      const response = page.waitForResponse((r) => r.url() === baseURL() + path);
      await page.goto(`${site.url}/?src=${encodeURIComponent(baseURL() + path)}`);
      const headers = (await response).headers();
      expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
      // The browser blocks it: the frame holds Chromium's error page, never the site.
      const frame = await waitForFrame(page, (url) => url.startsWith('chrome-error://'));
      expect(await frame.locator('#root').count()).toBe(0);
      await context.close();
    }
  });

  it('the site and the embed each run only their own boot', async () => {
    // The embed's boot marks the document with its theme and renders its own React root: on the site's pages it
    // must not run (it once did: both entries shared a chunk that held the embed's entry module).
    const { page, context } = await newPage(browser);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/tournaments');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.dataset.embedTheme ?? null)).toBeNull();
    const sitePages = [...scripts];
    scripts.length = 0;
    await page.goto(`/embed/tournament/${tournamentId}`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.embedTheme ?? null)).toBe('dark');
    // The embed loads none of the site's boot code, and the site none of the embed's.
    expect(scripts.filter((s) => sitePages.includes(s) && /\/assets\/(main|embed)-/.test(s))).toEqual([]);
    expect(sitePages.some((s) => /\/assets\/embed-/.test(s))).toBe(false);
    await context.close();
  });

  it('copies working embed code from the bracket page', async () => {
    const { page, context, errors } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    await page.goto(`/tournaments/${tournamentId}`);
    await page.getByRole('button', { name: 'Copy embed code' }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByText('Embed code copied').waitFor();
    const code = await page.evaluate(() => navigator.clipboard.readText());
    expect(code).toBe(
      `<iframe src="${baseURL()}/embed/tournaments/${tournamentId}" title="Winter Major bracket" width="960" height="540" style="border:0;color-scheme:normal" allow="fullscreen" loading="lazy"></iframe>`,
    );
    // Pasted into the other site, it draws the bracket.
    const other = await newPage(browser);
    await other.page.goto(`${site.url}/?code=${encodeURIComponent(code)}`);
    const frame = await waitForFrame(other.page, (url) => url.includes('/embed/'));
    await settledCamera(frame);
    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
  });
});
