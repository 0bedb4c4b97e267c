import { releaseVelocity, wheelZoomFactor, type PointerSample } from '../camera';

/** What the input layer asks of the engine. */
export interface InputTarget {
  dragStart(): void;
  dragMove(dx: number, dy: number): void;
  dragEnd(vx: number, vy: number): void;
  pinch(factor: number, sx: number, sy: number, dx: number, dy: number): void;
  /** The fingers of a pinch left the screen together: its midpoint's velocity (px/ms) and zoom speed (log zoom per ms). */
  pinchEnd(vx: number, vy: number, zoomSpeed: number, sx: number, sy: number): void;
  wheel(factor: number, sx: number, sy: number, smooth: boolean): void;
  hover(sx: number, sy: number): void;
  leave(): void;
  tap(sx: number, sy: number, newTab: boolean): void;
  doubleTap(sx: number, sy: number): void;
  key(action: 'in' | 'out' | 'fit' | 'left' | 'right' | 'up' | 'down'): void;
}

/** Pixels a press may travel and still count as a click. */
const CLICK_SLOP = 5;
/** Two taps at most this far apart in time (ms) and space (px) are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_SLOP = 30;
/** A pinch whose second finger leaves within this time (ms) of the first ended with both: it glides on. */
const PINCH_RELEASE_MS = 120;

