import { Container } from 'pixi.js';
import type { EntrantPath } from '../entrantPaths';
import type { BracketLayout } from '../layoutBracket';
import { CARD_HEIGHT, CARD_WIDTH, COLUMN_GAP, NUMBER_WIDTH, ROW_HEIGHT, SCORE_WIDTH, STRIPE_WIDTH } from '../metrics';
import type { BracketRenderer, OverlayFrame, SceneOverlay } from './BracketRenderer';
import { CardFlashes } from './cardFlash';
import { DETAIL_TEXT, writeElbow } from './cardShapes';
import { mixColors, overBackground, PALETTE, rgba } from './palette';
import { QuadStream } from './QuadStream';
import { FlatWriter } from './QuadWriter';
import { flatGeometry, flatShader } from './shaders';

/*
 * What is drawn over the cards, each object a Pixi container with a mesh of flat quads in world
 * coordinates (the cards' shader and camera uniforms, one draw call while it shows something, none
 * while empty). They are declared as @pixi/react components by the stage (`BracketStage.tsx`):
 * React props (from the engine's overlay store) say what to show; `frame` follows the camera and
 * time (the level of detail, a fading flash) without going through React.
 */

/** The options every overlay is created with: the scene it draws over, and the layout its props refer to. */
export interface OverlayOptions {
  scene: BracketRenderer;
  layout?: BracketLayout | null;
}

/** A container with one mesh of flat quads, redrawn when its props or the frame ask for it. */
export abstract class FlatOverlay extends Container implements SceneOverlay {
  protected readonly scene: BracketRenderer;
  private readonly stream: QuadStream;
  private readonly writer = new FlatWriter(16);
  private dirty = true;
  private forLayout: BracketLayout | null = null;

  constructor(options: OverlayOptions, label: string) {
    super({ label });
    this.scene = options.scene;
    this.forLayout = options.layout ?? null;
    this.stream = new QuadStream(flatGeometry, flatShader(options.scene.shared), label, true, 64);
    this.addChild(this.stream.mesh);
    this.scene.overlays.add(this);
  }

  /** Props changed: redraw in the next frame. */
  protected invalidate(): void {
    this.dirty = true;
  }

  /**
   * The layout the props refer to (node numbers are positions in it). Until the props of a new
   * layout arrive, nothing is drawn: an old node number would outline some other card.
   */
  get layout(): BracketLayout | null {
    return this.forLayout;
  }

  set layout(layout: BracketLayout | null) {
    if (layout === this.forLayout) return;
    this.forLayout = layout;
    this.invalidate();
  }

  /** Whether this frame needs a redraw besides a props change (e.g. the level of detail changed). */
  protected stale(f: OverlayFrame): boolean {
    void f;
    return false;
  }

  /** Writes the quads for this frame; the layout drawn is `layout`. */
  protected abstract draw(w: FlatWriter, layout: BracketLayout, f: OverlayFrame): void;

  /** Whether another frame should follow (an animation). */
  protected animating(f: OverlayFrame): boolean {
    void f;
    return false;
  }

  frame(f: OverlayFrame): boolean {
    const layout = this.scene.shownLayout;
    const valid = layout !== null && layout === this.forLayout;
    if (this.dirty || (valid && this.stale(f)) || (!valid && this.stream.count > 0)) {
      this.dirty = false;
      const w = this.writer;
      w.reset();
      if (valid) this.draw(w, layout, f);
      const count = w.count;
      this.stream.ensure(count);
      this.stream.f32.set(w.view());
      this.stream.commit(count);
    }
    return this.animating(f);
  }

  get quads(): number {
    return this.stream.mesh.visible ? this.stream.count : 0;
  }

  override destroy(): void {
    this.scene.overlays.delete(this);
    this.removeChild(this.stream.mesh);
    this.stream.destroy();
    super.destroy();
  }
}

