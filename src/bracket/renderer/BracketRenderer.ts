import { Container, type Renderer } from 'pixi.js';
import type { Camera, Viewport } from '../camera';
import type { BracketLayout } from '../layoutBracket';
import { CARD_HEIGHT, CARD_WIDTH } from '../metrics';
import { buildChunkIndex, queryChunks, type ChunkIndex } from '../spatialIndex';
import { cardInfo, writeCardShapes, writeElbow } from './cardShapes';
import { writeCard, writeHeaders, writeTitles } from './cardText';
import { GlyphAtlas } from './GlyphAtlas';
import { GlyphWriter } from './GlyphWriter';
import { PALETTE, rgba } from './palette';
import { QuadStream } from './QuadStream';
import { FlatWriter } from './QuadWriter';
import { createAtlasUniforms, createSharedUniforms, flatGeometry, flatShader, glyphGeometry, glyphShader, QUAD_WORDS } from './shaders';

/** Below this zoom cards show "greeked" bars instead of text (13 px text would be under 6.5 px). */
export const TEXT_ZOOM = 0.5;
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

/**
 * The Pixi scene of one bracket: five meshes in one render group. `update` culls against the
 * camera through the chunk index and rebuilds vertex data only when the set of visible chunks
 * changes; panning and zooming otherwise only move the render group.
 */
export class BracketRenderer {
  readonly world = new Container({ isRenderGroup: true, label: 'bracket-world' });
  readonly atlas = new GlyphAtlas();
  /** Layer for avatar pictures, offset by -origin so its children use world coordinates. */
  readonly images = new Container({ label: 'bracket-images' });
  /** Diagnostics: names of layers to leave out (benchmark only). */
  readonly hidden = new Set<string>();
  private readonly shared = createSharedUniforms();
  private readonly atlasUniforms = createAtlasUniforms();
  private readonly shapes: QuadStream;
  private readonly path: QuadStream;
  private readonly text: QuadStream;
  private readonly headers: QuadStream;
  private readonly titles: QuadStream;
  private readonly flat = new FlatWriter(4096);
  private readonly glyphs: GlyphWriter;

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
  private textChunks = new Map<number, Float32Array>();
  private textCached = 0;
  private textShownKey = '';
  private textOn = false;
  private originX = 0;
  private originY = 0;
  private firstFrame = true;

  constructor(private readonly resolution: number) {
    const glyph = glyphShader(this.shared, this.atlas.source, this.atlasUniforms);
    const flat = flatShader(this.shared);
    this.atlas.onResize = () => {
      glyph.resources.uTexture = this.atlas.source;
      this.syncAtlasSize();
    };
    this.syncAtlasSize();
    this.glyphs = new GlyphWriter(this.atlas, 4096);
    this.shapes = new QuadStream(flatGeometry, flat, 'shapes', true);
    this.path = new QuadStream(flatGeometry, flat, 'path');
    this.text = new QuadStream(glyphGeometry, glyph, 'text');
    this.headers = new QuadStream(glyphGeometry, glyph, 'headers');
    this.titles = new QuadStream(glyphGeometry, glyph, 'titles');
    for (const s of this.streams()) this.world.addChild(s.mesh);
    this.world.addChild(this.images);
  }

  private streams(): QuadStream[] {
    return [this.shapes, this.path, this.text, this.headers, this.titles];
  }

  private syncAtlasSize(): void {
    const size = this.atlasUniforms.uniforms.uAtlasSize;
    size[0] = size[1] = this.atlas.size;
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
    this.writeStatic(this.headers, writeHeaders);
    this.writeStatic(this.titles, writeTitles);
    this.setHighlight(null);
    this.firstFrame = true;
  }

  private load(stream: QuadStream, quads: Float32Array): void {
    const count = quads.length / QUAD_WORDS;
    stream.ensure(count);
    stream.f32.set(quads);
    stream.commit(count);
  }

  private writeStatic(stream: QuadStream, write: (w: GlyphWriter, l: BracketLayout) => void): void {
    if (!this.layout) return;
    this.glyphs.reset();
    write(this.glyphs, this.layout);
    this.load(stream, this.glyphs.view());
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
    this.world.position.set((this.originX - cam.x) * zoom, (this.originY - cam.y) * zoom);
    this.world.scale.set(zoom);
    this.images.position.set(-this.originX, -this.originY);
    const u = this.shared.uniforms;
    u.uPixel = 1 / (zoom * this.resolution);
    this.textOn = zoom >= TEXT_ZOOM;
    u.uGreek = this.textOn ? 0 : 1;
    u.uOrigin[0] = this.originX;
    u.uOrigin[1] = this.originY;
    this.shared.update();
    if (!this.layout || !this.index) return false;

    const margin = 16 / zoom;
    this.visibleCount = queryChunks(
      this.index,
      { x: cam.x - margin, y: cam.y - margin, width: view.width / zoom + 2 * margin, height: view.height / zoom + 2 * margin },
      this.visible,
    );
    if (this.visibleChanged()) this.writeShapes();
    this.headers.enabled = this.textOn;
    this.text.enabled = this.textOn;
    const more = this.textOn ? this.writeText() : false;
    this.firstFrame = false;
    const named: Record<string, QuadStream> = { shapes: this.shapes, path: this.path, text: this.text, headers: this.headers, titles: this.titles };
    for (const [name, stream] of Object.entries(named)) stream.show(this.hidden.has(name));
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

  /** Connectors, then cards, of the visible chunks. */
  private writeShapes(): void {
    const ix = this.index as ChunkIndex;
    const w = this.flat;
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
      for (let n = ix.first[k]; n < ix.end[k]; n++) writeCardShapes(w, this.cardData[n * 2], this.cardData[n * 2 + 1], this.cardInfo[n]);
    }
    this.load(this.shapes, w.view());
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
    this.glyphs.reset();
    for (let n = ix.first[k]; n < ix.end[k]; n++) writeCard(this.glyphs, nodes.match[n], nodes.x[n], nodes.y[n]);
    const quads = this.glyphs.take();
    this.textChunks.set(k, quads);
    this.textCached += quads.length / QUAD_WORDS;
    for (const [key, data] of this.textChunks) {
      if (this.textCached <= TEXT_CACHE_LIMIT) break;
      this.textChunks.delete(key);
      this.textCached -= data.length / QUAD_WORDS;
    }
    return quads;
  }

