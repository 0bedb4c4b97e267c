import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from '../../bench/server';
import { launch } from './support/browser';
import { compareImages, decodePng, encodePng } from './support/png';
import { SCENES, VIEWPORT, type SceneName } from './visual/scenes';

/*
 * What the bracket canvas draws, pixel by pixel: each scene of visual/scenes.ts is drawn by the real engine in
 * Chromium (WebGL through SwiftShader, as on a machine without a GPU) on a page of its own (visual/main.ts, built
 * here), and compared with its reference picture in visual/references/. A change that alters the drawing fails here,
 * with the picture, the reference and a diff written to a temporary folder. When a change of the drawing is meant,
 * `UPDATE_REFERENCES=1 npx vitest run --project e2e tests/e2e/bracketVisual.test.ts` writes the new references
 * (look at them before committing).
 */

const here = fileURLToPath(new URL('.', import.meta.url));
const REFERENCES = resolve(here, 'visual/references');
const PAGE_DIR = resolve(here, '.artifacts/visual');
const UPDATE = process.env.UPDATE_REFERENCES === '1';
/** A pixel differs when one of its channels is off by more than this (anti-aliased edges from another CPU's SwiftShader). */
const CHANNEL_TOLERANCE = 16;
/** Pixels allowed to differ per picture: 0.05 % (146 of 720 × 405). A moved card or a changed colour is thousands. */
const MAX_DIFFERING = Math.round(VIEWPORT.width * VIEWPORT.height * 0.0005);

describe('bracket canvas drawing, compared with reference pictures', () => {
  let browser: Browser;
  let page: Page;
  let server: { url: string; close: () => Promise<void> };
  const failures = mkdtempSync(join(tmpdir(), 'clutch-visual-'));

  beforeAll(async () => {
    // Built every run, E2E_SKIP_BUILD or not (a few seconds): a stale page would compare an older renderer.
    const build = spawnSync('npx', ['vite', 'build', '--config', resolve(here, 'visual/vite.config.ts')], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('building the visual test page failed');
    server = await serveStatic(PAGE_DIR);
    browser = await launch();
    const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
    page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/index.html`);
    await page.waitForFunction(() => 'visual' in window);
    expect(errors).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each(Object.keys(SCENES) as SceneName[])('draws %s as its reference picture', async (name) => {
    await page.evaluate((n) => (window as unknown as { visual: { show: (n: string) => Promise<unknown> } }).visual.show(n), name);
    const actual = decodePng(await page.screenshot({ clip: { x: 0, y: 0, ...VIEWPORT }, animations: 'disabled', caret: 'hide' }));
    const file = join(REFERENCES, `${name}.png`);
    if (UPDATE) {
      mkdirSync(REFERENCES, { recursive: true });
      writeFileSync(file, encodePng(actual));
      console.log(`visual: wrote ${file}`);
      return;
    }
    if (!existsSync(file)) throw new Error(`no reference picture ${file}: run with UPDATE_REFERENCES=1 to create it`);
    const expected = decodePng(readFileSync(file));
    const { differing, maxDelta, diff } = compareImages(actual, expected, CHANNEL_TOLERANCE);
    if (differing > MAX_DIFFERING) {
      const base = join(failures, name);
      writeFileSync(`${base}-actual.png`, encodePng(actual));
      writeFileSync(`${base}-expected.png`, readFileSync(file));
      writeFileSync(`${base}-diff.png`, encodePng(diff));
      console.error(`visual: ${name} differs from its reference in ${differing} pixels; see ${base}-{actual,expected,diff}.png`);
    }
    expect(differing, `${name}: ${differing} pixels differ (largest channel difference ${maxDelta}); pictures in ${failures}`).toBeLessThanOrEqual(MAX_DIFFERING);
  });
});
