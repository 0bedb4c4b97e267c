import { fitZoom, MIN_OVERVIEW_ZOOM, type Camera, type Point, type Viewport } from './camera';
import type { Rect } from './layoutBracket';

/*
 * Pure minimap math: whether a bracket gets a minimap, where it sits on the canvas, and the
 * mapping between the world and the minimap (x and y scaled apart: a bracket of 65,536 entries is
 * hundreds of times taller than wide, and a uniform miniature of it would be a hairline).
 */

/** Where the minimap sits on the canvas (screen pixels) and how it maps the bracket's bounds. */
export interface MinimapPlacement {
  /** Top-left corner and size on the canvas. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The world rectangle it shows (the bracket's bounds). */
  world: Rect;
}

/** Gap between the minimap and the canvas's bottom-right corner. */
export const MINIMAP_MARGIN = 12;
const MAX_WIDTH = 220;
const MAX_HEIGHT = 160;
/** A very tall (or wide) bracket is stretched across at least this many pixels, so its columns stay apart. */
const MIN_WIDTH = 100;
const MIN_HEIGHT = 56;

/**
 * Whether a bracket is larger than the screen: it does not fit whole at a legible zoom (the zoom at
 * which the engine starts it from its top-left instead of showing it whole). Smaller ones get no minimap.
 */
export function needsMinimap(bounds: Rect, view: Viewport): boolean {
  return fitZoom(bounds, view) < MIN_OVERVIEW_ZOOM;
}

/**
 * The minimap of `bounds` on a canvas of size `view`, at its bottom-right corner; null when the
 * bracket fits the screen or the canvas is too small to spare the room.
 */
export function minimapPlacement(bounds: Rect, view: Viewport): MinimapPlacement | null {
  if (bounds.width <= 0 || bounds.height <= 0 || !needsMinimap(bounds, view)) return null;
  // At most 40 % of the canvas across and 30 % down (a phone keeps most of its screen for the bracket).
  const maxW = Math.min(MAX_WIDTH, Math.floor(view.width * 0.4));
  const maxH = Math.min(MAX_HEIGHT, Math.floor(view.height * 0.3));
  if (maxW < MIN_WIDTH || maxH < MIN_HEIGHT) return null;
  const s = Math.min(maxW / bounds.width, maxH / bounds.height);
  const width = Math.round(Math.min(maxW, Math.max(MIN_WIDTH, bounds.width * s)));
  const height = Math.round(Math.min(maxH, Math.max(MIN_HEIGHT, bounds.height * s)));
  return { x: view.width - MINIMAP_MARGIN - width, y: view.height - MINIMAP_MARGIN - height, width, height, world: bounds };
}

/** The world point under a point of the minimap (minimap-local pixels), kept inside the bracket. */
export function minimapToWorld(p: MinimapPlacement, local: Point): Point {
  const u = Math.min(1, Math.max(0, local.x / p.width));
  const v = Math.min(1, Math.max(0, local.y / p.height));
  return { x: p.world.x + u * p.world.width, y: p.world.y + v * p.world.height };
}

/** A world point on the minimap (minimap-local pixels). */
export function worldToMinimap(p: MinimapPlacement, world: Point): Point {
  return { x: ((world.x - p.world.x) / p.world.width) * p.width, y: ((world.y - p.world.y) / p.world.height) * p.height };
}

/**
 * The part of the bracket the camera shows, on the minimap (minimap-local pixels), clipped to the
 * minimap and at least 4 px each way so that it stays visible and grabbable.
 */
export function viewportOnMinimap(p: MinimapPlacement, cam: Camera, view: Viewport): Rect {
  const a = worldToMinimap(p, { x: cam.x, y: cam.y });
  const b = worldToMinimap(p, { x: cam.x + view.width / cam.zoom, y: cam.y + view.height / cam.zoom });
  const clip = (lo: number, hi: number, size: number): [number, number] => {
    let l = Math.max(0, Math.min(size, lo));
    let h = Math.max(0, Math.min(size, hi));
    if (h - l < 4) {
      const c = Math.max(2, Math.min(size - 2, (l + h) / 2));
      l = c - 2;
      h = c + 2;
    }
    return [l, h];
  };
  const [x0, x1] = clip(a.x, b.x, p.width);
  const [y0, y1] = clip(a.y, b.y, p.height);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