/** A `t`-wide frame around card `n`, outside its edges. */
export function outlineCard(w: FlatWriter, layout: BracketLayout, n: number, color: number, t: number): void {
  const x = layout.nodes.x[n];
  const y = layout.nodes.y[n];
  w.rect(x - t, y - t, x + CARD_WIDTH + t, y, color);
  w.rect(x - t, y + CARD_HEIGHT, x + CARD_WIDTH + t, y + CARD_HEIGHT + t, color);
  w.rect(x - t, y, x, y + CARD_HEIGHT, color);
  w.rect(x + CARD_WIDTH, y, x + CARD_WIDTH + t, y + CARD_HEIGHT, color);
}

/**
 * The path of the hovered (or pinned) entrant: its connectors lit, the cards it played outlined,
 * the ones it would play next outlined faintly, and (with text) its rows tinted under the text.
 */
export class PathOverlay extends FlatOverlay {
  private shown: EntrantPath | null = null;
  private drawnDetail = -1;

  constructor(options: OverlayOptions & { path?: EntrantPath | null }) {
    super(options, 'bracket-path');
    this.shown = options.path ?? null;
  }

  get path(): EntrantPath | null {
    return this.shown;
  }

  set path(path: EntrantPath | null) {
    if (path === this.shown) return;
    this.shown = path;
    this.invalidate();
  }

  protected override stale(f: OverlayFrame): boolean {
    // The rows are tinted only where text is drawn over them.
    return this.shown !== null && (f.detail === DETAIL_TEXT) !== (this.drawnDetail === DETAIL_TEXT);
  }

  protected draw(w: FlatWriter, layout: BracketLayout, f: OverlayFrame): void {
    this.drawnDetail = f.detail;
    const h = this.shown;
    if (!h) return;
    const { nodes, edges } = layout;
    const strong = rgba(PALETTE.highlight);
    const faint = rgba(overBackground(PALETTE.highlight, 0.4));
    const onPath = new Set([...h.played, ...h.ahead]);
    const ahead = new Set(h.ahead);
    const d = this.scene.edgePoints;
    for (const n of onPath) {
      // Edges are sorted by destination: binary-search the ones into n.
      let lo = 0;
      let hi = edges.count;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (edges.to[mid] < n) lo = mid + 1;
        else hi = mid;
      }
      for (let e = lo; e < edges.count && edges.to[e] === n; e++) {
        if (onPath.has(edges.from[e])) writeElbow(w, d[e * 4], d[e * 4 + 1], d[e * 4 + 2], d[e * 4 + 3], ahead.has(n) ? faint : strong);
      }
    }
    for (const n of h.played) outlineCard(w, layout, n, strong, 2);
    for (const n of h.ahead) outlineCard(w, layout, n, faint, 2);
    if (f.detail === DETAIL_TEXT) {
      // The entrant's rows, between the stripe and the score box (text is drawn over it).
      const tint = rgba(mixColors(PALETTE.card, PALETTE.highlight, 0.18));
      for (const [n, side] of h.rows) {
        const y = nodes.y[n] + side * ROW_HEIGHT;
        w.rect(nodes.x[n] + NUMBER_WIDTH + STRIPE_WIDTH, y + (side ? 0.5 : 0), nodes.x[n] + CARD_WIDTH - SCORE_WIDTH, y + ROW_HEIGHT - (side ? 0 : 0.5), tint);
      }
    }
  }
}

/** Cards a live update changed: a highlight-coloured frame that fades out over FLASH_MS. */
export class FlashOverlay extends FlatOverlay {
  private readonly flashes = new CardFlashes();
  private current: { nodes: readonly number[]; at: number } | null = null;

  constructor(options: OverlayOptions & { flash?: { nodes: readonly number[]; at: number } | null }) {
    super(options, 'bracket-flash');
    this.flash = options.flash ?? null;
  }

  get flash(): { nodes: readonly number[]; at: number } | null {
    return this.current;
  }

