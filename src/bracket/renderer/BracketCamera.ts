import { centreOn, fitBounds, panBy, trackCamera, type Camera, type Point, type Viewport } from '../camera';
import type { BracketLayout } from '../layoutBracket';
import { CameraController } from './CameraController';

/** Where `jumpTo` goes: the Winners track, the Losers track, or the whole bracket. */
export type JumpTarget = 'winners' | 'losers' | 'fit';

/** How the first data is framed: `auto` fits a bracket legible whole, else starts at the top-left of the Winners track. */
export type InitialView = 'auto' | JumpTarget;

/** Moves that can be animated; `animate: false` applies them at once. */
export interface MoveOptions {
  animate?: boolean;
}

/**
 * The engine's camera (no Pixi, no DOM): the motion over time (`CameraController`, whose math is
 * the pure `camera.ts`), where the first data is framed, where the jumps go, and when the camera
 * has come to rest somewhere new (`takeSettled`). Every move returns the camera applied or, when
 * animated, the one aimed at.
 */
export class BracketCamera {
  readonly motion = new CameraController();
  /** The first data has been framed (or the host placed the camera before it). */
  private placed = false;
  /** setCamera() ran before the first data: it replaces the initial framing. */
  private given = false;
  private settled: Camera | null = null;

  get cam(): Camera {
    return this.motion.cam;
  }

  get view(): Viewport {
    return this.motion.view;
  }

  get isPlaced(): boolean {
    return this.placed;
  }

  /** Whether a drag, glide, wheel zoom or animated move is under way. */
  get moving(): boolean {
    return this.motion.moving;
  }

  get centre(): Point {
    return { x: this.view.width / 2, y: this.view.height / 2 };
  }

  /** A new canvas size; false when it did not change. */
  resize(width: number, height: number): boolean {
    if (width === this.view.width && height === this.view.height) return false;
    this.motion.view = { width, height };
    this.motion.setBounds(this.motion.bounds);
    return true;
  }

  /** New data: keeps the camera near the bracket; frames the first data once the canvas has a size. */
  setLayout(layout: BracketLayout | null, initialView: InitialView): void {
    this.motion.setBounds(layout && layout.nodes.count > 0 ? layout.bounds : null);
    this.place(layout, initialView);
  }

  /** Frames the first data (unless the host placed the camera before); true when it happened now. */
  place(layout: BracketLayout | null, initialView: InitialView): boolean {
    if (this.placed || !layout || layout.nodes.count === 0 || this.view.width <= 1) return false;
    this.placed = true;
    if (this.given) return true;
    const whole = fitBounds(layout.bounds, this.view);
    const auto = whole.zoom >= 0.5 ? 'fit' : 'winners';
    this.motion.set(this.jumpCamera(initialView === 'auto' ? auto : initialView, layout) ?? whole);
    // The framing is new: the next rest is reported even if the camera lands where it was.
    this.settled = null;
    return true;
  }

  /** Where a jump goes, null when there is nothing to show there. */
  jumpCamera(to: JumpTarget, layout: BracketLayout | null): Camera | null {
    if (!layout || layout.nodes.count === 0) return null;
    if (to === 'fit') return fitBounds(layout.bounds, this.view);
    const track = layout.tracks[to];
    return track.width > 0 ? trackCamera(track, this.view) : null;
  }

  /** Moves the camera (at once, or animated; `fly`: a zoom-out-and-in flight for far targets). */
  move(cam: Camera | null, animate: boolean, now: number, fly = false): Camera {
    if (cam) {
      if (!animate) this.motion.set(cam);
      else this.motion.animateTo(cam, now, { fly });
    }
    return { ...this.motion.target };
  }

  /** The host places the camera; before the first data it replaces the initial framing. */
  give(cam: Camera, animate: boolean, now: number): Camera {
    if (!this.placed) this.given = true;
    if (animate) {
      this.motion.animateTo(cam, now);
      return { ...this.motion.target };
    }
    return { ...this.motion.set(cam) };
  }

  zoomTo(zoom: number, at: Point | undefined, animate: boolean, now: number): Camera {
    const p = at ?? this.centre;
    if (animate) this.motion.zoomAround(zoom, p.x, p.y, now);
    else this.motion.zoomNowTo(zoom, p.x, p.y);
    return { ...this.motion.target };
  }

  /** Zooms by `factor` from the zoom the camera is heading for, so steps taken while one animates add up. */
  zoomBy(factor: number, at: Point | undefined, animate: boolean, now: number): Camera {
    if (!animate) return this.zoomTo(this.motion.targetZoom * factor, at, false, now);
    const p = at ?? this.centre;
    this.motion.zoomBy(factor, p.x, p.y, now);
    return { ...this.motion.target };
  }

  /** Pans from where a move under way ends, so that quick presses of the arrow keys add up. */
  panBy(dx: number, dy: number, animate: boolean, now: number): Camera {
    return this.move(panBy(this.motion.target, dx, dy), animate, now);
  }

  /** Centres a world point at `zoom` or more (at least 1: a card to read). */
  flyTo(centre: Point, animate: boolean, now: number): Camera {
    return this.move(centreOn(centre, Math.max(1, this.cam.zoom), this.view), animate, now, true);
  }

  /** The camera, when it rests somewhere it had not rested before (once per resting place); else null. */
  takeSettled(): Camera | null {
    if (!this.placed) return null;
    const cam = this.cam;
    const s = this.settled;
    if (s && s.x === cam.x && s.y === cam.y && s.zoom === cam.zoom) return null;
    this.settled = { ...cam };
    return { ...cam };
  }

  /** New data: the next rest is reported even where the camera rested before. */
  forgetSettled(): void {
    this.settled = null;
  }
}
