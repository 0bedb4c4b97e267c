import { describe, expect, it } from 'vitest';
import {
  approachZoom,
  clampToBounds,
  clampZoom,
  fitBounds,
  flyPath,
  MIN_OVERVIEW_ZOOM,
  READABLE_ZOOM,
  releaseVelocity,
  screenToWorld,
  stepInertia,
  stepZoomInertia,
  trackCamera,
  visibleRect,
  wheelZoomFactor,
  worldToScreen,
  zoomAt,
  type Camera,
} from '../../../src/bracket/camera';

const view = { width: 1280, height: 720 };

describe('camera', () => {
  it('converts screen to world and back', () => {
    const cam: Camera = { x: 100, y: -50, zoom: 2 };

    const w = screenToWorld(cam, 300, 200);
    const s = worldToScreen(cam, w.x, w.y);

    expect(w).toEqual({ x: 250, y: 50 });
    expect(s.x).toBeCloseTo(300);
    expect(s.y).toBeCloseTo(200);
  });

  it('keeps the world point under the cursor when zooming around it', () => {
    const cam: Camera = { x: 40, y: 900, zoom: 0.7 };
    const before = screenToWorld(cam, 512, 333);

    const zoomed = zoomAt(cam, 1.9, 512, 333);
    const after = screenToWorld(zoomed, 512, 333);

    expect(zoomed.zoom).toBe(1.9);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
  });

  it('clamps zoom to 0.125 … 4, also around a point', () => {
    expect(clampZoom(0.01)).toBe(0.125);
    expect(clampZoom(12)).toBe(4);
    expect(clampZoom(Number.NaN)).toBe(1);
    const cam: Camera = { x: 0, y: 0, zoom: 1 };

    const out = zoomAt(cam, 0.001, 640, 360);
    const inn = zoomAt(cam, 1000, 640, 360);

    expect(out.zoom).toBe(0.125);
    expect(inn.zoom).toBe(4);
    expect(screenToWorld(out, 640, 360).x).toBeCloseTo(640);
    expect(screenToWorld(inn, 640, 360).y).toBeCloseTo(360);
  });

  it('fits bounds in the viewport, centred', () => {
    const rect = { x: 1000, y: 2000, width: 2400, height: 600 };

    const cam = fitBounds(rect, view, 20);
    const shown = visibleRect(cam, view);

    expect(cam.zoom).toBeCloseTo((1280 - 40) / 2400);
    expect(shown.x + shown.width / 2).toBeCloseTo(2200);
    expect(shown.y + shown.height / 2).toBeCloseTo(2300);
    expect(shown.x).toBeLessThanOrEqual(rect.x);
    expect(shown.y).toBeLessThanOrEqual(rect.y);
  });

  it('fits a huge bracket at the minimum zoom from its top, and a tiny one at most at 4', () => {
    const tall = fitBounds({ x: 0, y: 0, width: 8000, height: 800_000 }, view, 24);
    const wide = fitBounds({ x: 0, y: 0, width: 80_000, height: 800_000 }, view, 24);

    expect(tall.zoom).toBe(0.125);
    expect(worldToScreen(tall, 0, 0).y).toBeCloseTo(24);
    expect(worldToScreen(tall, 4000, 0).x).toBeCloseTo(640);
    expect(worldToScreen(wide, 0, 0).x).toBeCloseTo(24);
    expect(fitBounds({ x: 0, y: 0, width: 10, height: 10 }, view).zoom).toBe(4);
  });

  it('shows a small track whole and a large track from its top-left corner at a readable zoom', () => {
    const small = { x: 0, y: 0, width: 1100, height: 500 };
    const large = { x: 0, y: 5000, width: 3500, height: 150_000 };

    const a = trackCamera(small, view, 24);
    const b = trackCamera(large, view, 24);

    expect(a.zoom).toBeGreaterThanOrEqual(MIN_OVERVIEW_ZOOM);
    expect(a.zoom).toBeLessThanOrEqual(1.2);
    const shownA = visibleRect(a, view);
    expect(shownA.x).toBeLessThanOrEqual(0);
    expect(shownA.x + shownA.width).toBeGreaterThanOrEqual(1100);
    expect(b.zoom).toBe(READABLE_ZOOM);
    const corner = worldToScreen(b, large.x, large.y);
    expect(corner.x).toBeCloseTo(24);
    expect(corner.y).toBeCloseTo(24);
  });

  it('keeps part of the bracket on screen when panning away', () => {
    const bounds = { x: 0, y: 0, width: 2000, height: 2000 };

    const far = clampToBounds({ x: 50_000, y: -50_000, zoom: 1 }, bounds, view, 64);
    const near = { x: 100, y: 100, zoom: 1 };

    expect(far.x).toBe(2000 - 64);
    expect(far.y).toBe(-720 + 64);
    expect(clampToBounds(near, bounds, view)).toBe(near);
  });

  it('decays a flick to rest, the same distance at any frame rate', () => {
    const glide = (dt: number) => {
      let v = { vx: 2, vy: -1 };
      let x = 0;
      let steps = 0;
      for (;;) {
        const s = stepInertia(v, dt);
        x += s.dx;
        v = s.v;
        steps++;
        if (s.resting || steps > 10_000) return { x, steps, v };
      }
    };

    const at60 = glide(1000 / 60);
    const at144 = glide(1000 / 144);

    expect(at60.v).toEqual({ vx: 0, vy: 0 });
    expect(at60.steps).toBeLessThan(200);
    expect(at60.x).toBeGreaterThan(500);
    expect(at60.x).toBeLessThan(2 * 325 + 1);
    expect(Math.abs(at60.x - at144.x)).toBeLessThan(5);
  });

  it('slows a zoom glide to rest, the same zoom at any frame rate', () => {
    const glide = (dt: number) => {
      let v = 0.004;
      let log = 0;
      for (let steps = 0; steps < 10_000; steps++) {
        const s = stepZoomInertia(v, dt);
        log += s.dlog;
        v = s.v;
        if (s.resting) return { log, v, steps };
      }
      throw new Error('never rests');
    };

    const at60 = glide(1000 / 60);
    const at120 = glide(1000 / 120);

    expect(at60.v).toBe(0);
    // The whole glide is about speed × time constant (0.004 × 325 = 1.3 in log zoom: ×3.7).
    expect(at60.log).toBeGreaterThan(1.2);
    expect(at60.log).toBeLessThan(1.31);
    expect(Math.abs(at60.log - at120.log)).toBeLessThan(0.01);
  });

  it('measures the release velocity over the last samples, zero after a rest', () => {
    const moving = [
      { x: 0, y: 0, t: 0 },
      { x: 10, y: 0, t: 50 },
      { x: 30, y: 10, t: 100 },
      { x: 50, y: 20, t: 150 },
    ];
    const rested = [...moving, { x: 50, y: 20, t: 400 }];

    expect(releaseVelocity(moving).vx).toBeCloseTo(0.4);
    expect(releaseVelocity(moving).vy).toBeCloseTo(0.2);
    expect(releaseVelocity(rested)).toEqual({ vx: 0, vy: 0 });
  });

  it('eases zoom towards a target and lands on it', () => {
    let z = 1;
    for (let i = 0; i < 60; i++) z = approachZoom(z, 2, 16);

    expect(z).toBe(2);
    expect(approachZoom(1, 2, 16)).toBeGreaterThan(1);
    expect(wheelZoomFactor(-100)).toBeGreaterThan(1);
    expect(wheelZoomFactor(100)).toBeLessThan(1);
    expect(wheelZoomFactor(100) * wheelZoomFactor(-100)).toBeCloseTo(1);
  });

  it('flies from one camera to another within the zoom range', () => {
    const a: Camera = { x: 0, y: 0, zoom: 1 };
    const b: Camera = { x: 3000, y: 400_000, zoom: 1 };

    const fly = flyPath(a, b, view);

    expect(fly.at(0)).toEqual(a);
    expect(fly.at(1)).toEqual(b);
    expect(fly.duration).toBeGreaterThanOrEqual(250);
    expect(fly.duration).toBeLessThanOrEqual(1400);
    let lowest = 1;
    for (let t = 0; t <= 1; t += 0.05) lowest = Math.min(lowest, fly.at(t).zoom);
    expect(lowest).toBe(0.125);
    const mid = fly.at(0.5);
    expect(mid.y).toBeGreaterThan(0);
    expect(mid.y).toBeLessThan(400_000);
  });
});
