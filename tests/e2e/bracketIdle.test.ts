import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage } from './support/browser';
import { openBracket, tournamentId } from './support/bracketCanvas';

/**
 * A bracket at rest costs nothing: no animation frame and no timer keeps running (issue 27 runs Lighthouse on the
 * bracket page on a throttled phone, which never finishes while a page ticks).
 */
describe('bracket canvas at rest', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  /** Counts, from now on, animation frames and timers the page asks for (the calls, and frame callbacks run). */
  function countScheduling(page: Page) {
    return page.addInitScript(() => {
      const w = window as unknown as { scheduled: { raf: number; rafRun: number; timeout: number; interval: number; sources: string[] } };
      w.scheduled = { raf: 0, rafRun: 0, timeout: 0, interval: 0, sources: [] };
      const raf = window.requestAnimationFrame.bind(window);
      const where = () => (new Error().stack ?? '').split('\n').slice(2, 5).join(' | ');
      window.requestAnimationFrame = (fn) => {
        w.scheduled.raf++;
        if (w.scheduled.sources.length < 20) w.scheduled.sources.push(`raf ${where()}`);
        return raf((t) => {
          w.scheduled.rafRun++;
          fn(t);
        });
      };
      const timeout = window.setTimeout.bind(window);
      window.setTimeout = ((fn: TimerHandler, ms?: number, ...rest: unknown[]) => {
        w.scheduled.timeout++;
        if (w.scheduled.sources.length < 20) w.scheduled.sources.push(`timeout ${ms} ${where()}`);
        return timeout(fn, ms, ...rest);
      }) as typeof window.setTimeout;
      const interval = window.setInterval.bind(window);
      window.setInterval = ((fn: TimerHandler, ms?: number, ...rest: unknown[]) => {
        w.scheduled.interval++;
        if (w.scheduled.sources.length < 20) w.scheduled.sources.push(`interval ${ms} ${where()}`);
        return interval(fn, ms, ...rest);
      }) as typeof window.setInterval;
    });
  }

  const counts = (page: Page) =>
    page.evaluate(() => {
      const s = (window as unknown as { scheduled: { raf: number; rafRun: number; timeout: number; interval: number; sources: string[] } }).scheduled;
      const out = { ...s, sources: [...s.sources] };
      s.raf = s.rafRun = s.timeout = s.interval = 0;
      s.sources.length = 0;
      return out;
    });

  it('schedules no animation frame and no timer once the bracket has settled, and draws again on input', async () => {
    const { page, errors } = await newPage(browser);
    await countScheduling(page);
    await openBracket(page, await tournamentId(page, 'Open Qualifier 1024'));
    // Let the settle work (avatars, text prefetch in idle time, the entrant index) and the page's own start finish.
    await page.waitForTimeout(2_500);
    await counts(page);

    await page.waitForTimeout(2_000);
    const quiet = await counts(page);

    // Input draws again (the drag, its glide and the settle), and then it goes quiet again.
    const camera = await page.getByTestId('bracket-canvas').getAttribute('data-camera');
    const box = (await page.locator('[data-testid="bracket-canvas"] canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 80, box.y + box.height / 2 - 40, { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction((c) => document.querySelector('[data-testid="bracket-canvas"]')?.getAttribute('data-camera') !== c, camera, { timeout: 10_000 });
    await page.waitForTimeout(1_000);
    const moved = await counts(page);
    await page.waitForTimeout(2_000);
    const quietAgain = await counts(page);

    expect({ raf: quiet.raf, rafRun: quiet.rafRun, timeout: quiet.timeout, interval: quiet.interval }, quiet.sources.join('\n')).toEqual({
      raf: 0,
      rafRun: 0,
      timeout: 0,
      interval: 0,
    });
    expect(moved.rafRun).toBeGreaterThan(0);
    expect(quietAgain.rafRun, quietAgain.sources.join('\n')).toBe(0);
    expect(errors).toEqual([]);
  });

  it('draws a bracket seen from afar once: no second frame when it settles with no picture to show', async () => {
    // Each frame of a WebGL canvas is work for the page (with a software compositor, a read back of the whole canvas).
    // Notes when the canvas draws a frame (the draw calls of one task are one frame).
    const { page, errors } = await newPage(browser);
    await page.addInitScript(() => {
      const w = window as unknown as { canvasFrames: number[] };
      w.canvasFrames = [];
      let inFrame = false;
      const proto = WebGL2RenderingContext.prototype;
      for (const name of ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced'] as const) {
        const draw = proto[name] as (...args: unknown[]) => void;
        (proto as unknown as Record<string, unknown>)[name] = function (this: WebGL2RenderingContext, ...args: unknown[]) {
          if (!inFrame) {
            inFrame = true;
            w.canvasFrames.push(performance.now());
            void Promise.resolve().then(() => (inFrame = false));
          }
          return draw.apply(this, args);
        };
      }
    });
    // The 1,024-entry bracket fits the screen far below the zoom where entrants' pictures show.
    await openBracket(page, await tournamentId(page, 'Open Qualifier 1024'));
    await page.waitForTimeout(2_000);
    const { drawn, after } = await page.evaluate(() => {
      // The page marks the first frame that shows the bracket (time to bracket), right after drawing it.
      const shown = performance.getEntriesByName('bracket:first-frame')[0]?.startTime ?? Infinity;
      const frames = (window as unknown as { canvasFrames: number[] }).canvasFrames;
      return { drawn: Number.isFinite(shown), after: frames.filter((t) => t > shown).length };
    });
    expect(drawn).toBe(true);
    expect(after).toBe(0);
    expect(errors).toEqual([]);
  });
});
