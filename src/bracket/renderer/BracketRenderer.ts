import { Container } from 'pixi.js';
import type { Camera, Viewport } from '../camera';
import type { BracketLayout } from '../layoutBracket';
import { AVATAR_SIZE, AVATAR_X, CARD_HEIGHT, CARD_WIDTH, NAME_MAX_WIDTH, NAME_X } from '../metrics';
import type { ViewEntry, ViewMatch } from '../model';
import { buildChunkIndex, queryChunks, type ChunkIndex } from '../spatialIndex';
import { writeCard, writeHeaders, writeTitles } from './cardText';
import { GlyphAtlas } from './GlyphAtlas';
import { GlyphWriter } from './GlyphWriter';
import { InstanceStream } from './InstanceStream';
import { PALETTE, rgba } from './palette';
import {
  CARD_EMPTY,
  CARD_READY,
  CARD_STRIDE,
  cardGeometry,
  cardShader,
  createAtlasUniforms,
  createSharedUniforms,
  EDGE_STRIDE,
  edgeGeometry,
  edgeShader,
  GLYPH_STRIDE,
  glyphGeometry,
  glyphShader,
  SIDE_BYE,
  SIDE_LOSE,
  SIDE_PENDING,
  SIDE_UNKNOWN,
  SIDE_WIN,
} from './shaders';

/** Below this zoom cards show "greeked" bars instead of text (13 px text would be under 6.5 px). */
export const TEXT_ZOOM = 0.5;
/** Glyph instances kept for chunks that scrolled away (about 3.4 MB). */
const TEXT_CACHE_LIMIT = 120_000;
const GLYPH_WORDS = GLYPH_STRIDE / 4;
/** Time a frame may spend building the text of chunks that just came into view. */
const TEXT_BUDGET_MS = 6;

/** What hovering an entrant highlights: the matches it played and the ones it would play next. */
export interface Highlight {
  played: number[];
  ahead: number[];
  /** Node and side (0 = A, 1 = B) of the entrant's rows. */
  rows: [number, number][];
}

function sideStatus(e: ViewEntry, side: 'A' | 'B', winner: 'A' | 'B' | null): number {
  if (e.bye) return SIDE_BYE;
  if (e.unknown) return SIDE_UNKNOWN;
  if (winner === null) return SIDE_PENDING;
  return winner === side ? SIDE_WIN : SIDE_LOSE;
}

function greekLength(e: ViewEntry): number {
  const name = Math.min(NAME_MAX_WIDTH, e.label.length * 7.2);
  return Math.min(255, e.bye || e.unknown ? NAME_X - AVATAR_X + name : AVATAR_SIZE + (NAME_X - AVATAR_X - AVATAR_SIZE) + name);
}

function cardInfo(m: ViewMatch): number {
  const ready = m.winner === null && !m.a.bye && !m.b.bye && !m.a.unknown && !m.b.unknown;
  const flags = (ready ? CARD_READY : 0) | (m.a.bye && m.b.bye ? CARD_EMPTY : 0);
  const b0 = sideStatus(m.a, 'A', m.winner) | (sideStatus(m.b, 'B', m.winner) << 3) | (flags << 6);
  return (b0 | (Math.round(greekLength(m.a)) << 16) | (Math.round(greekLength(m.b)) << 24)) >>> 0;
}

/**
 * The Pixi scene of one bracket. `update` culls against the camera and rebuilds only what the
 * set of visible chunks changed; everything lives in one render group moved by the camera.
 */
export class BracketRenderer {
  readonly world = new Container({ isRenderGroup: true, label: 'bracket-world' });
  readonly atlas = new GlyphAtlas();
  private readonly shared = createSharedUniforms();
  private readonly atlasUniforms = createAtlasUniforms();
  private readonly edges: InstanceStream;
  private readonly pathEdges: InstanceStream;
  private readonly cards: InstanceStream;
  private readonly overlay: InstanceStream;
  private readonly text: InstanceStream;
  private readonly headers: InstanceStream;
  private readonly titles: InstanceStream;
  /** Layer for avatar pictures, offset by -origin so children use world coordinates. */
  readonly images = new Container({ label: 'bracket-images' });
  private readonly writer: GlyphWriter;

