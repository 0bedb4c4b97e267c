import { Container, type Renderer } from 'pixi.js';
import type { Camera, Viewport } from '../camera';
import type { BracketLayout } from '../layoutBracket';
import { CARD_HEIGHT, CARD_WIDTH, NUMBER_WIDTH, ROW_HEIGHT, SCORE_WIDTH, STRIPE_WIDTH } from '../metrics';
import { buildChunkIndex, queryChunks, type ChunkIndex } from '../spatialIndex';
import { cardInfo, DETAIL_BLOCKS, DETAIL_GREEK, DETAIL_TEXT, writeCardShapes, writeElbow } from './cardShapes';
import { writeCard, writeHeaders, writeTitles } from './cardText';
import { GlyphAtlas } from './GlyphAtlas';
import { GlyphWriter } from './GlyphWriter';
import { mixColors, overBackground, PALETTE, rgba } from './palette';
import { QuadStream } from './QuadStream';
import { FlatWriter } from './QuadWriter';
import { createAtlasUniforms, createSharedUniforms, flatGeometry, flatShader, glyphGeometry, glyphShader, QUAD_WORDS } from './shaders';

/** From this zoom cards show text (13 px names would be under 6.5 px below it). */
export const TEXT_ZOOM = 0.5;
/** Below this zoom cards are drawn as a few blocks. */
export const BLOCKS_ZOOM = 0.25;
/** Glyph quads kept for chunks that scrolled away (64 bytes each: about 4 MB). */
const TEXT_CACHE_LIMIT = 60_000;
/** Time a frame may spend building the text of chunks that just came into view. */
const TEXT_BUDGET_MS = 6;
/** Camera-relative origin grid (world units), see the shaders. */
const ORIGIN_GRID = 4096;

/** What hovering an entrant highlights: the matches it played and the ones it would play next. */
export interface Highlight {
  played: number[];
  ahead: number[];
  /** Node and side (0 = A, 1 = B) of the entrant's rows. */
  rows: [number, number][];
}

export function detailFor(zoom: number): number {
  return zoom >= TEXT_ZOOM ? DETAIL_TEXT : zoom >= BLOCKS_ZOOM ? DETAIL_GREEK : DETAIL_BLOCKS;
}

/**
 * The Pixi scene of one bracket: two meshes in one render group, drawn in two draw calls.
 * - flat: connectors and card shapes of the visible chunks, then the highlighted path;
 * - glyphs: text of the visible chunks (level of detail: only from TEXT_ZOOM), round names, titles.
 * `update` culls against the camera through the chunk index and rebuilds vertex data only when
 * the visible chunks or the level of detail change; otherwise a frame only updates uniforms.
 */
export class BracketRenderer {
  readonly world = new Container({ isRenderGroup: true, label: 'bracket-world' });
  readonly atlas = new GlyphAtlas();
  /** Layer for avatar pictures, offset by -origin so its children use world coordinates. */
  readonly images = new Container({ label: 'bracket-images' });
  /** Diagnostics: layers to leave out ('flat', 'glyphs'; benchmark only). */
  readonly hidden = new Set<string>();
  private readonly shared = createSharedUniforms();
  private readonly atlasUniforms = createAtlasUniforms();
  private readonly flat: QuadStream;
  private readonly glyphs: QuadStream;
  private readonly flatWriter = new FlatWriter(4096);
  private readonly glyphWriter: GlyphWriter;

  private layout: BracketLayout | null = null;
  private index: ChunkIndex | null = null;
  /** Per card: x, y (f32) and packed status (u32). */
  private cardData = new Float32Array(0);
  private cardInfo = new Uint32Array(0);
  /** Per connector: source x, y, destination x, y (f32) and colour (u32). */
  private edgeData = new Float32Array(0);
  private edgeColor = new Uint32Array(0);
  private chunkEdgeFirst = new Uint32Array(0);
  private chunkEdgeEnd = new Uint32Array(0);
  private visible: number[] = [];
  private visibleCount = 0;
  private shownChunks = new Uint32Array(0);
  private shownCount = -1;
  private detail = -1;
  private shapeQuads = 0;
  private pathQuads: Float32Array = new Float32Array(0);
  private highlight: Highlight | null = null;
  private headerQuads: Float32Array = new Float32Array(0);
  private titleQuads: Float32Array = new Float32Array(0);
  private textChunks = new Map<number, Float32Array>();
  private textCached = 0;
  private textShownKey = '';
  private originX = 0;
  private originY = 0;
  private firstFrame = true;

  constructor(private readonly resolution: number) {
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
    this.world.addChild(this.flat.mesh, this.glyphs.mesh, this.images);
  }

