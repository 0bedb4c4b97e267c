/** Bytes per vertex of both vertex formats (see shaders.ts); a quad is four vertices. */
export const VERTEX_BYTES = 16;
export const QUAD_WORDS = (4 * VERTEX_BYTES) / 4;

/** Growable array of quads (4 vertices of 4 words each), shared by the flat and glyph writers. */
export class QuadWriter {
  f32: Float32Array;
  u32: Uint32Array;
  count = 0;

  constructor(capacity = 256) {
    this.f32 = new Float32Array(capacity * QUAD_WORDS);
    this.u32 = new Uint32Array(this.f32.buffer);
  }

  reset(): void {
    this.count = 0;
  }

  /** Word offset of a new quad. */
  protected next(): number {
    if ((this.count + 1) * QUAD_WORDS > this.f32.length) {
      const grown = new Float32Array(this.f32.length * 2);
      grown.set(this.f32);
      this.f32 = grown;
      this.u32 = new Uint32Array(grown.buffer);
    }
    return this.count++ * QUAD_WORDS;
  }

  /** Appends quads written elsewhere. */
  append(quads: Float32Array): void {
    const n = quads.length / QUAD_WORDS;
    while ((this.count + n) * QUAD_WORDS > this.f32.length) {
      const grown = new Float32Array(this.f32.length * 2);
      grown.set(this.f32);
      this.f32 = grown;
      this.u32 = new Uint32Array(grown.buffer);
    }
    this.f32.set(quads, this.count * QUAD_WORDS);
    this.count += n;
  }

  /** The quads written so far (a view, valid until the next write). */
  view(): Float32Array {
    return this.f32.subarray(0, this.count * QUAD_WORDS);
  }

  /** A compact copy of what was written. */
  take(): Float32Array {
    return this.f32.slice(0, this.count * QUAD_WORDS);
  }
}

const EXTRUDE_NONE = 0;
/** snorm8 bytes: x extrusion, y extrusion. */
function extra(ex: number, ey: number): number {
  return ((ex & 255) | ((ey & 255) << 8)) >>> 0;
}
const CORNERS: [number, number][] = [
  [-127, -127],
  [127, -127],
  [127, 127],
  [-127, 127],
];
const EXTRUDE = CORNERS.map(([x, y]) => extra(x, y));

/** Flat-coloured quads: card parts and connectors. */
export class FlatWriter extends QuadWriter {
  /** An axis-aligned rectangle. */
  rect(x0: number, y0: number, x1: number, y1: number, color: number): void {
    const o = this.next();
    const e = EXTRUDE_NONE;
    const f = this.f32;
    const u = this.u32;
    f[o] = x0;
    f[o + 1] = y0;
    f[o + 4] = x1;
    f[o + 5] = y0;
    f[o + 8] = x1;
    f[o + 9] = y1;
    f[o + 12] = x0;
    f[o + 13] = y1;
    u[o + 2] = u[o + 6] = u[o + 10] = u[o + 14] = color;
    u[o + 3] = u[o + 7] = u[o + 11] = u[o + 15] = e;
  }

  /** A horizontal or vertical line from (x0, y0) to (x1, y1), at least one device pixel wide. */
  line(x0: number, y0: number, x1: number, y1: number, color: number): void {
    const o = this.next();
    const f = this.f32;
    const u = this.u32;
    const lx = Math.min(x0, x1);
    const hx = Math.max(x0, x1);
    const ly = Math.min(y0, y1);
    const hy = Math.max(y0, y1);
    f[o] = lx;
    f[o + 1] = ly;
    f[o + 4] = hx;
    f[o + 5] = ly;
    f[o + 8] = hx;
    f[o + 9] = hy;
    f[o + 12] = lx;
    f[o + 13] = hy;
    u[o + 2] = u[o + 6] = u[o + 10] = u[o + 14] = color;
    u[o + 3] = EXTRUDE[0];
    u[o + 7] = EXTRUDE[1];
    u[o + 11] = EXTRUDE[2];
    u[o + 15] = EXTRUDE[3];
  }
}
