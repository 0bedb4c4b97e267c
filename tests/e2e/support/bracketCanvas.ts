import type { Page } from 'playwright-core';
import type { Tournament, TournamentMatch } from '../../../src/api/contract/tournament';
import { fromApi } from '../../../src/bracket/fromApi';
import { layoutBracket, type BracketLayout } from '../../../src/bracket/layoutBracket';

/** The id of a seeded tournament by its title. */
export async function tournamentId(page: Page, title: string): Promise<number> {
  const res = await page.request.get('/v1/tournament/active?perPage=100');
  const t = ((await res.json()).results as Tournament[]).find((x) => x.title === title);
  if (!t) throw new Error(`no seeded tournament "${title}"`);
  return t.id;
}

/** The canvas's layout of a tournament's bracket, computed from the API as the page does. */
export async function bracketLayout(page: Page, id: number): Promise<BracketLayout> {
  const matches = (await (await page.request.get(`/v1/tournament/${id}/match`)).json()) as TournamentMatch[];
  return layoutBracket(fromApi(matches));
}

export const canvasHost = (page: Page) => page.getByTestId('bracket-canvas');

/** The camera once it has come to rest (the canvas writes it on its host): world point at the top-left and zoom. */
export async function restingCamera(page: Page): Promise<{ x: number; y: number; zoom: number }> {
  const [zoom, at] = await Promise.all([canvasHost(page).getAttribute('data-zoom'), canvasHost(page).getAttribute('data-camera')]);
  const [x, y] = (at ?? 'NaN,NaN').split(',').map(Number);
  return { x, y, zoom: Number(zoom) };
}

/** Waits until the camera comes to rest somewhere other than `from` (the host's data-camera and data-zoom). */
export async function cameraMoved(page: Page, from: { x: number; y: number; zoom: number }, timeout = 15_000): Promise<void> {
  const key = `${from.x.toFixed(1)},${from.y.toFixed(1)} ${from.zoom.toFixed(3)}`;
  await page.waitForFunction(
    (k) => {
      const host = document.querySelector('[data-testid="bracket-canvas"]');
      return !!host && `${host.getAttribute('data-camera')} ${host.getAttribute('data-zoom')}` !== k;
    },
    key,
    { timeout },
  );
}

/** Opens a bracket page and waits for the canvas to draw it and come to rest. */
export async function openBracket(page: Page, id: number): Promise<void> {
  await page.goto(`/tournaments/${id}`);
  await page.locator('[data-testid="bracket-canvas"] canvas').waitFor();
  await page.waitForFunction(() => !!document.querySelector('[data-testid="bracket-canvas"]')?.getAttribute('data-camera'), null, { timeout: 20_000 });
}

/** How many pixels of a PNG screenshot are within `tolerance` of colour `rgb` (0xRRGGBB), decoded in the page. */
export async function pixelsOfColour(page: Page, png: Buffer, rgb: number, tolerance = 24): Promise<number> {
  return page.evaluate(
    async ({ data, rgb, tolerance }) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const px = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      const [r, g, b] = [(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255];
      let n = 0;
      for (let i = 0; i < px.length; i += 4) {
        if (Math.abs(px[i] - r) <= tolerance && Math.abs(px[i + 1] - g) <= tolerance && Math.abs(px[i + 2] - b) <= tolerance) n++;
      }
      return n;
    },
    { data: png.toString('base64'), rgb, tolerance },
  );
}
