import { CanvasSource, Container, Graphics, Sprite, Texture } from 'pixi.js';
import type { BracketLayout, Rect } from '../layoutBracket';
import { CARD_HEIGHT, CARD_WIDTH } from '../metrics';
import { viewportOnMinimap, type MinimapPlacement } from '../minimap';
import type { BracketRenderer, OverlayFrame, SceneOverlay } from './BracketRenderer';
import { cssColor, PALETTE } from './palette';

/** Colours of the miniature: decided and pending matches of the Winners track, the Losers track (darker). */
const MINI = {
  panel: PALETTE.cardEmpty,
  border: PALETTE.divider,
  winnersDecided: 0x909296,
  winnersPending: 0x5c5f66,
  losersDecided: 0x6b6f76,
  losersPending: 0x3d4047,
};

/**
 * Draws both tracks of `layout` in miniature on a 2D canvas of `placement`'s size (× `resolution`): one
 * bar per card, merged where cards fall on the same pixel row (a column of thousands of cards is a few
 * hundred rows: ~10,000 rectangles for 65,536 entrants).
 */
export function drawMiniature(ctx: CanvasRenderingContext2D, layout: BracketLayout, placement: MinimapPlacement, resolution: number): void {
  const w = placement.width * resolution;
  const h = placement.height * resolution;
  const sx = w / placement.world.width;
  const sy = h / placement.world.height;
  ctx.clearRect(0, 0, w, h);
  const { nodes } = layout;
  for (const col of layout.columns) {
    if (col.end <= col.first) continue;
    const x = Math.floor((nodes.x[col.first] - placement.world.x) * sx);
    const cw = Math.max(1, Math.round(CARD_WIDTH * sx));
    const losers = nodes.match[col.first].track === 'losers';
    let row = -1;
    for (let n = col.first; n < col.end; n++) {
      const y0 = Math.floor((nodes.y[n] - placement.world.y) * sy);
      const y1 = Math.max(y0 + 1, Math.round((nodes.y[n] + CARD_HEIGHT - placement.world.y) * sy));
      // Cards on a pixel row already drawn add nothing.
      if (y1 <= row) continue;
      const decided = nodes.match[n].winner !== null;
      const color = losers ? (decided ? MINI.losersDecided : MINI.losersPending) : decided ? MINI.winnersDecided : MINI.winnersPending;
      ctx.fillStyle = cssColor(color);
      const top = Math.max(y0, row);
      ctx.fillRect(x, top, cw, y1 - top);
      row = y1;
    }
  }
}

export interface MinimapOptions {
  scene: BracketRenderer;
  /** The layout shown, with the data version (a live update redraws the miniature). */
  layout?: BracketLayout | null;
  version?: number;
  /** Where the minimap sits; null hides it (a bracket that fits the screen). */
  placement?: MinimapPlacement | null;
  /** Whether the minimap has the keyboard focus (its frame is drawn stronger). */
  focused?: boolean;
}

/**
 * The minimap on the canvas (screen space, Pixi's own sprite and graphics: one draw call): the
 * bracket in miniature, and the viewport, which follows the camera in every frame. Declared as the
 * @pixi/react component `bracketMinimap`; its input (click, drag, keys) is `MinimapControl.ts`.
 */
export class MinimapView extends Container implements SceneOverlay {
  private readonly scene: BracketRenderer;
  private readonly panel = new Graphics({ label: 'minimap-panel' });
  private readonly miniature = new Sprite({ label: 'minimap-miniature' });
  private readonly viewport = new Graphics({ label: 'minimap-viewport' });
  private canvas: HTMLCanvasElement | null = null;
  private source: CanvasSource | null = null;
  private props: Required<Omit<MinimapOptions, 'scene'>> = { layout: null, version: 0, placement: null, focused: false };
  private stale = true;
  private shownRect: Rect | null = null;
  readonly quads = 0;

  constructor(options: MinimapOptions) {
    super({ label: 'bracket-minimap' });
    this.scene = options.scene;
    this.addChild(this.panel, this.miniature, this.viewport);
    this.visible = false;
    this.scene.overlays.add(this);
    this.props = { layout: options.layout ?? null, version: options.version ?? 0, placement: options.placement ?? null, focused: options.focused ?? false };
  }

  private setProp<K extends keyof MinimapView['props']>(key: K, value: MinimapView['props'][K]): void {
    if (this.props[key] === value) return;
    this.props = { ...this.props, [key]: value };
    this.stale = true;
  }

  get layout(): BracketLayout | null {
    return this.props.layout;
  }
  set layout(layout: BracketLayout | null) {
    this.setProp('layout', layout);
  }
  get version(): number {
    return this.props.version;
  }
  set version(version: number) {
    this.setProp('version', version);
  }
  get placement(): MinimapPlacement | null {
    return this.props.placement;
  }
  set placement(placement: MinimapPlacement | null) {
    this.setProp('placement', placement);
  }
  get focused(): boolean {
    return this.props.focused;
  }
  set focused(focused: boolean) {
    this.setProp('focused', focused);
  }

  /** Redraws the panel and the miniature (props changed). */
  private rebuild(resolution: number): void {
    const { layout, placement, focused } = this.props;
    // Only the layout the scene draws: the props of a new one are on their way.
    if (!placement || !layout || layout !== this.scene.shownLayout) {
      this.visible = false;
      return;
    }
    this.visible = true;
    this.position.set(placement.x, placement.y);
    this.panel
      .clear()
      .rect(-0.5, -0.5, placement.width + 1, placement.height + 1)
      .fill({ color: MINI.panel, alpha: 0.92 })
      .stroke({ width: focused ? 2 : 1, color: focused ? PALETTE.selection : MINI.border });
    const w = Math.max(1, Math.round(placement.width * resolution));
    const h = Math.max(1, Math.round(placement.height * resolution));
    if (!this.canvas) this.canvas = document.createElement('canvas');
    if (this.canvas.width !== w || this.canvas.height !== h || !this.source) {
      this.canvas.width = w;
      this.canvas.height = h;
      this.source?.destroy();
      this.source = new CanvasSource({ resource: this.canvas, resolution });
      this.miniature.texture = new Texture({ source: this.source });
    }
    const ctx = this.canvas.getContext('2d');
    if (ctx) drawMiniature(ctx, layout, placement, resolution);
    this.source.update();
    this.miniature.setSize(placement.width, placement.height);
    this.shownRect = null;
  }

  frame(f: OverlayFrame): boolean {
    if (this.stale) {
      this.stale = false;
      // The miniature at the renderer's own resolution (not the lower one used while zooming).
      this.rebuild(Math.max(1, Math.round(this.scene.fullResolution)));
    }
    const placement = this.props.placement;
    if (!this.visible || !placement) return false;
    const r = viewportOnMinimap(placement, f.cam, f.view);
    const s = this.shownRect;
    if (!s || s.x !== r.x || s.y !== r.y || s.width !== r.width || s.height !== r.height) {
      this.shownRect = r;
      this.viewport.clear().rect(r.x, r.y, r.width, r.height).fill({ color: PALETTE.selection, alpha: 0.14 }).stroke({ width: 1.5, color: PALETTE.selection });
    }
    return false;
  }

  override destroy(): void {
    this.scene.overlays.delete(this);
    this.miniature.texture = Texture.EMPTY;
    this.source?.destroy();
    this.source = null;
    this.canvas = null;
    super.destroy({ children: true });
  }
}
