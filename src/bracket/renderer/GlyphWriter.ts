import { ATLAS_FONT_PX, type Glyph, type GlyphAtlas } from './GlyphAtlas';
import { QuadWriter } from './QuadWriter';

/** Textured quads from the glyph atlas: text, avatar discs and solid overlays. */
export class GlyphWriter extends QuadWriter {
  constructor(
    readonly atlas: GlyphAtlas,
    capacity = 256,
  ) {
    super(capacity);
  }

  /**
   * A glyph quad. `size` is the world size the glyph's 48 px atlas cell stands for (the font
   * size for text): the shader picks the atlas copy matching it on screen. It travels in the
   * spare top bits of the atlas coordinates (both < 2048): quarter units, 10 bits.
   */
  quad(x: number, y: number, w: number, h: number, g: Glyph, color: number, size: number): void {
    if (g.u1 <= g.u0) return;
    const o = this.next();
    const f = this.f32;
    const u = this.u32;
    const code = Math.max(1, Math.min(1023, Math.round(size * 4)));
    const hu = (code >> 5) << 11;
    const hv = (code & 31) << 11;
    f[o] = x;
    f[o + 1] = y;
    f[o + 4] = x + w;
    f[o + 5] = y;
    f[o + 8] = x + w;
    f[o + 9] = y + h;
    f[o + 12] = x;
    f[o + 13] = y + h;
    u[o + 2] = ((g.u0 | hu) | ((g.v0 | hv) << 16)) >>> 0;
    u[o + 6] = ((g.u1 | hu) | ((g.v0 | hv) << 16)) >>> 0;
    u[o + 10] = ((g.u1 | hu) | ((g.v1 | hv) << 16)) >>> 0;
    u[o + 14] = ((g.u0 | hu) | ((g.v1 | hv) << 16)) >>> 0;
    u[o + 3] = u[o + 7] = u[o + 11] = u[o + 15] = color;
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
      this.quad(pen + g.left * s, baseline + g.top * s, (g.u1 - g.u0) * s, (g.v1 - g.v0) * s, g, color, size);
      pen += g.advance * s;
    }
    return pen - x;
  }

  centred(text: string, cx: number, midY: number, size: number, color: number): void {
    this.text(text, cx - this.width(text, size) / 2, midY, size, color);
  }
}
