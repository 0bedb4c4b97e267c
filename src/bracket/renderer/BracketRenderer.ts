import { Container, type Renderer } from 'pixi.js';
import type { Camera, Viewport } from '../camera';
import type { BracketLayout } from '../layoutBracket';
import { CARD_HEIGHT, CARD_WIDTH, HEADER_HEIGHT, TITLE_FONT_SIZE } from '../metrics';
import { buildChunkIndex, queryChunks, type ChunkIndex } from '../spatialIndex';
import { cardInfo, DETAIL_BLOCKS, DETAIL_GREEK, DETAIL_TEXT, writeCardShapes, writeJoin } from './cardShapes';
import { writeCard, writeHeader, writeTitles } from './cardText';
import { GlyphAtlas } from './GlyphAtlas';
import { GlyphWriter } from './GlyphWriter';
import { PALETTE, rgba } from './palette';
import { QuadStream } from './QuadStream';
import { FlatWriter } from './QuadWriter';
import { createAtlasUniforms, createSharedUniforms, flatGeometry, flatShader, glyphGeometry, glyphShader, QUAD_WORDS, type SharedUniforms } from './shaders';

/** From this zoom cards show text (13 px names would be under 6.5 px below it). */
export const TEXT_ZOOM = 0.5;
/** Below this zoom cards are drawn as a few blocks. */
export const BLOCKS_ZOOM = 0.25;
/** Glyph quads kept for chunks that scrolled away (64 bytes each: about 4 MB). */
const TEXT_CACHE_LIMIT = 60_000;
/** Time a frame may spend building the text of chunks that just came into view. */
const TEXT_BUDGET_MS = 4;
/** Track titles stay at least this tall on screen, up to TITLE_MAX_SIZE world units. */
const TITLE_MIN_PX = 18;
const TITLE_MAX_SIZE = 150;
/** Camera-relative origin grid (world units), see the shaders. */
const ORIGIN_GRID = 4096;

/** Text of one chunk and where each of its cards starts (in quads). */
interface ChunkText {
  quads: Float32Array;
  offsets: Uint32Array;
}

/** What the scene tells the objects drawn over it (`FlatOverlays.ts`, the minimap) in every frame. */
export interface OverlayFrame {
  /** Frame time (performance.now()). */
  time: number;
  cam: Camera;
  view: Viewport;
  /** Level of detail of the cards (DETAIL_*). */
  detail: number;
  /** Device pixels per CSS pixel the frame is drawn at. */
  resolution: number;
}

/** An object drawn over the bracket that follows the camera or time (registered in `BracketRenderer.overlays`). */
export interface SceneOverlay {
  /** Brings the object up to this frame; true while it animates (another frame should follow). */
  frame(f: OverlayFrame): boolean;
  /** Flat quads it draws (for the frame statistics). */
  readonly quads: number;
}

const EDGE_PENDING = rgba(PALETTE.edge);
const EDGE_DECIDED = rgba(PALETTE.edgeDecided);

export function detailFor(zoom: number): number {
  return zoom >= TEXT_ZOOM ? DETAIL_TEXT : zoom >= BLOCKS_ZOOM ? DETAIL_GREEK : DETAIL_BLOCKS;
}

/**
 * The Pixi scene of one bracket: two meshes, drawn in two draw calls, in two layers that the
 * stage (`BracketStage.tsx`) mounts with the overlays between and above them:
 * - `shapes` (flat mesh): connectors and card shapes on screen;
 * - `text` (glyph mesh, then avatar pictures): text of the cards on screen (level of detail: only
 *   from TEXT_ZOOM), round names, titles.
 * `update` culls against the camera (chunk index, then cards within chunks) and rebuilds vertex
 * data only when what is on screen or the level of detail changes; otherwise a frame only
 * updates uniforms. Card text is cached per chunk (LRU). Objects drawn over the cards (the
 * highlighted path, flashes, the selected match, the search marker, the minimap) are overlays:
 * they register in `overlays` and are brought up to each frame by `updateOverlays`.
 */
