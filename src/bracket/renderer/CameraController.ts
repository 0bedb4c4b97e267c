import {
  approachZoom,
  clampToBounds,
  clampZoom,
  easeInOutCubic,
  flyPath,
  panBy,
  stepInertia,
  stepZoomInertia,
  zoomAt,
  ZOOM_REST_SPEED,
  type Camera,
  type Velocity,
  type Viewport,
} from '../camera';
import type { Rect } from '../layoutBracket';
import { MAX_ZOOM, MIN_ZOOM } from '../metrics';

type Motion =
  | { kind: 'none' }
  | { kind: 'inertia'; v: Velocity; zv: number; sx: number; sy: number; last: number }
  | { kind: 'wheel'; target: number; sx: number; sy: number; last: number }
  | { kind: 'path'; at: (t: number) => Camera; start: number; duration: number; ease: boolean };

/**
 * Camera motion over time: drag, flick inertia, eased wheel zoom and animated moves. Pure camera
 * math lives in camera.ts; this keeps the state between frames. `step(now)` advances it and
 * says whether another frame is needed.
 */
export class CameraController {
  cam: Camera = { x: 0, y: 0, zoom: 1 };
  view: Viewport = { width: 1, height: 1 };
  bounds: Rect | null = null;
  private motion: Motion = { kind: 'none' };
  private dragging = false;

  get moving(): boolean {
    return this.dragging || this.motion.kind !== 'none';
  }

  private clamp(cam: Camera): Camera {
    return this.bounds ? clampToBounds(cam, this.bounds, this.view) : cam;
  }

  /** Places the camera at once (zoom clamped to the range, position to the bounds); returns what was applied. */
  set(cam: Camera): Camera {
    this.motion = { kind: 'none' };
    this.cam = this.clamp({ x: cam.x, y: cam.y, zoom: clampZoom(cam.zoom) });
    return this.cam;
  }

  /**
   * New content bounds (new data): keeps the camera and any motion under way, only pulling the
   * camera back if the content it showed is gone.
   */
  setBounds(bounds: Rect | null): void {
    this.bounds = bounds;
    this.cam = this.clamp(this.cam);
  }

  stop(): void {
    this.motion = { kind: 'none' };
  }

  dragStart(): void {
    this.motion = { kind: 'none' };
    this.dragging = true;
  }

  dragMove(dx: number, dy: number): void {
    this.cam = this.clamp(panBy(this.cam, dx, dy));
  }

  dragEnd(v: Velocity, now: number): void {
    this.dragging = false;
    if (Math.hypot(v.vx, v.vy) > 0.05) this.motion = { kind: 'inertia', v, zv: 0, sx: 0, sy: 0, last: now };
  }

  /**
   * Ends a pinch with its fingers' speed: the camera glides on (the midpoint's velocity `v`, screen
   * px/ms) and keeps zooming about the midpoint (sx, sy) at `zoomSpeed` (log zoom per ms), both slowing down.
   */
  pinchEnd(v: Velocity, zoomSpeed: number, sx: number, sy: number, now: number): void {
    this.dragging = false;
    const pans = Math.hypot(v.vx, v.vy) > 0.05;
    const zooms = Math.abs(zoomSpeed) > 2 * ZOOM_REST_SPEED;
    if (pans || zooms) this.motion = { kind: 'inertia', v: pans ? v : { vx: 0, vy: 0 }, zv: zooms ? zoomSpeed : 0, sx, sy, last: now };
  }

  /** Pinch: scale about the midpoint (sx, sy), then follow the midpoint's move. */
  pinch(factor: number, sx: number, sy: number, dx: number, dy: number): void {
    this.motion = { kind: 'none' };
    this.cam = this.clamp(panBy(zoomAt(this.cam, this.cam.zoom * factor, sx, sy), dx, dy));
  }

  /**
   * The zoom the camera is heading for: the target of an eased zoom or of an animated move, else the
   * current zoom. Relative zoom steps start from here, so quick presses add up instead of each
   * scaling whatever zoom the animation happened to be at.
   */
  get targetZoom(): number {
    const m = this.motion;
    if (m.kind === 'wheel') return m.target;
    if (m.kind === 'path') return clampZoom(m.at(1).zoom);
    return this.cam.zoom;
  }

  /**
   * Where the camera is heading: the end of an animated move or of an eased zoom, else where it is.
   * Relative moves (arrow keys) start from here, so quick presses add up.
   */
  get target(): Camera {
    const m = this.motion;
    if (m.kind === 'path') return this.clamp(m.at(1));
    if (m.kind === 'wheel') return this.clamp(zoomAt(this.cam, m.target, m.sx, m.sy));
    return this.cam;
  }

