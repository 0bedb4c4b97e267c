import type { Rect } from './layoutBracket';
import { MAX_ZOOM, MIN_ZOOM } from './metrics';

/*
 * Pure camera math. A camera is the world point at the top-left corner of the viewport and a
 * zoom (screen pixels per world unit): screen = (world - camera) * zoom.
 */

export interface Camera {
  x: number;
  y: number;
  zoom: number;
}

export interface Viewport {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

export function screenToWorld(cam: Camera, sx: number, sy: number): Point {
  return { x: cam.x + sx / cam.zoom, y: cam.y + sy / cam.zoom };
}

export function worldToScreen(cam: Camera, wx: number, wy: number): Point {
  return { x: (wx - cam.x) * cam.zoom, y: (wy - cam.y) * cam.zoom };
}

/** The world rectangle the viewport shows. */
export function visibleRect(cam: Camera, view: Viewport): Rect {
  return { x: cam.x, y: cam.y, width: view.width / cam.zoom, height: view.height / cam.zoom };
}

/** Zooms to `zoom` (clamped) keeping the world point under the screen point (sx, sy) in place. */
export function zoomAt(cam: Camera, zoom: number, sx: number, sy: number): Camera {
  const z = clampZoom(zoom);
  const w = screenToWorld(cam, sx, sy);
  return { x: w.x - sx / z, y: w.y - sy / z, zoom: z };
}

export function panBy(cam: Camera, dxScreen: number, dyScreen: number): Camera {
  return { x: cam.x - dxScreen / cam.zoom, y: cam.y - dyScreen / cam.zoom, zoom: cam.zoom };
}

/** A camera showing the world point `p` at the centre of the viewport. */
export function centreOn(p: Point, zoom: number, view: Viewport): Camera {
  const z = clampZoom(zoom);
  return { x: p.x - view.width / 2 / z, y: p.y - view.height / 2 / z, zoom: z };
}

/** The zoom at which `rect` plus `padding` screen pixels on every side fills the viewport (unclamped). */
export function fitZoom(rect: Rect, view: Viewport, padding = 24): number {
  const w = Math.max(1, view.width - 2 * padding);
  const h = Math.max(1, view.height - 2 * padding);
  return Math.min(w / Math.max(1, rect.width), h / Math.max(1, rect.height));
}

/**
 * Centres `rect` at the largest zoom that shows it whole, within the zoom range. When it does
 * not fit even at the minimum zoom, shows its top (centred across, or from the left when too
 * wide): where a bracket starts, rather than an arbitrary middle.
 */
export function fitBounds(rect: Rect, view: Viewport, padding = 24): Camera {
  const fit = fitZoom(rect, view, padding);
  const zoom = clampZoom(fit);
  const centred = centreOn({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }, zoom, view);
  if (fit >= zoom) return centred;
  const fitsAcross = rect.width * zoom <= view.width - 2 * padding;
  return { x: fitsAcross ? centred.x : rect.x - padding / zoom, y: rect.y - padding / zoom, zoom };
}

/** Zoom at which card text is comfortably readable. */
export const READABLE_ZOOM = 0.8;
/** Below this zoom a track shown whole is too small to read: show its start instead. */
export const MIN_OVERVIEW_ZOOM = 0.5;

/**
 * Where the Winners / Losers buttons go. A track that fits at a legible zoom
 * (>= MIN_OVERVIEW_ZOOM) is shown whole, never magnified past 1; a larger one is shown from
 * its top-left corner (title, round names, first matches) at READABLE_ZOOM, which is where a
 * viewer starts reading a big bracket.
 */
export function trackCamera(track: Rect, view: Viewport, padding = 24): Camera {
  const fit = fitZoom(track, view, padding);
  if (fit >= MIN_OVERVIEW_ZOOM) {
    return fitBounds(track, view, padding);
  }
  const zoom = clampZoom(READABLE_ZOOM);
  return { x: track.x - padding / zoom, y: track.y - padding / zoom, zoom };
}

/**
 * Keeps some of `bounds` on screen: the camera may not be panned further than leaving
 * `margin` screen pixels of content inside the viewport.
 */
export function clampToBounds(cam: Camera, bounds: Rect, view: Viewport, margin = 64): Camera {
  const vw = view.width / cam.zoom;
  const vh = view.height / cam.zoom;
  const m = margin / cam.zoom;
  const minX = bounds.x - vw + m;
  const maxX = bounds.x + bounds.width - m;
  const minY = bounds.y - vh + m;
  const maxY = bounds.y + bounds.height - m;
  const x = Math.min(Math.max(cam.x, minX), Math.max(minX, maxX));
  const y = Math.min(Math.max(cam.y, minY), Math.max(minY, maxY));
  return x === cam.x && y === cam.y ? cam : { x, y, zoom: cam.zoom };
}

// ---- inertia -------------------------------------------------------------------------------

export interface Velocity {
  /** Screen pixels per millisecond. */
  vx: number;
  vy: number;
}

/** Time constant of the velocity decay (ms): a flick glides about this long times the speed. */
export const INERTIA_TIME_CONSTANT = 325;
/** Below this speed (px/ms) the motion stops. */
export const INERTIA_REST_SPEED = 0.02;

/**
 * One step of a flick: the exact integral of an exponentially decaying velocity over `dt` ms,
 * so the glide is the same at any frame rate. Returns the screen displacement and the new velocity.
 */
export function stepInertia(v: Velocity, dt: number, tau = INERTIA_TIME_CONSTANT): { dx: number; dy: number; v: Velocity; resting: boolean } {
  const decay = Math.exp(-dt / tau);
  const factor = tau * (1 - decay);
  const next = { vx: v.vx * decay, vy: v.vy * decay };
  const resting = Math.hypot(next.vx, next.vy) < INERTIA_REST_SPEED;
  return { dx: v.vx * factor, dy: v.vy * factor, v: resting ? { vx: 0, vy: 0 } : next, resting };
}

/** Below this speed (log zoom per ms: 0.01 % a millisecond) a zoom glide stops. */
export const ZOOM_REST_SPEED = 1e-4;

/**
 * One step of a zoom glide after a pinch: the exact integral of an exponentially decaying zoom
 * speed (log zoom per ms) over `dt` ms. Returns the change of log zoom and the new speed.
 */
export function stepZoomInertia(v: number, dt: number, tau = INERTIA_TIME_CONSTANT): { dlog: number; v: number; resting: boolean } {
  const decay = Math.exp(-dt / tau);
  const next = v * decay;
  const resting = Math.abs(next) < ZOOM_REST_SPEED;
  return { dlog: v * tau * (1 - decay), v: resting ? 0 : next, resting };
}

export interface PointerSample {
  x: number;
  y: number;
  t: number;
}

/**
 * Release velocity of a drag from its recent samples (oldest first): the average over the last
 * `window` ms, zero when the pointer rested before being released.
 */
export function releaseVelocity(samples: readonly PointerSample[], window = 100): Velocity {
  if (samples.length < 2) return { vx: 0, vy: 0 };
  const last = samples[samples.length - 1];
  let first = last;
  for (let i = samples.length - 2; i >= 0; i--) {
    if (last.t - samples[i].t > window) break;
    first = samples[i];
  }
  const dt = last.t - first.t;
  if (dt <= 0) return { vx: 0, vy: 0 };
  return { vx: (last.x - first.x) / dt, vy: (last.y - first.y) / dt };
}

// ---- smooth zoom and fly-to ----------------------------------------------------------------

/** Zoom factor of one wheel event from its pixel delta (a mouse notch is about 100 px: ×1.2). */
export function wheelZoomFactor(deltaY: number): number {
  return Math.exp(-Math.max(-400, Math.min(400, deltaY)) * 0.0018);
}

/**
 * Moves `current` towards `target` zoom in log space with time constant `tau`: the eased
 * zoom a wheel notch starts. Returns the zoom after `dt` ms.
 */
export function approachZoom(current: number, target: number, dt: number, tau = 70): number {
  const k = 1 - Math.exp(-dt / tau);
  const z = Math.exp(Math.log(current) + (Math.log(target) - Math.log(current)) * k);
  return Math.abs(Math.log(z / target)) < 0.002 ? target : z;
}

const RHO = Math.SQRT2;

/**
 * Smooth zoom-and-pan path from camera `a` to camera `b` (van Wijk and Nuij, 2003): zooms out
 * while panning far, so a long jump stays legible. Zoom never leaves the allowed range.
 * Returns the camera at progress t in [0, 1] and a natural duration in ms (clamped to 250–1400).
 */
export function flyPath(a: Camera, b: Camera, view: Viewport): { at: (t: number) => Camera; duration: number } {
  const ux0 = a.x + view.width / 2 / a.zoom;
  const uy0 = a.y + view.height / 2 / a.zoom;
  const ux1 = b.x + view.width / 2 / b.zoom;
  const uy1 = b.y + view.height / 2 / b.zoom;
  const w0 = view.width / a.zoom;
  const w1 = view.width / b.zoom;
  const dx = ux1 - ux0;
  const dy = uy1 - uy0;
  const d2 = dx * dx + dy * dy;
  let S: number;
  let path: (s: number) => [number, number];
  if (d2 < 1e-6) {
    S = Math.log(w1 / w0) / RHO;
    path = (s) => [0, w0 * Math.exp(RHO * s)];
  } else {
    const d1 = Math.sqrt(d2);
    const b0 = (w1 * w1 - w0 * w0 + RHO ** 4 * d2) / (2 * w0 * RHO ** 2 * d1);
    const b1 = (w1 * w1 - w0 * w0 - RHO ** 4 * d2) / (2 * w1 * RHO ** 2 * d1);
    const r0 = Math.log(Math.sqrt(b0 * b0 + 1) - b0);
    const r1 = Math.log(Math.sqrt(b1 * b1 + 1) - b1);
    S = (r1 - r0) / RHO;
    path = (s) => {
      const u = (w0 / (RHO ** 2 * d1)) * (Math.cosh(r0) * Math.tanh(RHO * s + r0) - Math.sinh(r0));
      return [u, (w0 * Math.cosh(r0)) / Math.cosh(RHO * s + r0)];
    };
  }
  const duration = Math.min(1400, Math.max(250, Math.abs(S) * 380));
  const at = (t: number): Camera => {
    if (t <= 0) return a;
    if (t >= 1) return b;
    const [u, w] = path(t * S);
    const zoom = clampZoom(view.width / w);
    const cx = d2 < 1e-6 ? ux0 : ux0 + u * dx;
    const cy = d2 < 1e-6 ? uy0 : uy0 + u * dy;
    return centreOn({ x: cx, y: cy }, zoom, view);
  };
  return { at, duration };
}

/** Ease for timed camera moves. */
export function easeInOutCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}