export class BracketRenderer {
  /** The flat mesh: connectors and card shapes. */
  readonly shapes = new Container({ label: 'bracket-shapes' });
  /** The glyph mesh and the avatar pictures (a render group: its transform is the camera, for the pictures). */
  readonly text = new Container({ isRenderGroup: true, label: 'bracket-text' });
  readonly atlas = new GlyphAtlas();
  /** Layer for avatar pictures, offset by -origin so its children use world coordinates. */
  readonly images = new Container({ label: 'bracket-images' });
  /** Per-frame values of the shaders (camera, pixel size): overlays drawing world quads share them. */
  readonly shared: SharedUniforms = createSharedUniforms();
  /** Objects drawn over the bracket, brought up to every frame. */
  readonly overlays = new Set<SceneOverlay>();
  private readonly atlasUniforms = createAtlasUniforms();
  private readonly flat: QuadStream;
  private readonly glyphs: QuadStream;
  private readonly flatWriter = new FlatWriter(4096);
  private readonly glyphWriter: GlyphWriter;

  private layout: BracketLayout | null = null;
  private index: ChunkIndex | null = null;
  /** Per card: x, y (f32) and its status word (u32, see CARD_FIELDS; computed when first drawn: 0 until then). */
  private cardData = new Float32Array(0);
  private cardInfo = new Uint32Array(0);
  /** Per connector: source x, y, destination x, y (f32) and colour (u32, 0 until first drawn). */
  private edgeData = new Float32Array(0);
  private edgeColor = new Uint32Array(0);
  private chunkEdgeFirst = new Uint32Array(0);
  private chunkEdgeEnd = new Uint32Array(0);
  private visible: number[] = [];
  private visibleCount = 0;
  /** Visible cards: node ranges [first, end) and visible connectors, refreshed every frame. */
  private cardFirst = new Uint32Array(0);
  private cardEnd = new Uint32Array(0);
  private edgeList = new Uint32Array(0);
  private edgeCount = 0;
  /** World rectangle culled against: x0, y0, x1, y1. */
  private view = [0, 0, 0, 0];
  /** Fingerprint of what was last written: nothing is rebuilt while it holds. */
  private shownKey = NaN;
  private detail = -1;
  /** Round names, one quad range per column (culled like cards). */
  private headerQuads: Float32Array = new Float32Array(0);
  private headerOffsets = new Uint32Array(0);
  private titleQuads: Float32Array = new Float32Array(0);
  /** World size of the track titles: they grow when zoomed out, to stay readable. */
  private titleSize = 0;
  private textChunks = new Map<number, ChunkText>();
  private textCached = 0;
  private textPending = false;
  private originX = 0;
  private originY = 0;
  private firstFrame = true;

  constructor(private resolution: number) {
    const glyph = glyphShader(this.shared, this.atlas.source, this.atlasUniforms);
    this.atlas.onResize = () => {
      glyph.resources.uTexture = this.atlas.source;
      this.syncAtlasSize();
    };
    this.syncAtlasSize();
    this.glyphWriter = new GlyphWriter(this.atlas, 4096);
    // Everything flat is opaque (dimmed colours are pre-mixed): no blending to pay for.
    this.flat = new QuadStream(flatGeometry, flatShader(this.shared), 'flat', true);
    this.glyphs = new QuadStream(glyphGeometry, glyph, 'glyphs');
    this.shapes.addChild(this.flat.mesh);
    this.text.addChild(this.glyphs.mesh, this.images);
  }

  /** The layout drawn, null when none. */
  get shownLayout(): BracketLayout | null {
    return this.layout;
  }

  /** Per connector: source x, y and destination x, y (the connectors of the layout drawn). */
  get edgePoints(): Float32Array {
    return this.edgeData;
  }