  private layout: BracketLayout | null = null;
  private index: ChunkIndex | null = null;
  private cardMaster = new Float32Array(0);
  private edgeMaster = new Float32Array(0);
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
    const glyph = glyphShader(this.atlas.source, this.atlasUniforms);
    this.atlas.onResize = () => {
      glyph.resources.uTexture = this.atlas.source;
      this.syncAtlasSize();
    };
    this.syncAtlasSize();
    this.edges = new InstanceStream(EDGE_STRIDE, edgeGeometry, edgeShader(this.shared), 'edges');
    this.pathEdges = new InstanceStream(EDGE_STRIDE, edgeGeometry, edgeShader(this.shared), 'path-edges');
    this.cards = new InstanceStream(CARD_STRIDE, cardGeometry, cardShader(this.shared), 'cards');
    this.overlay = new InstanceStream(GLYPH_STRIDE, glyphGeometry, glyph, 'overlay');
    this.text = new InstanceStream(GLYPH_STRIDE, glyphGeometry, glyph, 'text');
    this.headers = new InstanceStream(GLYPH_STRIDE, glyphGeometry, glyph, 'headers');
    this.titles = new InstanceStream(GLYPH_STRIDE, glyphGeometry, glyph, 'titles');
    this.writer = new GlyphWriter(this.atlas, 4096);
    for (const s of [this.edges, this.pathEdges, this.cards, this.overlay, this.text, this.headers, this.titles]) {
      this.world.addChild(s.mesh);
    }
    this.world.addChild(this.images);
  }

  private syncAtlasSize(): void {
    const size = this.atlasUniforms.uniforms.uAtlasSize;
    size[0] = size[1] = this.atlas.size;
    this.atlasUniforms.update();
  }

  /** Builds the instance data of a new layout: about 12 bytes per card and 20 per connector. */
  setLayout(layout: BracketLayout): void {
    this.layout = layout;
    this.index = buildChunkIndex(layout);
    const { nodes, edges } = layout;

    this.cardMaster = new Float32Array(nodes.count * 3);
    const cardU32 = new Uint32Array(this.cardMaster.buffer);
    for (let i = 0; i < nodes.count; i++) {
      this.cardMaster[i * 3] = nodes.x[i];
      this.cardMaster[i * 3 + 1] = nodes.y[i];
      cardU32[i * 3 + 2] = cardInfo(nodes.match[i]);
    }

    this.edgeMaster = new Float32Array(edges.count * 5);
    const edgeU32 = new Uint32Array(this.edgeMaster.buffer);
    const pending = rgba(PALETTE.edge);
    const decided = rgba(PALETTE.edgeDecided);
    for (let e = 0; e < edges.count; e++) {
      const s = edges.from[e];
      const t = edges.to[e];
      const o = e * 5;
      this.edgeMaster[o] = nodes.x[s] + CARD_WIDTH;
      this.edgeMaster[o + 1] = nodes.y[s] + CARD_HEIGHT / 2;
      this.edgeMaster[o + 2] = nodes.x[t];
      this.edgeMaster[o + 3] = nodes.y[t] + CARD_HEIGHT / 2;
      edgeU32[o + 4] = nodes.match[s].winner !== null ? decided : pending;
    }
    // Edges are sorted by destination node, so each chunk owns a contiguous range.
    const ix = this.index;
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

  private writeStatic(stream: InstanceStream, write: (w: GlyphWriter, l: BracketLayout) => void): void {
    if (!this.layout) return;
    this.writer.reset();
    write(this.writer, this.layout);
    stream.ensure(this.writer.count);
    stream.f32.set(this.writer.f32.subarray(0, this.writer.count * GLYPH_WORDS));
    stream.commit(this.writer.count);
  }

  /**
   * Positions the world for `cam` and refreshes what is visible.
   * Returns true when text is still being built and another frame should follow.
   */
  update(cam: Camera, view: Viewport): boolean {
    const zoom = cam.zoom;
    // Re-base coordinates near the camera: float32 positions far from the origin would wobble.
    const grid = 4096;
    this.originX = Math.round(cam.x / grid) * grid;
    this.originY = Math.round(cam.y / grid) * grid;
    this.world.position.set((this.originX - cam.x) * zoom, (this.originY - cam.y) * zoom);
    this.world.scale.set(zoom);
    this.images.position.set(-this.originX, -this.originY);
    const u = this.shared.uniforms as unknown as { uPixel: number; uGreek: number; uOrigin: Float32Array };
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
    this.headers.mesh.visible = this.textOn && this.headers.geometry.instanceCount > 0;
    const more = this.textOn ? this.writeText() : false;
    this.text.mesh.visible = this.textOn && this.text.geometry.instanceCount > 0;
    this.firstFrame = false;
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

  private writeShapes(): void {
    const ix = this.index as ChunkIndex;
    let cards = 0;
    let edges = 0;
    for (let i = 0; i < this.visibleCount; i++) {
      const k = this.visible[i];
      cards += ix.end[k] - ix.first[k];
      edges += this.chunkEdgeEnd[k] - this.chunkEdgeFirst[k];
    }
    this.cards.ensure(cards);
    this.edges.ensure(edges);
    let c = 0;
    let e = 0;
    for (let i = 0; i < this.visibleCount; i++) {
      const k = this.visible[i];
      this.cards.copy(this.cardMaster, ix.first[k], ix.end[k] - ix.first[k], c);
      c += ix.end[k] - ix.first[k];
      this.edges.copy(this.edgeMaster, this.chunkEdgeFirst[k], this.chunkEdgeEnd[k] - this.chunkEdgeFirst[k], e);
      e += this.chunkEdgeEnd[k] - this.chunkEdgeFirst[k];
    }
    this.cards.commit(cards);
    this.edges.commit(edges);
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
    this.writer.reset();
    for (let n = ix.first[k]; n < ix.end[k]; n++) writeCard(this.writer, nodes.match[n], nodes.x[n], nodes.y[n]);
    const glyphs = this.writer.take();
    this.textChunks.set(k, glyphs);
    this.textCached += glyphs.length / GLYPH_WORDS;
    for (const [key, data] of this.textChunks) {
      if (this.textCached <= TEXT_CACHE_LIMIT) break;
      this.textChunks.delete(key);
      this.textCached -= data.length / GLYPH_WORDS;
    }
    return glyphs;
  }

  private writeText(): boolean {
    const t0 = performance.now();
    const ready: Float32Array[] = [];
    let more = false;
    let key = '';
    for (let i = 0; i < this.visibleCount; i++) {
      const k = this.visible[i];
      const known = this.textChunks.has(k);
      if (!known && !this.firstFrame && performance.now() - t0 > TEXT_BUDGET_MS) {
        more = true;
        continue;
      }
      ready.push(this.chunkText(k));
      key += `${k},`;
    }
    if (key === this.textShownKey) return more;
    this.textShownKey = key;
    let total = 0;
    for (const r of ready) total += r.length / GLYPH_WORDS;
    this.text.ensure(total);
    let at = 0;
    for (const r of ready) {
      this.text.f32.set(r, at * GLYPH_WORDS);
      at += r.length / GLYPH_WORDS;
    }
    this.text.commit(total);
    return more;
  }

  /** Outlines the cards of an entrant's path and tints its rows; null clears. */
  setHighlight(h: Highlight | null): void {
    const layout = this.layout;
    if (!h || !layout) {
      this.overlay.commit(0);
      this.pathEdges.commit(0);
      return;
    }
    const { nodes, edges } = layout;
    const w = this.writer;
    w.reset();
    const outline = (n: number, color: number) => {
      const x = nodes.x[n];
      const y = nodes.y[n];
      const t = 2;
      w.rect(x - t, y - t, CARD_WIDTH + 2 * t, t, color);
      w.rect(x - t, y + CARD_HEIGHT, CARD_WIDTH + 2 * t, t, color);
      w.rect(x - t, y, t, CARD_HEIGHT, color);
      w.rect(x + CARD_WIDTH, y, t, CARD_HEIGHT, color);
    };
    const strong = rgba(PALETTE.highlight);
    const faint = rgba(PALETTE.highlight, 0.4);
    for (const n of h.played) outline(n, strong);
    for (const n of h.ahead) outline(n, faint);
    for (const [n, side] of h.rows) w.rect(nodes.x[n], nodes.y[n] + side * (CARD_HEIGHT / 2), CARD_WIDTH, CARD_HEIGHT / 2, rgba(PALETTE.highlight, 0.16));
    this.overlay.ensure(w.count);
    this.overlay.f32.set(w.f32.subarray(0, w.count * GLYPH_WORDS));
    this.overlay.commit(w.count);

    const onPath = new Set([...h.played, ...h.ahead]);
    const ahead = new Set(h.ahead);
    let count = 0;
    this.pathEdges.ensure(onPath.size * 2);
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
        this.pathEdges.copy(this.edgeMaster, e, 1, count);
        this.pathEdges.u32[count * 5 + 4] = ahead.has(n) ? faint : strong;
        count++;
      }
    }
    this.pathEdges.commit(count);
  }

  /** Instances drawn in the last update, for diagnostics. */
  stats(): { cards: number; edges: number; glyphs: number; chunks: number } {
    return { cards: this.cards.count, edges: this.edges.count, glyphs: this.text.count, chunks: this.visibleCount };
  }

  get origin(): { x: number; y: number } {
    return { x: this.originX, y: this.originY };
  }

  destroy(): void {
    for (const s of [this.edges, this.pathEdges, this.cards, this.overlay, this.text, this.headers, this.titles]) s.destroy();
    this.world.destroy({ children: true });
    this.atlas.destroy();
    this.textChunks.clear();
  }
}