const KEYS: Record<string, Parameters<InputTarget['key']>[0]> = {
  '+': 'in',
  '=': 'in',
  '-': 'out',
  _: 'out',
  '0': 'fit',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/**
 * DOM events of the canvas → camera intents: drag with inertia, wheel zoom about the pointer,
 * touch gestures (one-finger drag, pinch zoom about the fingers' midpoint with two-finger pan,
 * double tap to zoom; a flick or a pinch glides on when released), clicks that were not drags,
 * hover, and keys while the canvas has focus. Returns a function removing every listener.
 */
export function bindPointerInput(el: HTMLElement, target: InputTarget): () => void {
  const pointers = new Map<number, { x: number; y: number }>();
  let samples: PointerSample[] = [];
  let travelled = 0;
  let pressButton = 0;
  let pressModifier = false;
  let pinchDistance = 0;
  let pinchMid = { x: 0, y: 0 };
  let multi = false;
  /** The pinch's midpoint and log finger distance over time, for its release speed. */
  let midSamples: PointerSample[] = [];
  let spreadSamples: PointerSample[] = [];
  /** A pinch that lost its first finger: how it was moving then, in case the second follows at once. */
  let pinchRelease: { vx: number; vy: number; zoom: number; x: number; y: number; t: number } | null = null;
  /** The last tap of a finger (for double taps), and whether the last press was a finger (dblclick is then ignored). */
  let lastTap: { x: number; y: number; t: number } | null = null;
  let touchPress = false;

  const local = (e: { clientX: number; clientY: number }) => {
    const r = el.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const pinchState = () => {
    const [a, b] = [...pointers.values()];
    return { d: Math.hypot(a.x - b.x, a.y - b.y), mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
  };

  const down = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && e.button !== 0 && e.button !== 1) return;
    el.setPointerCapture?.(e.pointerId);
    const p = local(e);
    pointers.set(e.pointerId, p);
    touchPress = e.pointerType !== 'mouse';
    if (pointers.size === 1) {
      travelled = 0;
      multi = false;
      pinchRelease = null;
      pressButton = e.button;
      pressModifier = e.ctrlKey || e.metaKey;
      samples = [{ ...p, t: e.timeStamp }];
      target.dragStart();
    } else if (pointers.size === 2) {
      multi = true;
      const s = pinchState();
      pinchDistance = s.d;
      pinchMid = s.mid;
      midSamples = [{ ...s.mid, t: e.timeStamp }];
      spreadSamples = [{ x: Math.log(Math.max(1, s.d)), y: 0, t: e.timeStamp }];
    }
    if (e.button === 1) e.preventDefault();
  };

  const move = (e: PointerEvent) => {
    const p = local(e);
    const prev = pointers.get(e.pointerId);
    if (!prev) {
      if (e.pointerType === 'mouse') target.hover(p.x, p.y);
      return;
    }
    pointers.set(e.pointerId, p);
    if (pointers.size >= 2) {
      const s = pinchState();
      const factor = pinchDistance > 0 ? s.d / pinchDistance : 1;
      target.pinch(factor, s.mid.x, s.mid.y, s.mid.x - pinchMid.x, s.mid.y - pinchMid.y);
      pinchDistance = s.d;
      pinchMid = s.mid;
      midSamples.push({ ...s.mid, t: e.timeStamp });
      spreadSamples.push({ x: Math.log(Math.max(1, s.d)), y: 0, t: e.timeStamp });
      if (midSamples.length > 20) midSamples.shift();
      if (spreadSamples.length > 20) spreadSamples.shift();
      return;
    }
    travelled += Math.hypot(p.x - prev.x, p.y - prev.y);
    samples.push({ ...p, t: e.timeStamp });
    if (samples.length > 20) samples.shift();
    if (travelled > CLICK_SLOP || multi) el.style.cursor = 'grabbing';
    target.dragMove(p.x - prev.x, p.y - prev.y);
  };

  const up = (e: PointerEvent) => {
    const p = pointers.get(e.pointerId);
    if (!p) return;
    pointers.delete(e.pointerId);
    if (pointers.size === 1) {
      // A pinch became a one-finger drag: continue from the remaining finger, remembering how the pinch moved
      // in case that finger leaves at once too (a pinch that rested before the release has no speed).
      midSamples.push({ ...pinchMid, t: e.timeStamp });
      spreadSamples.push({ x: Math.log(Math.max(1, pinchDistance)), y: 0, t: e.timeStamp });
      const v = releaseVelocity(midSamples);
      pinchRelease = { vx: v.vx, vy: v.vy, zoom: releaseVelocity(spreadSamples).vx, x: pinchMid.x, y: pinchMid.y, t: e.timeStamp };
      samples = [];
      return;
    }
    if (pointers.size > 0) return;
    el.style.cursor = '';
    if (e.type === 'pointerup' && travelled <= CLICK_SLOP && !multi) {
      target.dragEnd(0, 0);
      const double = touchPress && lastTap !== null && e.timeStamp - lastTap.t < DOUBLE_TAP_MS && Math.hypot(p.x - lastTap.x, p.y - lastTap.y) < DOUBLE_TAP_SLOP;
      lastTap = touchPress && !double ? { ...p, t: e.timeStamp } : null;
      if (double) target.doubleTap(p.x, p.y);
      else target.tap(p.x, p.y, pressButton === 1 || pressModifier);
      return;
    }
    lastTap = null;
    samples.push({ ...p, t: e.timeStamp });
    if (pinchRelease && samples.length < 3 && e.timeStamp - pinchRelease.t < PINCH_RELEASE_MS) {
      // Both fingers of a pinch left together: it glides on, panning and zooming.
      target.pinchEnd(pinchRelease.vx, pinchRelease.vy, pinchRelease.zoom, pinchRelease.x, pinchRelease.y);
      pinchRelease = null;
      return;
    }
    const v = releaseVelocity(samples);
    target.dragEnd(v.vx, v.vy);
  };

  const wheel = (e: WheelEvent) => {
    e.preventDefault();
    const p = local(e);
    const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 100 : 1;
    const dy = e.deltaY * unit;
    // Trackpad pinches arrive as ctrl+wheel with small deltas: follow them directly.
    if (e.ctrlKey) target.wheel(Math.exp(-dy * 0.01), p.x, p.y, false);
    else target.wheel(wheelZoomFactor(dy), p.x, p.y, Math.abs(dy) >= 40);
  };

  const key = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const action = KEYS[e.key];
    if (!action) return;
    e.preventDefault();
    target.key(action);
  };

  const dbl = (e: MouseEvent) => {
    // Fingers' double taps are recognised from their pointer events.
    if (touchPress) return;
    const p = local(e);
    target.doubleTap(p.x, p.y);
  };
  const leave = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && pointers.size === 0) target.leave();
  };
  const aux = (e: MouseEvent) => {
    if (e.button === 1) e.preventDefault();
  };

  el.addEventListener('pointerdown', down);
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerup', up);
  el.addEventListener('pointercancel', up);
  el.addEventListener('pointerleave', leave);
  el.addEventListener('wheel', wheel, { passive: false });
  el.addEventListener('keydown', key);
  el.addEventListener('dblclick', dbl);
  el.addEventListener('auxclick', aux);
  return () => {
    el.removeEventListener('pointerdown', down);
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', up);
    el.removeEventListener('pointercancel', up);
    el.removeEventListener('pointerleave', leave);
    el.removeEventListener('wheel', wheel);
    el.removeEventListener('keydown', key);
    el.removeEventListener('dblclick', dbl);
    el.removeEventListener('auxclick', aux);
  };
}