  /** The level of detail of the last frame (DETAIL_*; -1 before the first). */
  get detailLevel(): number {
    return this.detail;
  }

  private syncAtlasSize(): void {
    const a = this.atlasUniforms.uniforms.uAtlas;
    a[0] = this.atlas.size;
    a[1] = 1 / (this.atlas.size * 1.5);
    a[2] = 1 / this.atlas.size;
    this.atlasUniforms.update();
  }

  /**
   * Packs a new layout: 12 bytes per card and 20 per connector; quads are made on demand, and the
   * status words and connector colours (which read the match objects) only for what gets drawn.
   */
  setLayout(layout: BracketLayout): void {
    this.layout = layout;
    const ix = (this.index = buildChunkIndex(layout));
    const { nodes, edges } = layout;

    this.cardData = new Float32Array(nodes.count * 2);
    this.cardInfo = new Uint32Array(nodes.count);
    for (let i = 0; i < nodes.count; i++) {
      this.cardData[i * 2] = nodes.x[i];
      this.cardData[i * 2 + 1] = nodes.y[i];
    }

    this.edgeData = new Float32Array(edges.count * 4);
    this.edgeColor = new Uint32Array(edges.count);
    for (let e = 0; e < edges.count; e++) {
      const s = edges.from[e];
      const t = edges.to[e];
      this.edgeData[e * 4] = nodes.x[s] + CARD_WIDTH;
      this.edgeData[e * 4 + 1] = nodes.y[s] + CARD_HEIGHT / 2;
      this.edgeData[e * 4 + 2] = nodes.x[t];
      this.edgeData[e * 4 + 3] = nodes.y[t] + CARD_HEIGHT / 2;
    }
    // Edges are sorted by destination node, so each chunk owns a contiguous range.
    this.chunkEdgeFirst = new Uint32Array(ix.count);
    this.chunkEdgeEnd = new Uint32Array(ix.count);
    let e = 0;
    for (let k = 0; k < ix.count; k++) {
      while (e < edges.count && edges.to[e] < ix.first[k]) e++;
      this.chunkEdgeFirst[k] = e;
      while (e < edges.count && edges.to[e] < ix.end[k]) e++;
      this.chunkEdgeEnd[k] = e;
    }

    this.textChunks.clear();
    this.textCached = 0;
    this.textPending = false;
    this.shownKey = NaN;
    this.visible = new Array<number>(ix.count);
    this.cardFirst = new Uint32Array(ix.count);
    this.cardEnd = new Uint32Array(ix.count);
    this.edgeList = new Uint32Array(edges.count);
    this.glyphWriter.reset();
    this.headerOffsets = new Uint32Array(layout.columns.length + 1);
    layout.columns.forEach((col, c) => {
      this.headerOffsets[c] = this.glyphWriter.count;
      writeHeader(this.glyphWriter, col);
    });
    this.headerOffsets[layout.columns.length] = this.glyphWriter.count;
    this.headerQuads = this.glyphWriter.take();
    this.titleSize = 0;
    this.firstFrame = true;
  }

  /** Colour of connector `e`: lit when its source match is decided. */
  private edgeColour(e: number): number {
    let c = this.edgeColor[e];
    if (c === 0) {
      const { nodes, edges } = this.layout as BracketLayout;
      c = this.edgeColor[e] = nodes.match[edges.from[e]].winner !== null ? EDGE_DECIDED : EDGE_PENDING;
    }
    return c;
  }

  /** Status word of card `n` (see CARD_FIELDS: its `known` bit makes a computed word non-zero). */
  private info(n: number): number {
    let info = this.cardInfo[n];
    if (info === 0) info = this.cardInfo[n] = cardInfo((this.layout as BracketLayout).nodes.match[n]);
    return info;
  }

