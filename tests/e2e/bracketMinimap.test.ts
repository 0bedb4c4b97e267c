import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { minimapPlacement, minimapToWorld, MINIMAP_MARGIN } from '../../src/bracket/minimap';
import { PALETTE } from '../../src/bracket/renderer/palette';
import { launch, newPage } from './support/browser';
import { bracketLayout, cameraMoved, openBracket, pixelsOfColour, restingCamera, tournamentId } from './support/bracketCanvas';

/**
 * The minimap of a bracket larger than the screen (both tracks in miniature, the viewport on it): a click flies
 * there, a drag moves the view along, it takes the keyboard focus and its arrow keys move the view (a bracket that
 * fits the screen has none: tests/unit/bracket-canvas/minimap.test.ts). And the match focused in the list is outlined on the canvas (a @pixi/react component
 * fed from React state).
 */
describe('bracket minimap', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  const minimap = (page: Page) => page.getByRole('application', { name: /^Bracket minimap/ });

  /** The canvas's box, and the minimap placement the engine computes for this bracket and canvas. */
  async function geometry(page: Page, id: number) {
    const box = (await page.locator('[data-testid="bracket-canvas"] canvas').boundingBox())!;
    const layout = await bracketLayout(page, id);
    const placement = minimapPlacement(layout.bounds, { width: box.width, height: box.height });
    return { box, layout, placement };
  }

  /** The world point at the centre of the canvas, for a camera at rest. */
  const centre = (cam: { x: number; y: number; zoom: number }, box: { width: number; height: number }) => ({
    x: cam.x + box.width / 2 / cam.zoom,
    y: cam.y + box.height / 2 / cam.zoom,
  });

  it('shows a focusable minimap at the corner of a large bracket; its arrow keys move the view', async () => {
    const { page, errors } = await newPage(browser);
    const id = await tournamentId(page, 'Open Qualifier 1024');
    await openBracket(page, id);
    const { box, placement } = await geometry(page, id);
    expect(placement).not.toBeNull();
    const el = minimap(page);
    await expect(el.isVisible()).resolves.toBe(true);
    const mbox = (await el.boundingBox())!;
    expect(Math.abs(mbox.x + mbox.width - (box.x + box.width - MINIMAP_MARGIN))).toBeLessThan(2);
    expect(Math.abs(mbox.y + mbox.height - (box.y + box.height - MINIMAP_MARGIN))).toBeLessThan(2);

    // Keyboard: from the canvas, Tab reaches the minimap; an arrow key moves the view by half its width.
    await page.locator('[data-testid="bracket-canvas"] canvas').focus();
    await page.keyboard.press('Tab');
    await expect(el.evaluate((n) => n === document.activeElement)).resolves.toBe(true);
    const before = await restingCamera(page);
    await page.keyboard.press('ArrowRight');
    await cameraMoved(page, before);
    const after = await restingCamera(page);
    expect(Math.abs((after.x - before.x) * before.zoom - box.width / 2)).toBeLessThan(2);
    expect(after.y).toBeCloseTo(before.y, 1);
    expect(errors).toEqual([]);
  });

  it('flies to the place clicked on the minimap, and follows a drag on it', async () => {
    const { page, errors } = await newPage(browser);
    const id = await tournamentId(page, 'Open Qualifier 1024');
    await openBracket(page, id);
    const { box, placement } = await geometry(page, id);
    const mbox = (await minimap(page).boundingBox())!;

    // A click in the Losers part of the miniature (its lower third).
    const click = { x: placement!.width * 0.5, y: placement!.height * 0.8 };
    let before = await restingCamera(page);
    await page.mouse.click(mbox.x + click.x, mbox.y + click.y);
    await cameraMoved(page, before);
    let cam = await restingCamera(page);
    let target = minimapToWorld(placement!, click);
    expect(Math.abs(centre(cam, box).x - target.x) * cam.zoom).toBeLessThan(4);
    expect(Math.abs(centre(cam, box).y - target.y) * cam.zoom).toBeLessThan(4);

    // A drag: the view follows the pointer, and rests where it was let go.
    const from = { x: placement!.width * 0.3, y: placement!.height * 0.2 };
    const to = { x: placement!.width * 0.6, y: placement!.height * 0.5 };
    before = cam;
    await page.mouse.move(mbox.x + from.x, mbox.y + from.y);
    await page.mouse.down();
    await page.mouse.move(mbox.x + to.x, mbox.y + to.y, { steps: 8 });
    await page.mouse.up();
    await cameraMoved(page, before);
    cam = await restingCamera(page);
    target = minimapToWorld(placement!, to);
    expect(Math.abs(centre(cam, box).x - target.x) * cam.zoom).toBeLessThan(4);
    expect(Math.abs(centre(cam, box).y - target.y) * cam.zoom).toBeLessThan(4);
    expect(errors).toEqual([]);
  });

  it('outlines on the canvas the match focused in the list of matches', async () => {
    const { page, errors } = await newPage(browser);
    const id = await tournamentId(page, 'Winter Major');
    await openBracket(page, id);
    const canvas = page.locator('[data-testid="bracket-canvas"] canvas');
    const box = (await canvas.boundingBox())!;
    // The middle of the canvas, clear of the minimap in its corner.
    const clip = { x: box.x + box.width / 2 - 200, y: box.y + box.height / 2 - 80, width: 400, height: 160 };
    const selection = async () => pixelsOfColour(page, await page.screenshot({ clip }), PALETTE.selection);
    const before = await restingCamera(page);

    const mirror = page.getByRole('navigation', { name: 'Bracket matches' });
    await mirror.getByRole('link', { name: /^Match 20: / }).focus();
    await cameraMoved(page, before);
    await page.waitForTimeout(300);

    // A 3-unit frame around a 240 × 56 card, at zoom 1 or more: well over a thousand pixels.
    expect(await selection()).toBeGreaterThan(1000);
    expect(errors).toEqual([]);
  });
});
