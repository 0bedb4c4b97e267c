import { describe, expect, it } from 'vitest';
import { panBy, screenToWorld } from '../../../src/bracket/camera';
import { CameraController } from '../../../src/bracket/renderer/CameraController';

function controller() {
  const c = new CameraController();
  c.view = { width: 1000, height: 600 };
  c.bounds = { x: 0, y: 0, width: 5000, height: 5000 };
  c.set({ x: 100, y: 100, zoom: 1 });
  return c;
}

/** Steps 60 Hz frames until the motion stops (or a limit). */
function settle(c: CameraController, start = 0): number {
  let t = start;
  for (let i = 0; i < 1000; i++) {
    t += 1000 / 60;
    if (!c.step(t)) return t;
  }
  throw new Error('never settled');
}

describe('CameraController', () => {
  it('eases a wheel zoom to its target, keeping the point under the pointer', () => {
    const c = controller();
    const anchor = screenToWorld(c.cam, 300, 200);

    c.wheel(1.2, 300, 200, 0);
    c.wheel(1.2, 300, 200, 0);
    expect(c.moving).toBe(true);
    settle(c);

    expect(c.cam.zoom).toBeCloseTo(1.44);
    const after = screenToWorld(c.cam, 300, 200);
    expect(after.x).toBeCloseTo(anchor.x);
    expect(after.y).toBeCloseTo(anchor.y);
    expect(c.moving).toBe(false);
  });

  it('adds up zoom steps taken while a zoom is still animating (quick + + + +)', () => {
    const c = controller();

    for (let i = 0; i < 4; i++) {
      c.zoomBy(1.25, 500, 300, i * 30);
      // A frame or two between presses: the camera is mid-animation when the next press comes.
      c.step(i * 30 + 16);
    }
    settle(c, 120);

    expect(c.cam.zoom).toBeCloseTo(1.25 ** 4);
  });

  it('takes a zoom step from the end of an animated move, not from the middle of it', () => {
    const c = controller();
    c.animateTo({ x: 200, y: 200, zoom: 2 }, 0);
    c.step(50);
    expect(c.cam.zoom).toBeLessThan(2);

    c.zoomBy(1.5, 500, 300, 50);
    settle(c, 50);

    expect(c.cam.zoom).toBeCloseTo(3);
  });

  it('heads for the end of a move under way, so quick arrow-key pans add up', () => {
    const c = controller();

    c.animateTo(panBy(c.target, -160, 0), 0);
    c.step(16);
    c.animateTo(panBy(c.target, 0, -160), 16);
    settle(c, 16);

    expect(c.cam.x).toBeCloseTo(260);
    expect(c.cam.y).toBeCloseTo(260);
  });

  it('glides after a flick and comes to rest', () => {
    const c = controller();
    c.dragStart();
    c.dragMove(-50, -20);
    const afterDrag = { ...c.cam };

    c.dragEnd({ vx: -1, vy: 0 }, 0);
    settle(c);

    expect(afterDrag.x).toBeCloseTo(150);
    expect(c.cam.x).toBeGreaterThan(afterDrag.x + 200);
    expect(c.moving).toBe(false);
  });

  it('does not glide after a slow release', () => {
    const c = controller();
    c.dragStart();
    c.dragMove(-10, 0);
    c.dragEnd({ vx: 0.01, vy: 0 }, 0);

    expect(c.step(16)).toBe(false);
  });

  it('animates to a camera and lands exactly on it', () => {
    const c = controller();

    c.animateTo({ x: 2000, y: 3000, zoom: 0.5 }, 0);
    const end = settle(c);
    c.animateTo({ x: 10, y: 20, zoom: 2 }, end, { fly: true });
    settle(c, end);

    expect(c.cam).toEqual({ x: 10, y: 20, zoom: 2 });
  });

  it('keeps some of the bracket on screen', () => {
    const c = controller();

    c.dragStart();
    c.dragMove(100_000, 100_000);

    expect(c.cam.x).toBeGreaterThan(-1000);
    expect(c.cam.y).toBeGreaterThan(-600);
  });

  it('zooms to an exact zoom however often it is asked (no drift)', () => {
    const c = controller();

    for (const z of [0.3, 1.7, 0.127, 3.3, 0.9]) c.zoomNowTo(z, 123, 77);
    const back = c.zoomNowTo(1, 500, 300);

    expect(back.zoom).toBe(1);
    expect(c.cam.zoom).toBe(1);
  });

  it('reports the camera it applied: zoom within 0.125–4, position near the bracket', () => {
    const c = controller();

    const applied = c.set({ x: 1e6, y: -1e6, zoom: 10 });

    expect(applied.zoom).toBe(4);
    expect(applied.x).toBeLessThan(5000);
    expect(applied.y).toBeGreaterThan(-600);
    expect(c.cam).toEqual(applied);
    expect(c.set({ x: 100.25, y: 200.5, zoom: 0.75 })).toEqual({ x: 100.25, y: 200.5, zoom: 0.75 });
  });

  it('keeps a motion going when new data brings new bounds', () => {
    const c = controller();
    c.animateTo({ x: 300, y: 400, zoom: 1 }, 0);
    c.step(50);

    c.setBounds({ x: 0, y: 0, width: 6000, height: 6000 });
    settle(c, 50);

    expect(c.cam).toEqual({ x: 300, y: 400, zoom: 1 });
  });

  it('pulls the camera back when new bounds no longer reach it', () => {
    const c = controller();
    c.set({ x: 4500, y: 4500, zoom: 1 });

    c.setBounds({ x: 0, y: 0, width: 1000, height: 1000 });

    expect(c.cam.x).toBeLessThanOrEqual(1000);
    expect(c.cam.y).toBeLessThanOrEqual(1000);
  });

  it('lets a released pinch glide on: it keeps panning and zooming about the midpoint, then rests', () => {
    const c = controller();
    c.set({ x: 1000, y: 1000, zoom: 1 });
    const anchor = screenToWorld(c.cam, 400, 300);

    c.dragStart();
    c.pinchEnd({ vx: 0, vy: 0 }, 0.003, 400, 300, 0);
    const moving = c.moving;
    const end = settle(c);

    expect(moving).toBe(true);
    expect(c.cam.zoom).toBeGreaterThan(2);
    const after = screenToWorld(c.cam, 400, 300);
    expect(after.x).toBeCloseTo(anchor.x, 6);
    expect(after.y).toBeCloseTo(anchor.y, 6);
    expect(c.moving).toBe(false);
    expect(end).toBeLessThan(3000);
  });

  it('glides a released pinch across too, and stops the zoom at its limit', () => {
    const c = controller();
    c.set({ x: 1000, y: 1000, zoom: 3.5 });

    c.dragStart();
    c.pinchEnd({ vx: -1, vy: 0 }, 0.01, 500, 300, 0);
    settle(c);

    expect(c.cam.zoom).toBe(4);
    expect(c.cam.x).toBeGreaterThan(1000);
    expect(c.moving).toBe(false);
  });

  it('ends a slow pinch at once', () => {
    const c = controller();

    c.dragStart();
    c.pinchEnd({ vx: 0.01, vy: 0 }, 0.00001, 500, 300, 0);

    expect(c.moving).toBe(false);
  });
});
