/** What the frame loop drives: the camera's motion and the scene. */
export interface FrameTarget {
  /** Advances the camera's motion to `time`; true while it moved in this step. */
  step(time: number): boolean;
  /** The zoom after `step`. */
  readonly zoom: number;
  /** Whether a drag or a motion is under way (a drag moves without stepping). */
  readonly busy: boolean;
  /** Draws a frame at `time`; `more`: text still pending, `animating`: something (a flash) still fading. */
  draw(time: number): { more: boolean; animating: boolean };
  /** Draws at a lower resolution (while the zoom changes) or at full resolution again. */
  setLowResolution(low: boolean): void;
  /** Whether what `setData` waits for can be shown (the data is laid out). */
  readonly hasData: boolean;
  /** The camera has come to rest: the work done once per resting place. */
  settle(): void;
}

/** The browser's scheduling functions (injected in tests). */
export interface FrameClock {
  now(): number;
  requestFrame(fn: (time: number) => void): number;
  cancelFrame(id: number): void;
  /** Runs `fn` in idle time with a deadline (performance.now() time), at the latest after `timeout` ms. */
  requestIdle(fn: (deadline: number) => void, timeout?: number): number;
  cancelIdle(id: number): void;
}

export const browserClock: FrameClock = {
  now: () => performance.now(),
  requestFrame: (fn) => requestAnimationFrame(fn),
  cancelFrame: (id) => cancelAnimationFrame(id),
  requestIdle: (fn, timeout) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback((d) => fn(performance.now() + Math.min(8, d.timeRemaining())), timeout ? { timeout } : undefined)
      : window.setTimeout(() => fn(performance.now() + 4), 50),
  cancelIdle: (id) => {
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(id);
    else clearTimeout(id);
  },
};

/** One piece of idle-time work: runs until `deadline`; true while there is more to do. */
export interface IdleTask {
  run(deadline: number): boolean;
  /** At most this long (ms) before the browser runs it even when not idle. */
  timeout?: number;
}

/** Per-frame statistics a frame listener receives. */
export interface FrameInfo {
  time: number;
  cpuMs: number;
}

/**
 * Renders on demand: one requestAnimationFrame only when something moved or changed, more while
 * the camera moves, text is pending or a flash fades, then one last frame at full resolution and
 * the settle work; after that nothing is scheduled (no animation frame, no timer) until the next
 * `request`. Idle-time work (text prefetch, the entrant index) runs while nothing moves.
 */
export class FrameLoop {
  private raf = 0;
  private idle = 0;
  private idleTasks: IdleTask[] = [];
  private inMotion = false;
  private lowResolution = false;
  private lastZoom = 0;
  private stopped = false;
  /** setData() promises waiting for their data to be drawn. */
  private waiting: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  /** Called after every frame drawn. */
  onFrame: ((info: FrameInfo) => void) | null = null;

  constructor(
    private target: FrameTarget | null,
    private readonly clock: FrameClock = browserClock,
  ) {}

  /** The scene to drive (null until the renderer is up). */
  attach(target: FrameTarget): void {
    this.target = target;
  }

  /** Whether a frame is scheduled. */
  get scheduled(): boolean {
    return this.raf !== 0;
  }

  /** Whether idle-time work is scheduled. */
  get idleScheduled(): boolean {
    return this.idle !== 0;
  }

  get motion(): boolean {
    return this.inMotion;
  }

  /** Whether frames are drawn at the lowered resolution. */
  get lowered(): boolean {
    return this.lowResolution;
  }

  /** Schedules one frame (at most one is pending). */
  request(): void {
    if (!this.raf && !this.stopped && this.target) this.raf = this.clock.requestFrame((t) => this.frame(t));
  }

  /** Draws a frame now, dropping the scheduled one; false without a scene. */
  renderNow(): boolean {
    if (!this.target || this.stopped) return false;
    if (this.raf) this.clock.cancelFrame(this.raf);
    this.frame(this.clock.now());
    return true;
  }

  /** A promise resolved by the next frame showing the data (rejected by `fail`). */
  whenDrawn(): Promise<void> {
    return new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  fail(error: unknown): void {
    for (const w of this.waiting) w.reject(error);
    this.waiting = [];
  }

  /** Continuous motion driven by the host: no settle work until `endMotion`. */
  beginMotion(): void {
    this.inMotion = true;
    this.cancelIdle();
  }

  endMotion(): void {
    if (!this.inMotion) return;
    this.inMotion = false;
    this.request();
  }

  private frame(time: number): void {
    this.raf = 0;
    const target = this.target;
    if (!target || this.stopped) return;
    const t0 = this.clock.now();
    const moving = target.step(time);
    const zoom = target.zoom;
    // A zoom in motion (a wheel or animated zoom, a pinch, continuous motion) is drawn at a lower resolution.
    if (zoom !== this.lastZoom && (moving || target.busy || this.inMotion)) this.setLow(true);
    this.lastZoom = zoom;
    const { more, animating } = target.draw(time);
    if (target.hasData && this.waiting.length > 0) {
      const drawn = this.waiting;
      this.waiting = [];
      for (const w of drawn) w.resolve();
    }
    this.onFrame?.({ time, cpuMs: this.clock.now() - t0 });
    if (animating) this.request();
    if (moving || more || target.busy || this.inMotion) {
      if (moving || more) this.request();
      return;
    }
    if (this.lowResolution) {
      // At rest: one more frame, at full resolution, then settle.
      this.setLow(false);
      this.request();
      return;
    }
    target.settle();
  }

  /** Full resolution again (e.g. before the renderer is handed back). */
  fullResolution(): void {
    this.setLow(false);
  }

  private setLow(low: boolean): void {
    if (low === this.lowResolution || !this.target) return;
    this.lowResolution = low;
    this.target.setLowResolution(low);
  }

  /**
   * Runs `tasks` one after the other in idle time while nothing moves (each until it reports
   * nothing left); nothing new while such work is scheduled. `quiet` is checked before each slice.
   */
  runIdle(tasks: IdleTask[], quiet: () => boolean): void {
    if (this.idle || this.stopped) return;
    this.idleTasks = tasks.slice();
    const next = () => {
      const task = this.idleTasks[0];
      if (!task) return;
      this.idle = this.clock.requestIdle((deadline) => {
        this.idle = 0;
        if (this.stopped || this.inMotion || !quiet()) {
          this.idleTasks = [];
          return;
        }
        if (!task.run(deadline)) this.idleTasks.shift();
        next();
      }, task.timeout);
    };
    next();
  }

  cancelIdle(): void {
    if (this.idle) this.clock.cancelIdle(this.idle);
    this.idle = 0;
    this.idleTasks = [];
  }

  /** Stops for good: nothing is scheduled any more; waiting promises resolve. */
  stop(): void {
    this.stopped = true;
    if (this.raf) this.clock.cancelFrame(this.raf);
    this.raf = 0;
    this.cancelIdle();
    for (const w of this.waiting) w.resolve();
    this.waiting = [];
    this.onFrame = null;
  }
}
