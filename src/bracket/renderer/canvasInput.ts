import { screenToWorld } from '../camera';
import type { BracketCamera } from './BracketCamera';
import type { BracketData } from './BracketData';
import type { InputTarget } from './PointerInput';

/** Arrow keys pan this many screen pixels; + and − zoom by this factor. */
export const KEY_PAN = 160;
export const KEY_ZOOM = 1.25;

/** What the canvas's input needs besides the camera and the data. */
export interface CanvasInputHost {
  now(): number;
  /** Something moved: draw a frame. */
  changed(): void;
  /** The pointer is over screen point (sx, sy) (far outside the canvas when it left). */
  hover(sx: number, sy: number): void;
  /** A card was clicked or tapped. */
  open(match: number, newTab: boolean): void;
  /** Keyboard moves, through the facade (so they animate and add up like its methods). */
  zoomBy(factor: number): void;
  panBy(dx: number, dy: number): void;
  fit(): void;
}

/**
 * The canvas's pointer, wheel, touch and key intents (`PointerInput.ts`) turned into camera moves,
 * hover and clicks on cards: drag with inertia, pinch about the fingers' midpoint, wheel zoom
 * about the pointer, double tap on empty space to zoom in, keys.
 */
export function canvasInput(camera: BracketCamera, data: BracketData, host: CanvasInputHost): InputTarget {
  const motion = camera.motion;
  const hitAt = (sx: number, sy: number) => {
    const p = screenToWorld(camera.cam, sx, sy);
    return data.hit(p.x, p.y);
  };
  return {
    dragStart: () => motion.dragStart(),
    dragMove: (dx, dy) => {
      motion.dragMove(dx, dy);
      host.changed();
    },
    dragEnd: (vx, vy) => {
      motion.dragEnd({ vx, vy }, host.now());
      host.changed();
    },
    pinch: (f, sx, sy, dx, dy) => {
      motion.pinch(f, sx, sy, dx, dy);
      host.changed();
    },
    pinchEnd: (vx, vy, zoomSpeed, sx, sy) => {
      motion.pinchEnd({ vx, vy }, zoomSpeed, sx, sy, host.now());
      host.changed();
    },
    wheel: (f, sx, sy, smooth) => {
      if (smooth) motion.wheel(f, sx, sy, host.now());
      else motion.zoomNow(f, sx, sy);
      host.changed();
    },
    hover: (sx, sy) => host.hover(sx, sy),
    leave: () => host.hover(-1e9, -1e9),
    tap: (sx, sy, newTab) => {
      const hit = hitAt(sx, sy);
      if (hit.match !== null) host.open(hit.match, newTab);
    },
    doubleTap: (sx, sy) => {
      if (!data.layout || hitAt(sx, sy).node >= 0) return;
      motion.zoomBy(2, sx, sy, host.now());
      host.changed();
    },
    key: (action) => {
      if (action === 'in') host.zoomBy(KEY_ZOOM);
      else if (action === 'out') host.zoomBy(1 / KEY_ZOOM);
      else if (action === 'fit') host.fit();
      else {
        const dx = action === 'left' ? KEY_PAN : action === 'right' ? -KEY_PAN : 0;
        const dy = action === 'up' ? KEY_PAN : action === 'down' ? -KEY_PAN : 0;
        host.panBy(dx, dy);
      }
    },
  };
}