  /**
   * Redraws the cards of `changed` nodes, whose matches (already swapped into the layout) show
   * new entrants, scores or winners at the same place: their status words, the connector
   * colours and their chunks' text. The next update rebuilds what is on screen, text included.
   */
  updateMatches(changed: readonly number[]): void {
    const layout = this.layout;
    const ix = this.index;
    if (!layout || !ix || changed.length === 0) return;
    for (const n of changed) {
      this.cardInfo[n] = 0;
      const k = ix.chunkOf[n];
      const text = this.textChunks.get(k);
      if (text) {
        this.textChunks.delete(k);
        this.textCached -= text.quads.length / QUAD_WORDS;
      }
    }
    this.edgeColor.fill(0);
    this.shownKey = NaN;
    // Text of a changed card on screen is rebuilt in that frame (no frame without it).
    this.firstFrame = true;
  }

  /**
   * Positions the world for `cam` and refreshes what is visible.
   * Returns true when text is still being built and another frame should follow.
   */
  update(cam: Camera, view: Viewport): boolean {
    const zoom = cam.zoom;
    // Re-base coordinates near the camera: float32 positions far from the origin would wobble.
    this.originX = Math.round(cam.x / ORIGIN_GRID) * ORIGIN_GRID;
    this.originY = Math.round(cam.y / ORIGIN_GRID) * ORIGIN_GRID;
    const ox = (this.originX - cam.x) * zoom;
    const oy = (this.originY - cam.y) * zoom;
    this.text.position.set(ox, oy);
    this.text.scale.set(zoom);
    this.images.position.set(-this.originX, -this.originY);
    const u = this.shared.uniforms;
    u.uPixel = 1 / (zoom * this.resolution);
    u.uOrigin[0] = this.originX;
    u.uOrigin[1] = this.originY;
    u.uView[0] = (2 * zoom) / view.width;
    u.uView[1] = (-2 * zoom) / view.height;
    u.uView[2] = (2 * ox) / view.width - 1;
    u.uView[3] = 1 - (2 * oy) / view.height;
    this.shared.update();
    if (!this.layout || !this.index) return false;

    const margin = 16 / zoom;
    const vx0 = cam.x - margin;
    const vy0 = cam.y - margin;
    const vx1 = cam.x + view.width / zoom + margin;
    const vy1 = cam.y + view.height / zoom + margin;
    this.visibleCount = queryChunks(this.index, { x: vx0, y: vy0, width: vx1 - vx0, height: vy1 - vy0 }, this.visible);
    this.view = [vx0, vy0, vx1, vy1];
    const key = this.cullCards(vx0, vy0, vx1, vy1);
    const detail = detailFor(zoom);
    const detailChanged = detail !== this.detail;
    this.detail = detail;
    const titlesChanged = this.sizeTitles(zoom);
    const shapesChanged = key !== this.shownKey || detailChanged;
    if (shapesChanged) {
      this.shownKey = key;
      this.writeShapes();
      this.load(this.flat, this.flatWriter.view());
    }
    const more = shapesChanged || titlesChanged || this.textPending ? this.writeText() : false;
    this.firstFrame = false;
    this.flat.show();
    this.glyphs.show();
    this.atlas.flush();
    return more;
  }

  /** Track titles at least TITLE_MIN_PX on screen (sizes in quarter-octave steps); true when they changed. */
  private sizeTitles(zoom: number): boolean {
    const wanted = Math.min(TITLE_MAX_SIZE, Math.max(TITLE_FONT_SIZE, TITLE_MIN_PX / zoom));
    const size = TITLE_FONT_SIZE * 2 ** (Math.round(4 * Math.log2(wanted / TITLE_FONT_SIZE)) / 4);
    if (size === this.titleSize || !this.layout) return false;
    this.titleSize = size;
    this.glyphWriter.reset();
    writeTitles(this.glyphWriter, this.layout, size);
    this.titleQuads = this.glyphWriter.take();
    return true;
  }