  private writeText(): boolean {
    const t0 = performance.now();
    const ready: Float32Array[] = [];
    let more = false;
    let key = '';
    for (let i = 0; i < this.visibleCount; i++) {
      const k = this.visible[i];
      if (!this.textChunks.has(k) && !this.firstFrame && performance.now() - t0 > TEXT_BUDGET_MS) {
        more = true;
        continue;
      }
      ready.push(this.chunkText(k));
      key += `${k},`;
    }
    if (key === this.textShownKey) return more;
    this.textShownKey = key;
    let total = 0;
    for (const r of ready) total += r.length;
    this.text.ensure(total / QUAD_WORDS);
    let at = 0;
    for (const r of ready) {
      this.text.f32.set(r, at);
      at += r.length;
    }
    this.text.commit(total / QUAD_WORDS);
    return more;
  }

  /** Outlines the cards of an entrant's path, tints its rows and lights its connectors; null clears. */
  setHighlight(h: Highlight | null): void {
    const layout = this.layout;
    if (!h || !layout) {
      this.path.commit(0);
      return;
    }
    const { nodes, edges } = layout;
    const w = this.flat;
    w.reset();
    const strong = rgba(PALETTE.highlight);
    const faint = rgba(PALETTE.highlight, 0.4);
    const onPath = new Set([...h.played, ...h.ahead]);
    const ahead = new Set(h.ahead);
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
        if (!onPath.has(edges.from[e])) continue;
        const d = this.edgeData;
        writeElbow(w, d[e * 4], d[e * 4 + 1], d[e * 4 + 2], d[e * 4 + 3], ahead.has(n) ? faint : strong);
      }
    }
    const outline = (n: number, color: number) => {
      const x = nodes.x[n];
      const y = nodes.y[n];
      const t = 2;
      w.rect(x - t, y - t, x + CARD_WIDTH + t, y, color);
      w.rect(x - t, y + CARD_HEIGHT, x + CARD_WIDTH + t, y + CARD_HEIGHT + t, color);
      w.rect(x - t, y, x, y + CARD_HEIGHT, color);
      w.rect(x + CARD_WIDTH, y, x + CARD_WIDTH + t, y + CARD_HEIGHT, color);
    };
    for (const n of h.played) outline(n, strong);
    for (const n of h.ahead) outline(n, faint);
    const tint = rgba(PALETTE.highlight, 0.14);
    for (const [n, side] of h.rows) {
      const y = nodes.y[n] + side * (CARD_HEIGHT / 2);
      w.rect(nodes.x[n], y, nodes.x[n] + CARD_WIDTH, y + CARD_HEIGHT / 2, tint);
    }
    this.load(this.path, w.view());
  }

  /** Renders every mesh once: compiles the shaders and uploads the atlas before data arrives. */
  warmUp(renderer: Renderer, stage: Container): void {
    const streams = this.streams();
    const shown = streams.map((s) => s.mesh.visible);
    for (const s of streams) {
      s.mesh.visible = true;
      // One degenerate quad: every vertex at the origin, nothing is filled.
      s.geometry.indexCount = 6;
    }
    this.atlas.flush();
    renderer.render({ container: stage });
    streams.forEach((s, i) => {
      s.mesh.visible = shown[i];
      s.geometry.indexCount = s.count * 6;
    });
  }

  /** Quads drawn in the last update, for diagnostics. */
  stats(): { shapeQuads: number; glyphQuads: number; chunks: number } {
    return { shapeQuads: this.shapes.mesh.visible ? this.shapes.count : 0, glyphQuads: this.text.mesh.visible ? this.text.count : 0, chunks: this.visibleCount };
  }

  get origin(): { x: number; y: number } {
    return { x: this.originX, y: this.originY };
  }

  destroy(): void {
    for (const s of this.streams()) s.destroy();
    this.world.destroy({ children: true });
    this.atlas.destroy();
    this.textChunks.clear();
  }
}
