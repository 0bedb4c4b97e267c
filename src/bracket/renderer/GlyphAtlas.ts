import { CanvasSource } from 'pixi.js';

/*
 * Text is drawn from a glyph atlas rasterised once at ATLAS_FONT_PX, four times the card font
 * size, and sampled through trilinear mipmaps: at the maximum zoom (4) a glyph is drawn close to
 * 1:1, so text stays crisp, and when zoomed out the mipmaps keep it smooth instead of aliased.
 * Unlike re-rasterising at the settled zoom, nothing is redrawn while zooming, and a glyph costs
 * one 28-byte instance. Glyphs outside the preloaded set (any script, emoji) are added on first
 * use; the atlas grows from 1024² to 2048² keeping pixel coordinates, so built text stays valid.
 */

export const ATLAS_FONT_PX = 48;
export const FONT_FAMILY = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';
const FONT = `600 ${ATLAS_FONT_PX}px ${FONT_FAMILY}`;
const PAD = 6;
const INK_MARGIN = 3;
const START_SIZE = 1024;
const MAX_SIZE = 2048;

/** Private-use characters naming the non-text sprites. */
export const DISC = '\uE000';
export const SOLID = '\uE001';

export interface Glyph {
  /** Atlas pixel rectangle. */
  u0: number;
  v0: number;
  u1: number;
  v1: number;
  /** Pen advance, in atlas pixels. */
  advance: number;
  /** Cell offset from the pen position and the baseline, in atlas pixels. */
  left: number;
  top: number;
}

export class GlyphAtlas {
  source: CanvasSource;
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
    this.canvas = document.createElement('canvas');
    this.canvas.width = this.canvas.height = START_SIZE;
    this.ctx = this.context2d(this.canvas);
    const m = this.ctx.measureText('Hgjy|ÅÉ');
    this.ascent = Math.ceil(m.fontBoundingBoxAscent || m.actualBoundingBoxAscent || ATLAS_FONT_PX * 0.8);
    this.descent = Math.ceil(m.fontBoundingBoxDescent || m.actualBoundingBoxDescent || ATLAS_FONT_PX * 0.25);
    this.capHeight = this.ctx.measureText('H').actualBoundingBoxAscent || ATLAS_FONT_PX * 0.7;
    this.cellHeight = this.ascent + this.descent + 2 * PAD;
    this.source = this.createSource();
    this.addSprites();
    let ascii = '';
    for (let c = 32; c < 127; c++) ascii += String.fromCharCode(c);
    for (const ch of `${ascii}…`) this.glyph(ch);
  }

  private context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.font = FONT;
    ctx.textBaseline = 'alphabetic';
    ctx.fillStyle = '#fff';
    return ctx;
  }

  private createSource(): CanvasSource {
    return new CanvasSource({
      resource: this.canvas,
      autoGenerateMipmaps: true,
      scaleMode: 'linear',
      mipmapFilter: 'linear',
      alphaMode: 'premultiply-alpha-on-upload',
      transparent: true,
      autoDensity: false,
      resolution: 1,
    });
  }

  /** A disc for avatars and a solid block for overlays, drawn once. */
  private addSprites(): void {
    const d = 64;
    const disc = this.allocate(d + 2 * PAD, d + 2 * PAD);
    this.ctx.beginPath();
    this.ctx.arc(disc.x + PAD + d / 2, disc.y + PAD + d / 2, d / 2, 0, Math.PI * 2);
    this.ctx.fill();
    this.glyphs.set(DISC, { u0: disc.x + PAD, v0: disc.y + PAD, u1: disc.x + PAD + d, v1: disc.y + PAD + d, advance: 0, left: 0, top: 0 });
    const s = this.allocate(32, 32);
    this.ctx.fillRect(s.x, s.y, 32, 32);
    // Sample well inside the block so no mip level bleeds its border in.
    this.glyphs.set(SOLID, { u0: s.x + 15, v0: s.y + 15, u1: s.x + 17, v1: s.y + 17, advance: 0, left: 0, top: 0 });
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
    const bigger = document.createElement('canvas');
    bigger.width = bigger.height = this.size * 2;
    const ctx = this.context2d(bigger);
    ctx.drawImage(this.canvas, 0, 0);
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
    // Some glyphs overhang their advance (italics, emoji): size the cell by the ink too.
    const inkLeft = Math.max(0, Math.ceil(box.actualBoundingBoxLeft || 0));
    const inkRight = Math.ceil(Math.max(advance, box.actualBoundingBoxRight || 0));
    const w = inkLeft + inkRight + 2 * PAD;
    const at = this.allocate(w, this.cellHeight);
    if (this.full) return this.glyphs.get('?') as Glyph;
    const penX = at.x + PAD + inkLeft;
    const baseline = at.y + PAD + this.ascent;
    if (ch.trim() !== '') this.ctx.fillText(ch, penX, baseline);
    // The quad covers the ink plus a small margin, not the whole cell: less to fill.
    const u0 = Math.max(at.x, Math.floor(penX - (box.actualBoundingBoxLeft || 0)) - INK_MARGIN);
    const u1 = Math.min(at.x + w, Math.ceil(penX + (box.actualBoundingBoxRight || advance)) + INK_MARGIN);
    const v0 = Math.max(at.y, Math.floor(baseline - (box.actualBoundingBoxAscent || this.ascent)) - INK_MARGIN);
    const v1 = Math.min(at.y + this.cellHeight, Math.ceil(baseline + (box.actualBoundingBoxDescent || 0)) + INK_MARGIN);
    const g: Glyph =
      ch.trim() === ''
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

  /** Uploads new glyphs before a render; true when something changed. */
  flush(): boolean {
    if (!this.dirty) return false;
    this.dirty = false;
    this.source.update();
    return true;
  }

  destroy(): void {
    this.source.destroy();
    this.glyphs.clear();
  }
}