  /**
   * Narrows the visible chunks to the cards and connectors actually on screen (chunks are
   * several cards tall). Returns a fingerprint of the result.
   */
  private cullCards(vx0: number, vy0: number, vx1: number, vy1: number): number {
    const ix = this.index as ChunkIndex;
    const { nodes } = this.layout as BracketLayout;
    const d = this.edgeData;
    let key = this.visibleCount;
    this.edgeCount = 0;
    for (let i = 0; i < this.visibleCount; i++) {
      const k = this.visible[i];
      let a = ix.first[k];
      let b = ix.end[k];
      const x = nodes.x[a];
      if (x > vx1 || x + CARD_WIDTH < vx0) b = a;
      while (a < b && nodes.y[a] + CARD_HEIGHT < vy0) a++;
      while (b > a && nodes.y[b - 1] > vy1) b--;
      this.cardFirst[i] = a;
      this.cardEnd[i] = b;
      key = (Math.imul(key, 31) + k * 7 + a * 13 + b) | 0;
      for (let e = this.chunkEdgeFirst[k]; e < this.chunkEdgeEnd[k]; e++) {
        const x0 = d[e * 4];
        const y0 = d[e * 4 + 1];
        const x1 = d[e * 4 + 2];
        const y1 = d[e * 4 + 3];
        if (x0 > vx1 || x1 < vx0 || Math.max(y0, y1) < vy0 || Math.min(y0, y1) > vy1) continue;
        this.edgeList[this.edgeCount++] = e;
        key = (Math.imul(key, 17) + e) | 0;
      }
    }
    // Round names on screen count too (they sit above the cards).
    const { columns } = this.layout as BracketLayout;
    for (let c = 0; c < columns.length; c++) {
      const col = columns[c];
      if (col.x > vx1 || col.x + CARD_WIDTH < vx0 || col.headerY > vy1 || col.headerY + HEADER_HEIGHT < vy0) continue;
      key = (Math.imul(key, 13) + c + 1) | 0;
    }
    return key;
  }

  /** Connectors, then cards, on screen, into the flat writer. */
  private writeShapes(): void {
    const w = this.flatWriter;
    const d = this.edgeData;
    w.reset();
    const edges = (this.layout as BracketLayout).edges;
    for (let i = 0; i < this.edgeCount; i++) {
      const e = this.edgeList[i];
      const f = i + 1 < this.edgeCount ? this.edgeList[i + 1] : -1;
      // Two sources of one card share a colour when both are decided or both pending.
      const colour = this.edgeColour(e);
      if (f >= 0 && edges.to[f] === edges.to[e] && this.edgeColour(f) === colour && d[f * 4] === d[e * 4]) {
        writeJoin(w, d[e * 4], d[e * 4 + 1], d[f * 4 + 1], d[e * 4 + 2], d[e * 4 + 3], colour);
        i++;
      } else {
        writeJoin(w, d[e * 4], d[e * 4 + 1], d[e * 4 + 1], d[e * 4 + 2], d[e * 4 + 3], colour);
      }
    }
    for (let i = 0; i < this.visibleCount; i++) {
      for (let n = this.cardFirst[i]; n < this.cardEnd[i]; n++) writeCardShapes(w, this.cardData[n * 2], this.cardData[n * 2 + 1], this.info(n), this.detail);
    }
  }

  private load(stream: QuadStream, quads: Float32Array): void {
    const count = quads.length / QUAD_WORDS;
    stream.ensure(count);
    stream.f32.set(quads);
    stream.commit(count);
  }