  /** A wheel notch: ease towards the new zoom around the pointer; notches accumulate. */
  wheel(factor: number, sx: number, sy: number, now: number): void {
    this.zoomBy(factor, sx, sy, now);
  }

  /** Eases the zoom by `factor` about a screen point; steps taken while one is under way accumulate. */
  zoomBy(factor: number, sx: number, sy: number, now: number): void {
    this.motion = { kind: 'wheel', target: clampZoom(this.targetZoom * factor), sx, sy, last: now };
  }

  /**
   * Zooms immediately to `zoom` about a screen point. The zoom read back is exactly the one asked
   * for (within the range): no factor is multiplied in, so repeated calls do not drift.
   */
  zoomNowTo(zoom: number, sx: number, sy: number): Camera {
    this.motion = { kind: 'none' };
    this.cam = this.clamp(zoomAt(this.cam, zoom, sx, sy));
    return this.cam;
  }

  /** Zooms immediately (trackpad pinch gestures arrive as many small wheel events). */
  zoomNow(factor: number, sx: number, sy: number): void {
    this.motion = { kind: 'none' };
    this.cam = this.clamp(zoomAt(this.cam, this.cam.zoom * factor, sx, sy));
  }

  /** Animated move: a smooth zoom-out-and-in flight for far targets, an eased slide otherwise. */
  animateTo(target: Camera, now: number, options: { fly?: boolean; duration?: number } = {}): void {
    const to = this.clamp({ ...target, zoom: clampZoom(target.zoom) });
    if (options.fly) {
      const path = flyPath(this.cam, to, this.view);
      this.motion = { kind: 'path', at: path.at, start: now, duration: options.duration ?? path.duration, ease: false };
      return;
    }
    const from = this.cam;
    const lz0 = Math.log(from.zoom);
    const lz1 = Math.log(to.zoom);
    // Interpolate the screen centre and log-zoom, so a zoom feels uniform.
    const cx0 = from.x + this.view.width / 2 / from.zoom;
    const cy0 = from.y + this.view.height / 2 / from.zoom;
    const cx1 = to.x + this.view.width / 2 / to.zoom;
    const cy1 = to.y + this.view.height / 2 / to.zoom;
    const at = (t: number): Camera => {
      const zoom = Math.exp(lz0 + (lz1 - lz0) * t);
      const cx = cx0 + (cx1 - cx0) * t;
      const cy = cy0 + (cy1 - cy0) * t;
      return { x: cx - this.view.width / 2 / zoom, y: cy - this.view.height / 2 / zoom, zoom };
    };
    this.motion = { kind: 'path', at, start: now, duration: options.duration ?? 260, ease: true };
  }

  /** Zoom about a screen point, animated. */
  zoomAround(zoom: number, sx: number, sy: number, now: number): void {
    this.motion = { kind: 'wheel', target: clampZoom(zoom), sx, sy, last: now };
  }

  /** Advances the motion to `now`; true while it still moves. */
  step(now: number): boolean {
    const m = this.motion;
    switch (m.kind) {
      case 'none':
        return false;
      case 'inertia': {
        const dt = Math.min(64, Math.max(0, now - m.last));
        m.last = now;
        const s = stepInertia(m.v, dt);
        let cam = panBy(this.cam, s.dx, s.dy);
        let zoomResting = true;
        if (m.zv !== 0) {
          const z = stepZoomInertia(m.zv, dt);
          const zoom = clampZoom(cam.zoom * Math.exp(z.dlog));
          cam = zoomAt(cam, zoom, m.sx, m.sy);
          // At a zoom limit the zoom glide ends.
          m.zv = zoom <= MIN_ZOOM || zoom >= MAX_ZOOM ? 0 : z.v;
          zoomResting = z.resting || m.zv === 0;
        }
        this.cam = this.clamp(cam);
        m.v = s.v;
        const resting = s.resting && zoomResting;
        if (resting) this.motion = { kind: 'none' };
        return !resting;
      }
      case 'wheel': {
        const dt = Math.min(64, Math.max(0, now - m.last));
        m.last = now;
        const z = approachZoom(this.cam.zoom, m.target, dt);
        this.cam = this.clamp(zoomAt(this.cam, z, m.sx, m.sy));
        if (z === m.target) this.motion = { kind: 'none' };
        return z !== m.target;
      }
      case 'path': {
        const t = Math.min(1, (now - m.start) / m.duration);
        const cam = m.at(m.ease ? easeInOutCubic(t) : t);
        this.cam = t >= 1 ? this.clamp(cam) : cam;
        if (t >= 1) this.motion = { kind: 'none' };
        return t < 1;
      }
    }
  }
}