  private syncAtlasSize(): void {
    const a = this.atlasUniforms.uniforms.uAtlas;
    a[0] = this.atlas.size;
    a[1] = 1 / (this.atlas.size * 1.5);
    a[2] = 1 / this.atlas.size;
    this.atlasUniforms.update();
  }

  /** Packs a new layout: 12 bytes per card and 20 per connector; quads are made on demand. */
  setLayout(layout: BracketLayout): void {
    this.layout = layout;
    const ix = (this.index = buildChunkIndex(layout));
    const { nodes, edges } = layout;

    this.cardData = new Float32Array(nodes.count * 2);
    this.cardInfo = new Uint32Array(nodes.count);
    for (let i = 0; i < nodes.count; i++) {
      this.cardData[i * 2] = nodes.x[i];
      this.cardData[i * 2 + 1] = nodes.y[i];
      this.cardInfo[i] = cardInfo(nodes.match[i]);
    }

    this.edgeData = new Float32Array(edges.count * 4);
    this.edgeColor = new Uint32Array(edges.count);
    const pending = rgba(PALETTE.edge);
    const decided = rgba(PALETTE.edgeDecided);
    for (let e = 0; e < edges.count; e++) {
      const s = edges.from[e];
      const t = edges.to[e];
      this.edgeData[e * 4] = nodes.x[s] + CARD_WIDTH;
      this.edgeData[e * 4 + 1] = nodes.y[s] + CARD_HEIGHT / 2;
      this.edgeData[e * 4 + 2] = nodes.x[t];
      this.edgeData[e * 4 + 3] = nodes.y[t] + CARD_HEIGHT / 2;
      this.edgeColor[e] = nodes.match[s].winner !== null ? decided : pending;
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
    this.textShownKey = '';
    this.shownCount = -1;
    this.visible = new Array<number>(ix.count);
    this.shownChunks = new Uint32Array(ix.count);
    this.glyphWriter.reset();
    writeHeaders(this.glyphWriter, layout);
    this.headerQuads = this.glyphWriter.take();
    this.glyphWriter.reset();
    writeTitles(this.glyphWriter, layout);
    this.titleQuads = this.glyphWriter.take();
    this.highlight = null;
    this.pathQuads = new Float32Array(0);
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
    this.world.position.set(ox, oy);
    this.world.scale.set(zoom);
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
    this.visibleCount = queryChunks(
      this.index,
      { x: cam.x - margin, y: cam.y - margin, width: view.width / zoom + 2 * margin, height: view.height / zoom + 2 * margin },
      this.visible,
    );
    const detail = detailFor(zoom);
    const detailChanged = detail !== this.detail;
    this.detail = detail;
    if (this.visibleChanged() || detailChanged) {
      this.writeShapes();
      if (detailChanged) this.writePath();
      this.composeFlat();
    }
    const more = this.writeText(detailChanged);
    this.firstFrame = false;
    this.flat.show(this.hidden.has('flat'));
    this.glyphs.show(this.hidden.has('glyphs'));
    this.atlas.flush();
    return more;
  }

  private visibleChanged(): boolean {
    let changed = this.visibleCount !== this.shownCount;
    for (let i = 0; i < this.visibleCount && !changed; i++) changed = this.visible[i] !== this.shownChunks[i];
    if (!changed) return false;
    for (let i = 0; i < this.visibleCount; i++) this.shownChunks[i] = this.visible[i];
    this.shownCount = this.visibleCount;
    return true;
  }

  /** Connectors, then cards, of the visible chunks, into the flat writer. */
  private writeShapes(): void {
    const ix = this.index as ChunkIndex;
    const w = this.flatWriter;
    const d = this.edgeData;
    w.reset();
    for (let i = 0; i < this.visibleCount; i++) {
      const k = this.visible[i];
      for (let e = this.chunkEdgeFirst[k]; e < this.chunkEdgeEnd[k]; e++) {
        writeElbow(w, d[e * 4], d[e * 4 + 1], d[e * 4 + 2], d[e * 4 + 3], this.edgeColor[e]);
      }
    }
    for (let i = 0; i < this.visibleCount; i++) {
      const k = this.visible[i];
      for (let n = ix.first[k]; n < ix.end[k]; n++) writeCardShapes(w, this.cardData[n * 2], this.cardData[n * 2 + 1], this.cardInfo[n], this.detail);
    }
    this.shapeQuads = w.count;
  }

  /** Flat mesh = visible shapes (already in the writer) + the highlighted path on top. */
  private composeFlat(): void {
    const w = this.flatWriter;
    w.count = this.shapeQuads;
    w.append(this.pathQuads);
    this.load(this.flat, w.view());
  }

  private load(stream: QuadStream, quads: Float32Array): void {
    const count = quads.length / QUAD_WORDS;
    stream.ensure(count);
    stream.f32.set(quads);
    stream.commit(count);
  }

  private chunkText(k: number): Float32Array {
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
    for (let n = ix.first[k]; n < ix.end[k]; n++) writeCard(w, nodes.match[n], nodes.x[n], nodes.y[n]);
    const quads = w.take();
    this.textChunks.set(k, quads);
    this.textCached += quads.length / QUAD_WORDS;
    for (const [key, data] of this.textChunks) {
      if (this.textCached <= TEXT_CACHE_LIMIT) break;
      this.textChunks.delete(key);
      this.textCached -= data.length / QUAD_WORDS;
    }
    return quads;
  }

  /** Glyph mesh = text of the visible chunks (from TEXT_ZOOM) + round names + titles. */
  private writeText(force: boolean): boolean {
    const t0 = performance.now();
    const parts: Float32Array[] = [];
    let more = false;
    let key = `${this.detail}:`;
    if (this.detail === DETAIL_TEXT) {
      for (let i = 0; i < this.visibleCount; i++) {
        const k = this.visible[i];
        if (!this.textChunks.has(k) && !this.firstFrame && performance.now() - t0 > TEXT_BUDGET_MS) {
          more = true;
          continue;
        }
        parts.push(this.chunkText(k));
        key += `${k},`;
      }
      parts.push(this.headerQuads);
    }
    parts.push(this.titleQuads);
    if (key === this.textShownKey && !force) return more;
    this.textShownKey = key;
    let total = 0;
    for (const p of parts) total += p.length;
    this.glyphs.ensure(total / QUAD_WORDS);
    let at = 0;
    for (const p of parts) {
      this.glyphs.f32.set(p, at);
      at += p.length;
    }
    this.glyphs.commit(total / QUAD_WORDS);
    return more;
  }

  /** Outlines the cards of an entrant's path, tints its rows and lights its connectors; null clears. */
  setHighlight(h: Highlight | null): void {
    this.highlight = h;
    if (!this.layout) return;
    this.writePath();
    this.composeFlat();
  }

  private writePath(): void {
    const layout = this.layout;
    const h = this.highlight;
    if (!layout || !h) {
      this.pathQuads = new Float32Array(0);
      return;
    }
    const { nodes, edges } = layout;
    const w = new FlatWriter(64);
    const strong = rgba(PALETTE.highlight);
    const faint = rgba(overBackground(PALETTE.highlight, 0.4));
    const onPath = new Set([...h.played, ...h.ahead]);
    const ahead = new Set(h.ahead);
    const d = this.edgeData;
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
    const t = 2;
    const outline = (n: number, color: number) => {
      const x = nodes.x[n];
      const y = nodes.y[n];
      w.rect(x - t, y - t, x + CARD_WIDTH + t, y, color);
      w.rect(x - t, y + CARD_HEIGHT, x + CARD_WIDTH + t, y + CARD_HEIGHT + t, color);
      w.rect(x - t, y, x, y + CARD_HEIGHT, color);
      w.rect(x + CARD_WIDTH, y, x + CARD_WIDTH + t, y + CARD_HEIGHT, color);
    };
    for (const n of h.played) outline(n, strong);
    for (const n of h.ahead) outline(n, faint);
    if (this.detail === DETAIL_TEXT) {
      // The entrant's rows, between the stripe and the score box (text is drawn over it).
      const tint = rgba(mixColors(PALETTE.card, PALETTE.highlight, 0.18));
      for (const [n, side] of h.rows) {
        const y = nodes.y[n] + side * ROW_HEIGHT;
        w.rect(nodes.x[n] + NUMBER_WIDTH + STRIPE_WIDTH, y + (side ? 0.5 : 0), nodes.x[n] + CARD_WIDTH - SCORE_WIDTH, y + ROW_HEIGHT - (side ? 0 : 0.5), tint);
      }
    }
    this.pathQuads = w.take();
  }

  /** Renders both meshes once: compiles the shaders and uploads the atlas before data arrives. */
  warmUp(renderer: Renderer, stage: Container): void {
    for (const s of [this.flat, this.glyphs]) {
      // One degenerate quad: every vertex at the origin, nothing is filled.
      s.mesh.visible = true;
      s.geometry.indexCount = 6;
    }
    this.atlas.flush();
    renderer.render({ container: stage });
    for (const s of [this.flat, this.glyphs]) s.commit(s.count);
  }

  /** Quads drawn in the last update, for diagnostics. */
  stats(): { shapeQuads: number; glyphQuads: number; chunks: number } {
    return { shapeQuads: this.flat.mesh.visible ? this.flat.count : 0, glyphQuads: this.glyphs.mesh.visible ? this.glyphs.count : 0, chunks: this.visibleCount };
  }

  destroy(): void {
    this.flat.destroy();
    this.glyphs.destroy();
    this.world.destroy({ children: true });
    this.atlas.destroy();
    this.textChunks.clear();
  }
}