  /**
   * Builds, ahead of need, the text of the chunks around the camera (one viewport on every
   * side), so panning rarely has to. For idle time: stops at `deadline` (performance.now()).
   * Returns true while chunks remain.
   */
  prefetchText(cam: Camera, view: Viewport, deadline: number): boolean {
    if (!this.index || detailFor(cam.zoom) !== DETAIL_TEXT) return false;
    const w = view.width / cam.zoom;
    const h = view.height / cam.zoom;
    const around: number[] = [];
    const n = queryChunks(this.index, { x: cam.x - w, y: cam.y - h, width: 3 * w, height: 3 * h }, around);
    for (let i = 0; i < n; i++) {
      if (this.textChunks.has(around[i])) continue;
      // Keep the cache for what is on screen: prefetch at most half of it.
      if (this.textCached > TEXT_CACHE_LIMIT / 2 || performance.now() > deadline) return this.textCached <= TEXT_CACHE_LIMIT / 2;
      this.chunkText(around[i]);
    }
    return false;
  }

  private chunkText(k: number): ChunkText {
    const cached = this.textChunks.get(k);
    if (cached) {
      // Refresh its place in the LRU order.
      this.textChunks.delete(k);
      this.textChunks.set(k, cached);
      return cached;
    }
    const ix = this.index as ChunkIndex;
    const { nodes } = this.layout as BracketLayout;
    const w = this.glyphWriter;
    w.reset();
    const offsets = new Uint32Array(ix.end[k] - ix.first[k] + 1);
    for (let n = ix.first[k]; n < ix.end[k]; n++) {
      offsets[n - ix.first[k]] = w.count;
      writeCard(w, nodes.match[n], nodes.x[n], nodes.y[n]);
    }
    offsets[offsets.length - 1] = w.count;
    const text = { quads: w.take(), offsets };
    this.textChunks.set(k, text);
    this.textCached += w.count;
    for (const [key, data] of this.textChunks) {
      if (this.textCached <= TEXT_CACHE_LIMIT) break;
      this.textChunks.delete(key);
      this.textCached -= data.quads.length / QUAD_WORDS;
    }
    return text;
  }

  /**
   * Glyph mesh = text of the cards on screen (from TEXT_ZOOM) + round names + titles. Text of
   * chunks seen for the first time is built within a time budget; the rest follows next frame.
   */
  private writeText(): boolean {
    const t0 = performance.now();
    const ix = this.index as ChunkIndex;
    const parts: Float32Array[] = [];
    this.textPending = false;
    if (this.detail === DETAIL_TEXT) {
      for (let i = 0; i < this.visibleCount; i++) {
        const k = this.visible[i];
        const a = this.cardFirst[i];
        const b = this.cardEnd[i];
        if (a === b) continue;
        if (!this.textChunks.has(k) && !this.firstFrame && performance.now() - t0 > TEXT_BUDGET_MS) {
          this.textPending = true;
          continue;
        }
        const text = this.chunkText(k);
        parts.push(text.quads.subarray(text.offsets[a - ix.first[k]] * QUAD_WORDS, text.offsets[b - ix.first[k]] * QUAD_WORDS));
      }
      const { columns } = this.layout as BracketLayout;
      const [vx0, vy0, vx1, vy1] = this.view;
      columns.forEach((col, c) => {
        if (col.x > vx1 || col.x + CARD_WIDTH < vx0 || col.headerY > vy1 || col.headerY + HEADER_HEIGHT < vy0) return;
        parts.push(this.headerQuads.subarray(this.headerOffsets[c] * QUAD_WORDS, this.headerOffsets[c + 1] * QUAD_WORDS));
      });
    }
    parts.push(this.titleQuads);
    let total = 0;
    for (const p of parts) total += p.length;
    this.glyphs.ensure(total / QUAD_WORDS);
    let at = 0;
    for (const p of parts) {
      this.glyphs.f32.set(p, at);
      at += p.length;
    }
    this.glyphs.commit(total / QUAD_WORDS);
    return this.textPending;
  }

  /** Brings the overlays up to this frame (after `update`); true while one animates. */
  updateOverlays(time: number, cam: Camera, view: Viewport): boolean {
    if (this.overlays.size === 0) return false;
    const f: OverlayFrame = { time, cam, view, detail: this.detail, resolution: this.resolution };
    let animating = false;
    for (const o of this.overlays) if (o.frame(f)) animating = true;
    return animating;
  }

