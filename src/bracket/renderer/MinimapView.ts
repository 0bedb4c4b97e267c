import { Container } from 'pixi.js';
import type { Viewport } from '../camera';
import type { BracketLayout, Rect } from '../layoutBracket';
import { viewportOnMinimap, type MinimapPlacement } from '../minimap';
import type { BracketRenderer, OverlayFrame, SceneOverlay } from './BracketRenderer';
import { MINIATURE, writeMiniature } from './miniature';
import { QuadStream } from './QuadStream';
import { FlatWriter } from './QuadWriter';
import { createSharedUniforms, flatGeometry, flatShader } from './shaders';

export interface MinimapOptions {
  scene: BracketRenderer;
  /** The layout shown, with the data version (a live update redraws the miniature). */
  layout?: BracketLayout | null;
  version?: number;
  /** Where the minimap sits; null hides it (a bracket that fits the screen). */
  placement?: MinimapPlacement | null;
  /** Whether the minimap has the keyboard focus (its frame is drawn in the selection colour). */
  focused?: boolean;
}

type Props = Required<Omit<MinimapOptions, 'scene'>>;

/**
 * The minimap on the canvas: the bracket in miniature, and the viewport, which follows the camera in
 * every frame. Flat quads in canvas pixels, drawn by the cards' own shader with uniforms of its own (a
 * screen projection): one draw call with no change of program or texture. The miniature is written
 * when the layout, the data or the placement changes; in a frame only the viewport's outline is, and
 * only when it moved on the minimap. Declared as the @pixi/react component `bracketMinimap`; its
 * input (click, drag, keys) is `MinimapControl.ts`.
 */
export class MinimapView extends Container implements SceneOverlay {
  private readonly scene: BracketRenderer;
  private readonly uniforms = createSharedUniforms();
  private readonly stream: QuadStream;
  private readonly writer = new FlatWriter(256);
  private props: Props = { layout: null, version: 0, placement: null, focused: false };
  private stale = true;
  /** Quads of the panel and the miniature (the viewport follows them). */
  private fixedQuads = 0;
  private shownRect: Rect | null = null;
  private projected: Viewport & { resolution: number } = { width: 0, height: 0, resolution: 0 };

  constructor(options: MinimapOptions) {
    super({ label: 'bracket-minimap' });
    this.scene = options.scene;
    this.stream = new QuadStream(flatGeometry, flatShader(this.uniforms), 'bracket-minimap', true, 256);
    this.addChild(this.stream.mesh);
    this.scene.overlays.add(this);
    this.props = { layout: options.layout ?? null, version: options.version ?? 0, placement: options.placement ?? null, focused: options.focused ?? false };
  }

  private setProp<K extends keyof Props>(key: K, value: Props[K]): void {
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

  get quads(): number {
    return this.stream.mesh.visible ? this.stream.count : 0;
  }

  /** The uniforms project canvas pixels (the canvas's size and resolution). */
  private project(view: Viewport, resolution: number): void {
    const p = this.projected;
    if (p.width === view.width && p.height === view.height && p.resolution === resolution) return;
    this.projected = { width: view.width, height: view.height, resolution };
    const u = this.uniforms.uniforms;
    u.uPixel = 1 / resolution;
    u.uOrigin[0] = 0;
    u.uOrigin[1] = 0;
    u.uView[0] = 2 / view.width;
    u.uView[1] = -2 / view.height;
    u.uView[2] = -1;
    u.uView[3] = 1;
    this.uniforms.update();
  }

  frame(f: OverlayFrame): boolean {
    const { layout, placement, focused } = this.props;
    // Only for the layout the scene draws: the props of a new one are on their way.
    const shown = placement !== null && layout !== null && layout === this.scene.shownLayout;
    if (!shown) {
      if (this.stream.count > 0) this.stream.commit(0);
      this.stale = true;
      return false;
    }
    this.project(f.view, f.resolution);
    const w = this.writer;
    if (this.stale) {
      this.stale = false;
      w.reset();
      writeMiniature(w, layout, placement, focused);
      this.fixedQuads = w.count;
      this.shownRect = null;
    }
    const r = viewportOnMinimap(placement, f.cam, f.view);
    const s = this.shownRect;
    // The outline moves by whole half pixels: a pan of a huge bracket rarely moves it at all.
    const q = (v: number) => Math.round(v * 2) / 2;
    if (s && q(s.x) === q(r.x) && q(s.y) === q(r.y) && q(s.width) === q(r.width) && q(s.height) === q(r.height)) return false;
    this.shownRect = r;
    w.count = this.fixedQuads;
    const x0 = placement.x + q(r.x);
    const y0 = placement.y + q(r.y);
    const x1 = x0 + Math.max(2, q(r.width));
    const y1 = y0 + Math.max(2, q(r.height));
    const t = 1.5;
    w.rect(x0, y0, x1, y0 + t, MINIATURE.viewport);
    w.rect(x0, y1 - t, x1, y1, MINIATURE.viewport);
    w.rect(x0, y0 + t, x0 + t, y1 - t, MINIATURE.viewport);
    w.rect(x1 - t, y0 + t, x1, y1 - t, MINIATURE.viewport);
    this.stream.ensure(w.count);
    this.stream.f32.set(w.view());
    this.stream.commit(w.count);
    return false;
  }

  override destroy(): void {
    this.scene.overlays.delete(this);
    this.removeChild(this.stream.mesh);
    this.stream.destroy();
    super.destroy();
  }
}
