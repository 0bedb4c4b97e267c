import { describe, expect, it } from 'vitest';
import { FrameLoop, type FrameClock, type FrameTarget } from '../../../src/bracket/renderer/FrameLoop';

/** A clock whose animation frames and idle callbacks run only when the test says so. */
function fakeClock() {
  let t = 0;
  let id = 0;
  const frames = new Map<number, (time: number) => void>();
  const idles = new Map<number, (deadline: number) => void>();
  const clock: FrameClock = {
    now: () => t,
    requestFrame: (fn) => (frames.set(++id, fn), id),
    cancelFrame: (i) => frames.delete(i),
    requestIdle: (fn) => (idles.set(++id, fn), id),
    cancelIdle: (i) => idles.delete(i),
  };
  return {
    clock,
    requested: 0,
    get pendingFrames() {
      return frames.size;
    },
    get pendingIdle() {
      return idles.size;
    },
    /** Runs the pending animation frames, 16 ms apart, until none is left (or a limit); returns how many ran. */
    runFrames(limit = 1000): number {
      let n = 0;
      while (frames.size > 0 && n < limit) {
        t += 16;
        const [[k, fn]] = frames;
        frames.delete(k);
        fn(t);
        n++;
      }
      return n;
    },
    runIdle(): number {
      let n = 0;
      while (idles.size > 0 && n < 100) {
        const [[k, fn]] = idles;
        idles.delete(k);
        fn(t + 8);
        n++;
      }
      return n;
    },
  };
}

/** A scene whose camera moves for `steps` frames and whose text is pending for `pending` frames. */
function scene(opts: { steps?: number; pending?: number; zooming?: boolean; flashFrames?: number } = {}) {
  let steps = opts.steps ?? 0;
  let pending = opts.pending ?? 0;
  let flash = opts.flashFrames ?? 0;
  let zoom = 1;
  const log: string[] = [];
  const target: FrameTarget & { log: string[]; settles: number } = {
    log,
    settles: 0,
    step() {
      if (steps <= 0) return false;
      steps--;
      if (opts.zooming) zoom *= 1.1;
      return true;
    },
    get zoom() {
      return zoom;
    },
    busy: false,
    draw() {
      log.push('draw');
      const more = pending-- > 0;
      const animating = flash-- > 1;
      return { more, animating };
    },
    setLowResolution(low) {
      log.push(low ? 'low' : 'full');
    },
    hasData: true,
    settle() {
      target.settles++;
      log.push('settle');
    },
  };
  return target;
}

describe('FrameLoop (when frames are drawn)', () => {
  it('draws one frame for a request and then schedules nothing: no animation frame, no timer', () => {
    // Arrange
    const c = fakeClock();
    const s = scene();
    const loop = new FrameLoop(s, c.clock);

    // Act
    loop.request();
    loop.request();
    const ran = c.runFrames();

    // Assert
    expect(ran).toBe(1);
    expect(s.log).toEqual(['draw', 'settle']);
    expect(c.pendingFrames).toBe(0);
    expect(loop.scheduled).toBe(false);
  });

  it('keeps drawing while the camera moves or text is pending, then settles once and goes idle', () => {
    // Arrange
    const c = fakeClock();
    const s = scene({ steps: 5, pending: 3 });
    const loop = new FrameLoop(s, c.clock);

    // Act
    loop.request();
    const ran = c.runFrames();

    // Assert: 5 moving frames, one at rest (no text pending any more), and since the first frame changed the zoom
    // (from none), one more at full resolution before settling.
    expect(ran).toBe(7);
    expect(s.settles).toBe(1);
    expect(c.pendingFrames).toBe(0);
  });

  it('draws at a lower resolution while the zoom changes, and one full-resolution frame before settling', () => {
    // Arrange
    const c = fakeClock();
    const s = scene({ steps: 3, zooming: true });
    const loop = new FrameLoop(s, c.clock);

    // Act
    loop.request();
    c.runFrames();

    // Assert
    expect(s.log).toEqual(['low', 'draw', 'draw', 'draw', 'draw', 'full', 'draw', 'settle']);
    expect(loop.lowered).toBe(false);
    expect(c.pendingFrames).toBe(0);
  });

  it('keeps drawing while a flash fades, then stops', () => {
    // Arrange
    const c = fakeClock();
    const s = scene({ flashFrames: 4 });
    const loop = new FrameLoop(s, c.clock);

    // Act
    loop.request();
    const ran = c.runFrames();

    // Assert
    expect(ran).toBe(4);
    expect(c.pendingFrames).toBe(0);
  });

  it('does no settle work during continuous motion, and settles once when it ends', () => {
    // Arrange
    const c = fakeClock();
    const s = scene();
    const loop = new FrameLoop(s, c.clock);

    // Act
    loop.beginMotion();
    for (let i = 0; i < 5; i++) loop.renderNow();
    const settlesDuring = s.settles;
    loop.endMotion();
    c.runFrames();

    // Assert
    expect(settlesDuring).toBe(0);
    expect(s.settles).toBe(1);
    expect(c.pendingFrames).toBe(0);
  });

  it('runs idle work in order while quiet, and stops it when something moves', () => {
    // Arrange
    const c = fakeClock();
    const loop = new FrameLoop(scene(), c.clock);
    const ran: string[] = [];
    let slices = 3;
    const tasks = [{ run: () => (ran.push('text'), --slices > 0) }, { run: () => (ran.push('index'), false) }];

    // Act
    loop.runIdle(tasks, () => true);
    c.runIdle();
    const quietRun = [...ran];
    ran.length = 0;
    loop.runIdle(tasks, () => true);
    loop.beginMotion();
    c.runIdle();

    // Assert
    expect(quietRun).toEqual(['text', 'text', 'text', 'index']);
    expect(ran).toEqual([]);
    expect(c.pendingIdle).toBe(0);
    expect(loop.idleScheduled).toBe(false);
  });

  it('resolves what waits for the data with the first frame, and everything on stop', async () => {
    // Arrange
    const c = fakeClock();
    const loop = new FrameLoop(scene(), c.clock);
    const drawn = loop.whenDrawn();
    const late = new FrameLoop(null, c.clock);
    const never = late.whenDrawn();

    // Act
    loop.request();
    c.runFrames();
    late.request();
    late.stop();

    // Assert
    await expect(drawn).resolves.toBeUndefined();
    await expect(never).resolves.toBeUndefined();
    expect(late.renderNow()).toBe(false);
    expect(c.pendingFrames).toBe(0);
  });
});