  /** The cards changed by the latest live update and when (null: none, and any flash stops). */
  set flash(flash: { nodes: readonly number[]; at: number } | null) {
    if (flash === this.current) return;
    this.current = flash;
    if (flash) this.flashes.start(flash.nodes, flash.at);
    else this.flashes.clear();
    this.invalidate();
  }

  protected override stale(): boolean {
    return this.flashes.size > 0;
  }

  protected draw(w: FlatWriter, layout: BracketLayout, f: OverlayFrame): void {
    for (const [n, strength] of this.flashes.at(f.time)) {
      if (n < layout.nodes.count) outlineCard(w, layout, n, rgba(overBackground(PALETTE.highlight, strength)), 3);
    }
  }

  protected override animating(): boolean {
    return this.flashes.size > 0;
  }
}

/** The selected match (e.g. focused in the list of matches): a frame in the selection colour. */
export class MatchOutline extends FlatOverlay {
  private selected = -1;

  constructor(options: OverlayOptions & { node?: number }) {
    super(options, 'bracket-selection');
    this.selected = options.node ?? -1;
  }

  get node(): number {
    return this.selected;
  }

  /** The node to outline, -1 for none. */
  set node(node: number) {
    if (node === this.selected) return;
    this.selected = node;
    this.invalidate();
  }

  protected draw(w: FlatWriter, layout: BracketLayout): void {
    if (this.selected >= 0 && this.selected < layout.nodes.count) outlineCard(w, layout, this.selected, rgba(PALETTE.selection), 3);
  }
}

/** Screen pixels the search marker keeps at least, however far the view is zoomed out. */
const MARKER_MIN_PX = 4;

/**
 * Where the entrant found with the search is: a frame around its row in its latest match and a
 * bar to the left of the card, at least MARKER_MIN_PX thick on screen so it stays visible zoomed out.
 */
export class EntryMarker extends FlatOverlay {
  private marked: readonly [number, number] | null = null;
  private drawnZoom = 0;

  constructor(options: OverlayOptions & { row?: readonly [number, number] | null }) {
    super(options, 'bracket-marker');
    this.marked = options.row ?? null;
  }

  get row(): readonly [number, number] | null {
    return this.marked;
  }

  /** Node and side (0 = A, 1 = B) of the row to mark, null for none. */
  set row(row: readonly [number, number] | null) {
    if (row === this.marked) return;
    this.marked = row;
    this.invalidate();
  }

  protected override stale(f: OverlayFrame): boolean {
    return this.marked !== null && this.thickness(f.cam.zoom) !== this.thickness(this.drawnZoom);
  }

  private thickness(zoom: number): number {
    return Math.max(2, MARKER_MIN_PX / Math.max(zoom, 1e-6));
  }

  protected draw(w: FlatWriter, layout: BracketLayout, f: OverlayFrame): void {
    this.drawnZoom = f.cam.zoom;
    if (!this.marked) return;
    const [n, side] = this.marked;
    if (n >= layout.nodes.count) return;
    const t = this.thickness(f.cam.zoom);
    const color = rgba(PALETTE.highlight);
    const x = layout.nodes.x[n];
    const y = layout.nodes.y[n] + side * ROW_HEIGHT;
    // The row's frame.
    w.rect(x - t, y - t, x + CARD_WIDTH + t, y, color);
    w.rect(x - t, y + ROW_HEIGHT, x + CARD_WIDTH + t, y + ROW_HEIGHT + t, color);
    w.rect(x - t, y, x, y + ROW_HEIGHT, color);
    w.rect(x + CARD_WIDTH, y, x + CARD_WIDTH + t, y + ROW_HEIGHT, color);
    // A pointer bar in the gap left of the card (a mark to spot from afar), clear of the cards before it.
    const gap = COLUMN_GAP * 0.7;
    w.rect(x - Math.max(gap, 3 * t), y + ROW_HEIGHT / 2 - t, x - 2 * t, y + ROW_HEIGHT / 2 + t, color);
  }
}
