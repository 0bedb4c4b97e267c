import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { CARD_HEIGHT, CARD_WIDTH, COLUMN_GAP } from '../../src/bracket/metrics';
import { baseURL, launch } from './support/browser';
import { bracketLayout, cameraMoved, openBracket, restingCamera, tournamentId } from './support/bracketCanvas';

type Point = { x: number; y: number };

/**
 * The bracket on a phone: real touch events (CDP Input.dispatchTouchEvent) in a 390×844 mobile viewport. Pinch
 * zooms about the fingers' midpoint, two fingers pan, one finger drags and a flick glides on, a double tap zooms in.
 */
describe('bracket canvas on a phone', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let cdp: CDPSession;
  let errors: string[];
  /** The canvas's top-left corner on the page. */
  let origin: Point;

  beforeAll(async () => {
    browser = await launch();
    context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    page = await context.newPage();
    errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    cdp = await context.newCDPSession(page);
  });
  afterAll(() => browser?.close());

  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
  const pause = (ms: number) => page.waitForTimeout(ms);

  /** Fingers from `from` to `to` (one point per finger) in `steps` moves `every` ms apart; lifted after `rest` ms. */
  async function gesture(from: Point[], to: Point[], opts: { steps?: number; every?: number; rest?: number } = {}) {
    const { steps = 10, every = 16, rest = 250 } = opts;
    await touch('touchStart', from);
    for (let i = 1; i <= steps; i++) {
      await pause(every);
      await touch(
        'touchMove',
        from.map((p, f) => ({ x: p.x + ((to[f].x - p.x) * i) / steps, y: p.y + ((to[f].y - p.y) * i) / steps })),
      );
    }
    if (rest > 0) await pause(rest);
    await touch('touchEnd', []);
  }

  /**
   * Two fingers on a horizontal line about `mid`, `from` px apart, pinched to `to` px apart; returns the camera before
   * and once at rest after, and the world points under `mid` then.
   */
  async function pinch(mid: Point, from: number, to: number, opts?: { steps?: number; every?: number; rest?: number }) {
    const before = await restingCamera(page);
    const apart = (d: number) => [
      { x: mid.x - d / 2, y: mid.y },
      { x: mid.x + d / 2, y: mid.y },
    ];
    await gesture(apart(from), apart(to), opts);
    await cameraMoved(page, before);
    const after = await restingCamera(page);
    return { before, after, under: worldAt(before, mid), stays: worldAt(after, mid) };
  }

  /** The world point under a page point, for a camera at rest. */
  const worldAt = (cam: { x: number; y: number; zoom: number }, p: Point) => ({ x: cam.x + (p.x - origin.x) / cam.zoom, y: cam.y + (p.y - origin.y) / cam.zoom });

  it('opens on a phone with the canvas filling the width', async () => {
    await openBracket(page, await tournamentId(page, 'Winter Major'));
    const box = (await page.locator('[data-testid="bracket-canvas"] canvas').boundingBox())!;
    origin = { x: box.x, y: box.y };
    expect(box.width).toBeGreaterThan(300);
    expect(box.height).toBeGreaterThan(300);
    // Let the settle work finish before the gestures.
    await pause(500);
  });

  it('zooms about the fingers’ midpoint when they pinch apart', async () => {
    const { before, after, under, stays } = await pinch({ x: origin.x + 170, y: origin.y + 160 }, 60, 150);

    expect(after.zoom / before.zoom).toBeGreaterThan(2.3);
    expect(after.zoom / before.zoom).toBeLessThan(2.7);
    expect(Math.abs(stays.x - under.x)).toBeLessThan(4);
    expect(Math.abs(stays.y - under.y)).toBeLessThan(4);
  });

  it('lets a pinch released while the fingers still move glide on, zooming further about the same point', async () => {
    // Out (fingers together) quickly, lifted while still moving: the zoom keeps going out, then eases to rest.
    const { before, after, under, stays } = await pinch({ x: origin.x + 180, y: origin.y + 180 }, 160, 106, { steps: 5, every: 12, rest: 0 });

    // The fingers alone zoom out by 1.5; the glide takes it further.
    expect(before.zoom / after.zoom).toBeGreaterThan(1.5 * 1.15);
    expect(Math.abs(stays.x - under.x)).toBeLessThan(6);
    expect(Math.abs(stays.y - under.y)).toBeLessThan(6);
  });

  it('pans with two fingers moving together, keeping the zoom', async () => {
    const before = await restingCamera(page);
    const a = { x: origin.x + 120, y: origin.y + 200 };
    const b = { x: origin.x + 220, y: origin.y + 200 };

    await gesture([a, b], [{ x: a.x - 90, y: a.y - 60 }, { x: b.x - 90, y: b.y - 60 }]);
    await cameraMoved(page, before);
    const after = await restingCamera(page);

    expect(after.zoom).toBeCloseTo(before.zoom, 2);
    expect(Math.abs((after.x - before.x) * before.zoom - 90)).toBeLessThan(3);
    expect(Math.abs((after.y - before.y) * before.zoom - 60)).toBeLessThan(3);
  });

  it('drags with one finger, and a flick glides on after the finger leaves', async () => {
    const start = { x: origin.x + 250, y: origin.y + 250 };
    // A slow drag that rests before the finger leaves moves exactly as far as the finger.
    let before = await restingCamera(page);
    await gesture([start], [{ x: start.x - 120, y: start.y }], { rest: 250 });
    await cameraMoved(page, before);
    let after = await restingCamera(page);
    const dragged = (after.x - before.x) * before.zoom;
    expect(Math.abs(dragged - 120)).toBeLessThan(3);

    // A flick: the same distance, released while moving.
    before = after;
    await gesture([start], [{ x: start.x - 120, y: start.y }], { steps: 6, every: 12, rest: 0 });
    await cameraMoved(page, before);
    after = await restingCamera(page);
    const flicked = (after.x - before.x) * before.zoom;
    expect(flicked).toBeGreaterThan(180);
    expect(after.zoom).toBeCloseTo(before.zoom, 3);
  });

  it('zooms in twice as close about a double tap on empty space', async () => {
    const id = await tournamentId(page, 'Winter Major');
    await openBracket(page, id);
    await pause(500);
    const layout = await bracketLayout(page, id);
    const cam = await restingCamera(page);
    // The middle of the gap after the first Winners column, at the height of its second card: nothing drawn there.
    const col = layout.columns[0];
    const n = col.first + 1;
    const gap = { x: layout.nodes.x[n] + CARD_WIDTH + COLUMN_GAP / 2, y: layout.nodes.y[n] + CARD_HEIGHT / 2 };
    const p = { x: origin.x + (gap.x - cam.x) * cam.zoom, y: origin.y + (gap.y - cam.y) * cam.zoom };
    const under = worldAt(cam, p);

    await touch('touchStart', [p]);
    await touch('touchEnd', []);
    await pause(80);
    await touch('touchStart', [p]);
    await touch('touchEnd', []);
    await cameraMoved(page, cam);
    const after = await restingCamera(page);

    expect(after.zoom / cam.zoom).toBeCloseTo(2, 2);
    const stays = worldAt(after, p);
    expect(Math.abs(stays.x - under.x)).toBeLessThan(2);
    expect(Math.abs(stays.y - under.y)).toBeLessThan(2);
    // Taps are not clicks on a match: the page stayed.
    expect(new URL(page.url()).pathname).toBe(`/tournaments/${id}`);
    expect(errors).toEqual([]);
  });
});
