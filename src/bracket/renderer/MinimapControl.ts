import type { Point } from '../camera';
import { minimapToWorld, type MinimapPlacement } from '../minimap';

/** What the minimap's input asks of the engine. */
export interface MinimapTarget {
  /** Centres the camera on a world point: animated (a click: fly there) or at once (a drag follows the pointer). */
  centreOn(world: Point, animate: boolean): void;
  /** Moves the view by a fraction of the viewport (arrow keys). */
  panViewports(fx: number, fy: number): void;
  /** Drag on the minimap under way (no settle work until it ends). */
  dragging(active: boolean): void;
  /** Keyboard focus entered or left the minimap (its frame is drawn stronger). */
  focus(focused: boolean): void;
}

export const MINIMAP_LABEL = 'Bracket minimap: arrow keys move the view, click or drag to go to a place.';
/** Share of the viewport an arrow key moves the view by. */
const KEY_STEP = 0.5;

/**
 * The minimap's input, an element over the minimap drawn on the canvas: a click flies the camera
 * there, a drag moves it along, and it takes the keyboard focus (Tab) with a clear label; arrow keys
 * move the view. Hidden (and out of the tab order) when there is no minimap.
 */
export class MinimapControl {
  readonly element: HTMLDivElement;
  private placement: MinimapPlacement | null = null;
  private drag: { id: number; moved: boolean; start: Point } | null = null;
  private readonly off: (() => void)[] = [];

  constructor(
    host: HTMLElement,
    private readonly target: MinimapTarget,
  ) {
    const el = (this.element = document.createElement('div'));
    el.dataset.bracketMinimap = '';
    el.tabIndex = 0;
    el.setAttribute('role', 'application');
    el.setAttribute('aria-roledescription', 'minimap');
    el.setAttribute('aria-label', MINIMAP_LABEL);
    el.title = 'Minimap: click or drag to move the view';
    Object.assign(el.style, { position: 'absolute', display: 'none', cursor: 'pointer', touchAction: 'none', borderRadius: '2px', outline: 'none' });
    host.appendChild(el);
    const on = <K extends keyof HTMLElementEventMap>(type: K, fn: (e: HTMLElementEventMap[K]) => void) => {
      el.addEventListener(type, fn);
      this.off.push(() => el.removeEventListener(type, fn));
    };
    on('pointerdown', (e) => {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      e.preventDefault();
      el.setPointerCapture?.(e.pointerId);
      this.drag = { id: e.pointerId, moved: false, start: this.local(e) };
      target.dragging(true);
    });
    on('pointermove', (e) => {
      const d = this.drag;
      if (!d || d.id !== e.pointerId) return;
      const p = this.local(e);
      if (!d.moved && Math.hypot(p.x - d.start.x, p.y - d.start.y) < 3) return;
      d.moved = true;
      this.go(p, false);
    });
    const end = (e: PointerEvent) => {
      const d = this.drag;
      if (!d || d.id !== e.pointerId) return;
      this.drag = null;
      target.dragging(false);
      // A click (no drag): fly there.
      if (!d.moved && e.type === 'pointerup') this.go(this.local(e), true);
    };
    on('pointerup', end);
    on('pointercancel', end);
    on('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const step: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      const s = step[e.key];
      if (!s) return;
      e.preventDefault();
      target.panViewports(s[0] * KEY_STEP, s[1] * KEY_STEP);
    });
    on('focus', () => target.focus(true));
    on('blur', () => target.focus(false));
  }

  private local(e: PointerEvent): Point {
    const r = this.element.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  private go(local: Point, animate: boolean): void {
    if (this.placement) this.target.centreOn(minimapToWorld(this.placement, local), animate);
  }

  /** Places the control over the minimap, or hides it (no minimap). */
  place(placement: MinimapPlacement | null): void {
    this.placement = placement;
    const s = this.element.style;
    if (!placement) {
      s.display = 'none';
      return;
    }
    Object.assign(s, { display: 'block', left: `${placement.x}px`, top: `${placement.y}px`, width: `${placement.width}px`, height: `${placement.height}px` });
  }

  destroy(): void {
    for (const off of this.off) off();
    this.element.remove();
  }
}
