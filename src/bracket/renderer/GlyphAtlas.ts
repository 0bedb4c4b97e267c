import { CanvasSource } from 'pixi.js';

/*
 * Text is drawn from one glyph atlas rasterised at ATLAS_FONT_PX, about four times the card font
 * size, plus three half-size copies (our own mip chain, side by side in the same single-channel
 * texture). The vertex shader picks, per glyph, the copy closest to the glyph's size on screen,
 * so every pixel is one bilinear sample at a scale between ~0.7 and ~1.4: text is crisp at any
 * zoom up to 4 (where the full-size glyphs are drawn almost 1:1) and never aliased when zoomed
 * out. Decided and measured against GPU trilinear mipmaps: SwiftShader pays ~25 ns a pixel for
 * an RGBA trilinear sample, ~10 for this one; and unlike re-rasterising at the settled zoom,
 * nothing is redrawn while zooming.
 * Glyphs outside the preloaded set (any script) are added on first use; the atlas grows from
 * 1024² to 2048² keeping pixel coordinates, so text already built stays valid.
 */

export const ATLAS_FONT_PX = 48;
export const FONT_FAMILY = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';
const FONT = `600 ${ATLAS_FONT_PX}px ${FONT_FAMILY}`;
/** Space around a glyph cell: one pixel even in the smallest copy (1/8). */
const PAD = 8;
const INK_MARGIN = 3;
const START_SIZE = 1024;
const MAX_SIZE = 2048;
/** Copies at 1/2, 1/4 and 1/8 beside the full-size atlas. */
export const LEVELS = 4;

/** Private-use character naming the avatar disc sprite. */
export const DISC = '\uE000';

export interface Glyph {
  /** Full-size atlas pixel rectangle. */
  u0: number;
  v0: number;
  u1: number;
  v1: number;
  /** Pen advance, in atlas pixels. */
  advance: number;
  /** Offset of the rectangle from the pen position and the baseline, in atlas pixels. */
  left: number;
  top: number;
}

/** Where copy `level` starts in a texture whose full-size part is `size` pixels square. */
export function levelOrigin(level: number, size: number): [number, number] {
  if (level === 0) return [0, 0];
  if (level === 1) return [size, 0];
  if (level === 2) return [size, size / 2];
  return [size + size / 4, size / 2];
}

export class GlyphAtlas {
  source: CanvasSource;
  /** Side of the full-size part; the texture is 1.5 × size wide. */
  size = START_SIZE;
  readonly ascent: number;
  readonly descent: number;
  /** Height of capital letters above the baseline, for vertical centring. */
  readonly capHeight: number;
  private canvas: HTMLCanvasElement;
  private ctx: CanvasRenderingContext2D;
  private glyphs = new Map<string, Glyph>();
  private penX = 0;
  private penY = 0;
  private rowHeight = 0;
  private dirty = false;
  private full = false;
  private readonly cellHeight: number;
  /** Called after the atlas grew: the texture source is new. */
  onResize: (() => void) | null = null;

  constructor() {
    this.canvas = this.createCanvas(START_SIZE);
    this.ctx = this.context2d(this.canvas);
    const m = this.ctx.measureText('Hgjy|ÅÉ');
    this.ascent = Math.ceil(m.fontBoundingBoxAscent || m.actualBoundingBoxAscent || ATLAS_FONT_PX * 0.8);
    this.descent = Math.ceil(m.fontBoundingBoxDescent || m.actualBoundingBoxDescent || ATLAS_FONT_PX * 0.25);
    this.capHeight = this.ctx.measureText('H').actualBoundingBoxAscent || ATLAS_FONT_PX * 0.7;
    this.cellHeight = this.ascent + this.descent + 2 * PAD;
    this.source = this.createSource();
    this.addDisc();
    let ascii = '';
    for (let c = 32; c < 127; c++) ascii += String.fromCharCode(c);
    for (const ch of `${ascii}…`) this.glyph(ch);
  }

  private createCanvas(size: number): HTMLCanvasElement {
    const canvas = document.createElement('canvas');
    canvas.width = size * 1.5;
    canvas.height = size;
    return canvas;
  }

