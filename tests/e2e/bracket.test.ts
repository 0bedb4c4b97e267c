import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Tournament, TournamentMatch } from '../../src/api/contract/tournament';
import { fromApi } from '../../src/bracket/fromApi';
import { layoutBracket, type BracketLayout } from '../../src/bracket/layoutBracket';
import { CARD_HEIGHT, CARD_WIDTH } from '../../src/bracket/metrics';
import { launch, newPage, signIn } from './support/browser';

/** The seeded brackets on the real Pixi canvas: rendering, zoom limits, jumps, opening matches, and an admin reset. */
describe('bracket canvas in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  async function tournamentId(page: Page, title: string): Promise<number> {
    const res = await page.request.get('/v1/tournament/active?perPage=100');
    const t = ((await res.json()).results as Tournament[]).find((x) => x.title === title);
    if (!t) throw new Error(`no seeded tournament "${title}"`);
    return t.id;
  }
  const matchesOf = async (page: Page, id: number) => (await (await page.request.get(`/v1/tournament/${id}/match`)).json()) as TournamentMatch[];

  const host = (page: Page) => page.getByTestId('bracket-canvas');
  /** The camera once it has come to rest (the canvas writes it on its host). */
  async function camera(page: Page) {
    const [zoom, at] = await Promise.all([host(page).getAttribute('data-zoom'), host(page).getAttribute('data-camera')]);
    const [x, y] = (at ?? 'NaN,NaN').split(',').map(Number);
    return { x, y, zoom: Number(zoom) };
  }
  const cameraMoved = (page: Page, from: string | null) =>
    page.waitForFunction((f) => {
      const at = document.querySelector('[data-testid="bracket-canvas"]')?.getAttribute('data-camera');
      return !!at && at !== f;
    }, from, { timeout: 15_000 });

  /** Opens a bracket and waits for the canvas to draw it and settle. */
  async function openBracket(page: Page, id: number) {
    await page.goto(`/tournaments/${id}`);
    await page.locator('[data-testid="bracket-canvas"] canvas').waitFor();
    await page.waitForFunction(() => !!document.querySelector('[data-testid="bracket-canvas"]')?.getAttribute('data-camera'), null, { timeout: 20_000 });
  }

  /** The screen point (page coordinates) of the centre of match `id`'s card, with the camera at rest. */
  async function cardCentre(page: Page, layout: BracketLayout, id: number) {
    const box = (await page.locator('[data-testid="bracket-canvas"] canvas').boundingBox())!;
    const cam = await camera(page);
    const node = layout.nodeOf(id);
    const wx = layout.nodes.x[node] + CARD_WIDTH / 2;
    const wy = layout.nodes.y[node] + CARD_HEIGHT / 2;
    return { x: box.x + (wx - cam.x) * cam.zoom, y: box.y + (wy - cam.y) * cam.zoom, box };
  }

  /** A live match whose card centre is on screen, well inside the canvas, and that point; null when none is. */
  async function cardOnScreen(page: Page, layout: BracketLayout, matches: TournamentMatch[]) {
    for (const m of matches.filter((x) => x.live)) {
      const { x, y, box } = await cardCentre(page, layout, m.id);
      if (x > box.x + 40 && x < box.x + box.width - 40 && y > box.y + 40 && y < box.y + box.height - 40) return { match: m, x, y };
    }
    return null;
  }

  it('renders the seeded 64-entry and 1,024-entry brackets with their accessible mirror', async () => {
    const { page, errors } = await newPage(browser);
    for (const [title, entries] of [
      ['Winter Major', 64],
      ['Open Qualifier 1024', 1024],
    ] as const) {
      const id = await tournamentId(page, title);
      await openBracket(page, id);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.getByText('This browser cannot draw the bracket').count()).toBe(0);
      const box = (await page.locator('[data-testid="bracket-canvas"] canvas').boundingBox())!;
      expect(box.width).toBeGreaterThan(600);
      const mirror = page.getByRole('navigation', { name: 'Bracket matches' });
      const matches = (await matchesOf(page, id)).filter((m) => m.live);
      const final = matches.find((m) => m.roundName === 'Grand Final')!;
      const link = mirror.getByRole('link', { name: new RegExp(`^Match ${final.matchNumber}: `) });
      expect(await link.getAttribute('href')).toBe(`/tournaments/${id}/match/${final.id}`);
      if (entries === 1024) {
        // Rounds of more than 256 matches start collapsed in the mirror.
        await expect(mirror.getByText('Round 1 (512 matches)').count()).resolves.toBe(1);
      } else {
        expect(await mirror.getByRole('link').count()).toBe(matches.length);
      }
    }
    expect(errors).toEqual([]);
  });

  it('loads Pixi only on bracket routes: the main bundle does without it', async () => {
    const { page, context, errors } = await newPage(browser);
    const reads: Promise<{ url: string; pixi: boolean }>[] = [];
    page.on('response', (r) => {
      // A response still arriving when the context closes cannot be read any more: it counts as no script.
      if (r.url().endsWith('.js')) reads.push(r.text().then((body) => ({ url: r.url(), pixi: /pixi/i.test(body) }), () => ({ url: r.url(), pixi: false })));
    });
    await page.goto('/tournaments');
    await page.waitForLoadState('networkidle');
    let scripts = await Promise.all(reads);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.pixi)).toEqual([]);

    const id = await tournamentId(page, 'Winter Major');
    await page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/tournaments/${id}`);
    await page.locator('[data-testid="bracket-canvas"] canvas').waitFor();
    await page.waitForLoadState('networkidle');
    scripts = await Promise.all(reads);
    // The canvas and Pixi come in the bracket view's chunks (BracketCanvas is shared with the embeddable bracket).
    expect(scripts.some((s) => s.pixi && /Bracket(View|Canvas)/.test(s.url))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('clamps the zoom to 0.125 and 4 with the buttons, the wheel and the keyboard', async () => {
    const { page, errors } = await newPage(browser);
    await openBracket(page, await tournamentId(page, 'Winter Major'));
    const zoom = () => host(page).getAttribute('data-zoom');
    /**
     * Takes `step` more times than the whole range needs, quickly (steps taken while the camera still moves add up),
     * then waits until the zoom comes to rest at `limit`; once more past the limit, the zoom stays where it is.
     */
    async function pushTo(limit: string, step: () => Promise<void>, times: number) {
      for (let i = 0; i < times; i++) await step();
      await page
        .waitForFunction((l) => document.querySelector('[data-testid="bracket-canvas"]')?.getAttribute('data-zoom') === l, limit, { timeout: 10_000 })
        .catch(async (e: Error) => {
          throw new Error(`the zoom rests at ${await zoom()}, not ${limit}: ${e.message}`);
        });
      await step();
      await page.waitForTimeout(400);
      expect(await zoom()).toBe(limit);
    }

    await pushTo('0.125', () => page.getByRole('button', { name: 'Zoom out' }).click({ delay: 0 }), 24);
    await pushTo('4.000', () => page.getByRole('button', { name: 'Zoom in' }).click({ delay: 0 }), 24);

    const box = (await page.locator('[data-testid="bracket-canvas"] canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await pushTo('0.125', () => page.mouse.wheel(0, 400), 8);
    await pushTo('4.000', () => page.mouse.wheel(0, -400), 8);

    await page.locator('[data-testid="bracket-canvas"] canvas').focus();
    await pushTo('0.125', () => page.keyboard.press('-'), 24);
    await pushTo('4.000', () => page.keyboard.press('+'), 24);
    await page.keyboard.press('0');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="bracket-canvas"]')?.getAttribute('data-zoom')) < 4);
    expect(errors).toEqual([]);
  });

  it('adds up quick zoom and pan steps: each +, Zoom out or arrow press counts, even while the previous one is still animating', async () => {
    const { page, errors } = await newPage(browser);
    // Every zoom the canvas reports, from the first: the opening placement must be the first one.
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { settledZooms: string[] }).settledZooms = []);
      new MutationObserver((records) => {
        for (const r of records) seen.push((r.target as Element).getAttribute('data-zoom') ?? '');
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-zoom'] });
    });
    await openBracket(page, await tournamentId(page, 'Winter Major'));
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { settledZooms: string[] }).settledZooms)).toEqual([await host(page).getAttribute('data-zoom')]);
    const zoom = async () => Number(await host(page).getAttribute('data-zoom'));
    // `data-zoom` is rounded to 3 decimals, and so is `start`: compare within 0.5 %, far less than one 25 % step.
    const settlesAt = (expected: number) =>
      page.waitForFunction(
        (z) => {
          const at = Number(document.querySelector('[data-testid="bracket-canvas"]')?.getAttribute('data-zoom'));
          return Math.abs(at / z - 1) < 0.005;
        },
        expected,
        { timeout: 10_000 },
      ).catch(async (e: Error) => {
        throw new Error(`zoom ${await zoom()} (from ${start}) did not settle at ${expected.toFixed(3)}: ${e.message}`);
      });
    const start = await zoom();

    await page.locator('[data-testid="bracket-canvas"] canvas').focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('+');
    await settlesAt(start * 1.25 ** 4);

    const zoomOut = page.getByRole('button', { name: 'Zoom out' });
    for (let i = 0; i < 3; i++) await zoomOut.click({ delay: 0 });
    await settlesAt(start * 1.25 ** 4 * (1 / 1.4) ** 3);

    // Arrow keys pan 160 px a press: two quick presses right and one down go 320 px right and 160 px down.
    const from = await camera(page);
    await page.locator('[data-testid="bracket-canvas"] canvas').focus();
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
    await page.waitForFunction(
      ({ x, y }) => {
        const [cx, cy] = (document.querySelector('[data-testid="bracket-canvas"]')?.getAttribute('data-camera') ?? '').split(',').map(Number);
        // Within 2 world units (the attributes are rounded); one press is 40 or more.
        return Math.abs(cx - x) < 2 && Math.abs(cy - y) < 2;
      },
      { x: from.x + 320 / from.zoom, y: from.y + 160 / from.zoom },
      { timeout: 10_000 },
    );
    expect(errors).toEqual([]);
  });

  it('moves the camera to the Losers track and back to the Winners track', async () => {
    const { page } = await newPage(browser);
    const id = await tournamentId(page, 'Winter Major');
    await openBracket(page, id);
    const layout = layoutBracket(fromApi(await matchesOf(page, id)));
    const box = (await page.locator('[data-testid="bracket-canvas"] canvas').boundingBox())!;
    const shows = (cam: { x: number; y: number; zoom: number }, y: number) => y >= cam.y && y <= cam.y + box.height / cam.zoom;

    let before = await host(page).getAttribute('data-camera');
    await page.getByRole('button', { name: 'Losers', exact: true }).click();
    await cameraMoved(page, before);
    const losers = await camera(page);
    expect(shows(losers, layout.tracks.losers.y + 1)).toBe(true);
    expect(shows(losers, layout.tracks.winners.y + 1)).toBe(false);

    before = await host(page).getAttribute('data-camera');
    await page.getByRole('button', { name: 'Winners', exact: true }).click();
    await cameraMoved(page, before);
    const winners = await camera(page);
    expect(shows(winners, layout.tracks.winners.y + 1)).toBe(true);
    expect(winners.y).toBeLessThan(losers.y);
  });

  it('opens a match from its card on the canvas and from its link in the mirror', async () => {
    const { page, errors } = await newPage(browser);
    const id = await tournamentId(page, 'Winter Major');
    await openBracket(page, id);
    const matches = await matchesOf(page, id);
    const layout = layoutBracket(fromApi(matches));
    const target = await cardOnScreen(page, layout, matches);
    expect(target).not.toBeNull();
    await page.mouse.click(target!.x, target!.y);
    await page.waitForURL(`**/tournaments/${id}/match/${target!.match.id}`);
    await page.getByRole('heading', { level: 1, name: `${target!.match.roundName} · Match ${target!.match.matchNumber}` }).waitFor();

    await page.goBack();
    await page.locator('[data-testid="bracket-canvas"] canvas').waitFor();
    const other = matches.find((m) => m.roundName === 'Losers Round 2')!;
    const link = page.getByRole('navigation', { name: 'Bracket matches' }).getByRole('link', { name: new RegExp(`^Match ${other.matchNumber}: `) });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/tournaments/${id}/match/${other.id}`);
    await page.getByRole('heading', { level: 1, name: `Losers Round 2 · Match ${other.matchNumber}` }).waitFor();
    expect(errors).toEqual([]);
  });

  it('draws the bracket again after leaving its page and coming back, and its cards still open their matches', async () => {
    const { page, errors } = await newPage(browser);
    const id = await tournamentId(page, 'Winter Major');
    await openBracket(page, id);
    const matches = await matchesOf(page, id);
    const layout = layoutBracket(fromApi(matches));
    const final = matches.find((m) => m.roundName === 'Grand Final')!;
    const mirror = page.getByRole('navigation', { name: 'Bracket matches' });
    await mirror.getByRole('link', { name: new RegExp(`^Match ${final.matchNumber}: `) }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/tournaments/${id}/match/${final.id}`);

    // Back within the app: the renderer kept from the first visit draws the bracket in the new page.
    await page.goBack();
    await page.waitForFunction(() => !!document.querySelector('[data-testid="bracket-canvas"]')?.getAttribute('data-camera'), null, { timeout: 20_000 });
    const canvas = page.locator('[data-testid="bracket-canvas"] canvas');
    expect(await canvas.count()).toBe(1);
    const png = (await canvas.screenshot()).toString('base64');
    const colours = await page.evaluate(async (data) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const px = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      const seen = new Set<number>();
      for (let i = 0; i < px.length; i += 4 * 97) seen.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
      return seen.size;
    }, png);
    // Cards, text and connectors over the background, not an empty canvas.
    expect(colours).toBeGreaterThan(8);

    const target = await cardOnScreen(page, layout, matches);
    expect(target).not.toBeNull();
    await page.mouse.click(target!.x, target!.y);
    await page.waitForURL(`**/tournaments/${id}/match/${target!.match.id}`);
    expect(errors).toEqual([]);
  });

  it('lets an admin reset a bracket after the irreversible warning: every result is cleared', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, 'AdminAce');
    const id = await tournamentId(page, 'Open Qualifier 1024');
    const decided = async () => (await matchesOf(page, id)).filter((m) => m.winningEntry !== '').length;
    expect(await decided()).toBeGreaterThan(0);
    await openBracket(page, id);
    const mirror = page.getByRole('navigation', { name: 'Bracket matches' });
    // The mirror is for keyboards and screen readers: open the collapsed round the way they do.
    await mirror.locator('summary', { hasText: 'Round 1 (512 matches)' }).focus();
    await page.keyboard.press('Enter');
    const scored = mirror.getByRole('link', { name: /, \d-\d$/ });
    await scored.first().waitFor({ state: 'attached' });
    expect(await scored.count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Reset Bracket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset Bracket' });
    await dialog.getByText('Resetting the bracket removes every played match and clears all scores. This is irreversible.').waitFor();
    await dialog.getByRole('button', { name: 'Reset Bracket' }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByText('This bracket has now been fully reset').waitFor();
    await page.waitForFunction(() => ![...document.querySelectorAll('nav[aria-label="Bracket matches"] a')].some((a) => /, \d-\d$/.test(a.textContent ?? '')));
    expect(await scored.count()).toBe(0);
    expect(await decided()).toBe(0);
    expect(errors).toEqual([]);
  });
});
