import { ATLAS_FONT_PX, type Glyph, type GlyphAtlas, SOLID } from './GlyphAtlas';
import { GLYPH_STRIDE } from './shaders';

const WORDS = GLYPH_STRIDE / 4;

/** Growable list of glyph instances: rect (4 × f32), atlas rect (4 × u16), premultiplied colour (u32). */
export class GlyphWriter {
  f32: Float32Array;
  private u16: Uint16Array;
  private u32: Uint32Array;
  count = 0;

  constructor(
    readonly atlas: GlyphAtlas,
    capacity = 256,
  ) {
    this.f32 = new Float32Array(capacity * WORDS);
    this.u16 = new Uint16Array(this.f32.buffer);
    this.u32 = new Uint32Array(this.f32.buffer);
  }

  reset(): void {
    this.count = 0;
  }

  private ensure(extra: number): void {
    const need = (this.count + extra) * WORDS;
    if (need <= this.f32.length) return;
    const next = new Float32Array(Math.max(need, this.f32.length * 2));
    next.set(this.f32.subarray(0, this.count * WORDS));
    this.f32 = next;
    this.u16 = new Uint16Array(next.buffer);
    this.u32 = new Uint32Array(next.buffer);
  }

  quad(x: number, y: number, w: number, h: number, g: Glyph, color: number): void {
    this.ensure(1);
    const o = this.count * WORDS;
    this.f32[o] = x;
    this.f32[o + 1] = y;
    this.f32[o + 2] = w;
    this.f32[o + 3] = h;
    const o16 = (o + 4) * 2;
    this.u16[o16] = g.u0;
    this.u16[o16 + 1] = g.v0;
    this.u16[o16 + 2] = g.u1;
    this.u16[o16 + 3] = g.v1;
    this.u32[o + 6] = color;
    this.count++;
  }

  rect(x: number, y: number, w: number, h: number, color: number): void {
    this.quad(x, y, w, h, this.atlas.glyph(SOLID), color);
  }

  /** Width of `text` at `size` world units. */
  width(text: string, size: number): number {
    return (this.atlas.measure(text) * size) / ATLAS_FONT_PX;
  }

  /** `text` shortened with an ellipsis to fit `max` world units at `size`. */
  fit(text: string, size: number, max: number): string {
    if (this.width(text, size) <= max) return text;
    const chars = [...text];
    const budget = (max * ATLAS_FONT_PX) / size - this.atlas.glyph('…').advance;
    let w = 0;
    let n = 0;
    while (n < chars.length && w + this.atlas.glyph(chars[n]).advance <= budget) w += this.atlas.glyph(chars[n++]).advance;
    return `${chars.slice(0, n).join('').trimEnd()}…`;
  }

  /**
   * Writes `text` with its left end at x and capital letters vertically centred on `midY`.
   * Returns the width written.
   */
  text(text: string, x: number, midY: number, size: number, color: number): number {
    const s = size / ATLAS_FONT_PX;
    const baseline = midY + (this.atlas.capHeight * s) / 2;
    let pen = x;
    for (const ch of text) {
      const g = this.atlas.glyph(ch);
      if (ch !== ' ') this.quad(pen + g.left * s, baseline + g.top * s, (g.u1 - g.u0) * s, (g.v1 - g.v0) * s, g, color);
      pen += g.advance * s;
    }
    return pen - x;
  }

  centred(text: string, cx: number, midY: number, size: number, color: number): void {
    this.text(text, cx - this.width(text, size) / 2, midY, size, color);
  }

  /** A compact copy of what was written. */
  take(): Float32Array {
    return this.f32.slice(0, this.count * WORDS);
  }
}