  private context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
    // Coverage lives in the red channel: white glyphs on black, uploaded as one channel.
    const ctx = canvas.getContext('2d', { alpha: false }) as CanvasRenderingContext2D;
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.font = FONT;
    ctx.textBaseline = 'alphabetic';
    ctx.fillStyle = '#fff';
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    return ctx;
  }

  private createSource(): CanvasSource {
    return new CanvasSource({
      resource: this.canvas,
      format: 'r8unorm',
      alphaMode: 'no-premultiply-alpha',
      scaleMode: 'linear',
      autoGenerateMipmaps: false,
      autoDensity: false,
      resolution: 1,
    });
  }

  /** A disc for avatars, drawn once. */
  private addDisc(): void {
    const d = 64;
    const at = this.allocate(d + 2 * PAD, d + 2 * PAD);
    this.ctx.beginPath();
    this.ctx.arc(at.x + PAD + d / 2, at.y + PAD + d / 2, d / 2, 0, Math.PI * 2);
    this.ctx.fill();
    this.glyphs.set(DISC, { u0: at.x + PAD, v0: at.y + PAD, u1: at.x + PAD + d, v1: at.y + PAD + d, advance: 0, left: 0, top: 0 });
    this.dirty = true;
  }

  private allocate(w: number, h: number): { x: number; y: number } {
    if (this.penX + w > this.size) {
      this.penX = 0;
      this.penY += this.rowHeight;
      this.rowHeight = 0;
    }
    if (this.penY + h > this.size) {
      if (this.size >= MAX_SIZE) {
        this.full = true;
        return { x: 0, y: 0 };
      }
      this.grow();
      return this.allocate(w, h);
    }
    const at = { x: this.penX, y: this.penY };
    this.penX += w;
    this.rowHeight = Math.max(this.rowHeight, h);
    return at;
  }

  private grow(): void {
    const bigger = this.createCanvas(this.size * 2);
    const ctx = this.context2d(bigger);
    ctx.drawImage(this.canvas, 0, 0, this.size, this.size, 0, 0, this.size, this.size);
    // Shelves continue below the old content, which keeps its coordinates.
    this.penX = 0;
    this.penY = this.size;
    this.rowHeight = 0;
    this.size *= 2;
    this.canvas = bigger;
    this.ctx = ctx;
    const old = this.source;
    this.source = this.createSource();
    this.dirty = true;
    this.onResize?.();
    old.destroy();
  }

  glyph(ch: string): Glyph {
    const known = this.glyphs.get(ch);
    if (known) return known;
    if (this.full) return this.glyphs.get('?') as Glyph;
    const box = this.ctx.measureText(ch);
    const advance = box.width;
    // Some glyphs overhang their advance: size the cell by the ink too.
    const inkLeft = Math.max(0, Math.ceil(box.actualBoundingBoxLeft || 0));
    const inkRight = Math.ceil(Math.max(advance, box.actualBoundingBoxRight || 0));
    const w = inkLeft + inkRight + 2 * PAD;
    const at = this.allocate(w, this.cellHeight);
    if (this.full) return this.glyphs.get('?') as Glyph;
    const penX = at.x + PAD + inkLeft;
    const baseline = at.y + PAD + this.ascent;
    const blank = ch.trim() === '';
    if (!blank) this.ctx.fillText(ch, penX, baseline);
    // The quad covers the ink plus a small margin, not the whole cell: less to fill.
    const u0 = Math.max(at.x, Math.floor(penX - (box.actualBoundingBoxLeft || 0)) - INK_MARGIN);
    const u1 = Math.min(at.x + w, Math.ceil(penX + (box.actualBoundingBoxRight || advance)) + INK_MARGIN);
    const v0 = Math.max(at.y, Math.floor(baseline - (box.actualBoundingBoxAscent || this.ascent)) - INK_MARGIN);
    const v1 = Math.min(at.y + this.cellHeight, Math.ceil(baseline + (box.actualBoundingBoxDescent || 0)) + INK_MARGIN);
    const g: Glyph = blank
      ? { u0: at.x, v0: at.y, u1: at.x, v1: at.y, advance, left: 0, top: 0 }
      : { u0, v0, u1, v1, advance, left: u0 - penX, top: v0 - baseline };
    this.glyphs.set(ch, g);
    this.dirty = true;
    return g;
  }

  /** Width of `text` in atlas pixels. */
  measure(text: string): number {
    let w = 0;
    for (const ch of text) w += this.glyph(ch).advance;
    return w;
  }

  /**
   * Redraws one half-size copy (`level`) from the one above it: only the band of shelves in use (and a black margin below
   * it, a multiple of 2^LEVELS rows so every copy halves it exactly); below it every copy is still the black the
   * canvas started with. The whole square was a long task of its own on a phone (a high-quality downscale in
   * software, most of it of empty rows).
   */
  private buildLevel(level: number): void {
    const ctx = this.ctx;
    const step = 1 << LEVELS;
    const band = Math.min(this.size, Math.ceil((this.penY + this.rowHeight + step) / step) * step);
    const [sx, sy] = levelOrigin(level - 1, this.size);
    const [dx, dy] = levelOrigin(level, this.size);
    const from = this.size >> (level - 1);
    const to = this.size >> level;
    ctx.fillStyle = '#000';
    ctx.fillRect(dx, dy, to, band >> level);
    ctx.drawImage(this.canvas, sx, sy, from, band >> (level - 1), dx, dy, to, band >> level);
    ctx.fillStyle = '#fff';
  }

  /** Uploads new glyphs before a render; true when something changed. */
  flush(): boolean {
    const steps = this.flushSteps();
    for (const step of steps) step();
    return steps.length > 0;
  }

  /**
   * `flush` in steps: each half-size copy, then the upload, for the renderer's start to run in tasks of their own
   * (each copy is a software downscale: tens of milliseconds on a phone). A glyph added meanwhile makes the atlas
   * dirty again: the next `flush` draws every copy anew.
   */
  flushSteps(): (() => void)[] {
    if (!this.dirty) return [];
    this.dirty = false;
    const levels = Array.from({ length: LEVELS - 1 }, (_, i) => () => this.buildLevel(i + 1));
    return [...levels, () => this.source.update()];
  }

  destroy(): void {
    this.source.destroy();
    this.glyphs.clear();
  }
}