  /**
   * Renders the meshes once: compiles the shaders and uploads the atlas before data arrives. Called
   * before the stage mounts the layers (they are lent to a container of their own for it). `layer`: one
   * of the two only (the card shapes, or the text with the atlas), so a phone can take them in two tasks.
   */
  warmUp(renderer: Renderer, layer: 'shapes' | 'text' | 'both' = 'both'): void {
    const parts = [
      { stream: this.flat, layer: this.shapes, wanted: layer !== 'text' },
      { stream: this.glyphs, layer: this.text, wanted: layer !== 'shapes' },
    ].filter((p) => p.wanted);
    const streams = parts.map((p) => p.stream);
    const layers = parts.map((p) => p.layer);
    for (const s of streams) {
      // One degenerate quad: every vertex at the origin, nothing is filled.
      s.mesh.visible = true;
      s.geometry.indexCount = 6;
    }
    if (layer !== 'shapes') this.atlas.flush();
    const parents = layers.map((l) => l.parent);
    const lent = new Container();
    lent.addChild(...layers);
    renderer.render({ container: lent });
    lent.removeChildren();
    lent.destroy();
    layers.forEach((l, i) => parents[i]?.addChild(l));
    for (const s of streams) s.commit(s.count);
  }

  /**
   * Lets go of the bracket (layout, packed cards, text cache, highlight) and draws nothing, keeping
   * what is not about one bracket: the shaders, the glyph atlas and the vertex arrays' capacity.
   * A renderer kept for the next bracket page (rendererPool.ts) is cleared this way.
   */
  clear(): void {
    this.layout = null;
    this.index = null;
    this.cardData = new Float32Array(0);
    this.cardInfo = new Uint32Array(0);
    this.edgeData = new Float32Array(0);
    this.edgeColor = new Uint32Array(0);
    this.chunkEdgeFirst = new Uint32Array(0);
    this.chunkEdgeEnd = new Uint32Array(0);
    this.visible = [];
    this.visibleCount = 0;
    this.cardFirst = new Uint32Array(0);
    this.cardEnd = new Uint32Array(0);
    this.edgeList = new Uint32Array(0);
    this.edgeCount = 0;
    this.headerQuads = new Float32Array(0);
    this.headerOffsets = new Uint32Array(0);
    this.titleQuads = new Float32Array(0);
    this.titleSize = 0;
    this.textChunks.clear();
    this.textCached = 0;
    this.textPending = false;
    this.shownKey = NaN;
    this.detail = -1;
    this.glyphWriter.reset();
    this.flatWriter.reset();
    this.flat.commit(0);
    this.glyphs.commit(0);
    this.firstFrame = true;
  }

  /** The device pixels per CSS pixel drawn at (lowered while zooming, see the engine): hairlines stay one pixel wide. */
  setResolution(resolution: number): void {
    this.resolution = resolution;
  }

  /** Quads drawn in the last update, for diagnostics: `shapeQuads` counts the flat quads of the overlays too. */
  stats(): { shapeQuads: number; glyphQuads: number; chunks: number; edges: number } {
    let overlayQuads = 0;
    for (const o of this.overlays) overlayQuads += o.quads;
    return {
      shapeQuads: (this.flat.mesh.visible ? this.flat.count : 0) + overlayQuads,
      glyphQuads: this.glyphs.mesh.visible ? this.glyphs.count : 0,
      chunks: this.visibleCount,
      edges: this.edgeCount,
    };
  }

  destroy(): void {
    this.flat.destroy();
    this.glyphs.destroy();
    this.shapes.destroy({ children: true });
    this.text.destroy({ children: true });
    this.atlas.destroy();
    this.textChunks.clear();
  }
}
