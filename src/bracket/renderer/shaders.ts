import { Buffer, BufferUsage, Geometry, Shader, UniformGroup, type TextureSource } from 'pixi.js';
import { ATLAS_FONT_PX, LEVELS } from './GlyphAtlas';
import { QUAD_WORDS, VERTEX_BYTES } from './QuadWriter';
import { EDGE_WIDTH } from '../metrics';

/*
 * Two vertex formats draw the whole bracket, each layer in one draw call of plain indexed quads:
 * - flat quads (16 bytes a vertex: position, premultiplied colour, extrusion): card parts,
 *   connectors and the highlighted path; a connector vertex is extruded by max(half EDGE_WIDTH,
 *   half a device pixel) so lines never vanish when zoomed out;
 * - glyph quads (16 bytes a vertex: position, atlas pixel, colour): text, avatar discs, titles.
 * Instanced drawing would be smaller, but SwiftShader (what our benchmark machines and many
 * locked-down PCs run) pays about 10 µs per instance: 4,000 glyph instances cost 40 ms a frame,
 * the same glyphs as quads well under 1 ms. SwiftShader also pays a fixed cost per draw call
 * (worker threads are synchronised for each), so the whole bracket is exactly two draws.
 */

const HEADER = `#version 300 es
precision highp float;
uniform vec2 uOrigin;
uniform vec4 uView;
// Positions are world coordinates. The camera is a scale and an offset (uView, computed once a
// frame), applied after subtracting an origin near the camera: float32 stays precise in a
// bracket hundreds of thousands of units tall, and a vertex costs two multiply-adds instead of
// two 3×3 matrix products.
vec4 project(vec2 p) {
  return vec4((p - uOrigin) * uView.xy + uView.zw, 0.0, 1.0);
}
`;

const FLAT_VERTEX = `${HEADER}
in vec2 aPos;
in vec4 aColor;
in vec4 aExtra;
uniform float uPixel;
out vec4 vColor;
void main() {
  float h = max(${(EDGE_WIDTH / 2).toFixed(1)}, 0.5 * uPixel);
  gl_Position = project(aPos + aExtra.xy * h);
  vColor = aColor;
}
`;

const FLAT_FRAGMENT = `#version 300 es
precision mediump float;
in vec4 vColor;
out vec4 finalColor;
void main() { finalColor = vColor; }
`;

const GLYPH_VERTEX = `${HEADER}
in vec2 aPos;
in vec2 aUV;
in vec4 aColor;
uniform float uPixel;
uniform vec4 uAtlas;
out vec2 vUV;
out vec4 vColor;
void main() {
  gl_Position = project(aPos);
  // The top bits of u and v carry the glyph's world size (see GlyphWriter.quad).
  vec2 high = floor(aUV / 2048.0);
  vec2 uv = aUV - high * 2048.0;
  float size = (high.x * 32.0 + high.y) * 0.25;
  // Atlas copy whose scale is closest to the glyph on screen (full, 1/2, 1/4, 1/8).
  float level = clamp(floor(log2(${ATLAS_FONT_PX.toFixed(1)} * uPixel / max(size, 1.0)) + 0.3), 0.0, ${(LEVELS - 1).toFixed(1)});
  float s = uAtlas.x;
  vec2 origin = level < 0.5 ? vec2(0.0) : level < 1.5 ? vec2(s, 0.0) : level < 2.5 ? vec2(s, 0.5 * s) : vec2(1.25 * s, 0.5 * s);
  vUV = (origin + uv * exp2(-level)) * uAtlas.yz;
  vColor = aColor;
}
`;

const GLYPH_FRAGMENT = `#version 300 es
precision mediump float;
in vec2 vUV;
in vec4 vColor;
uniform sampler2D uTexture;
out vec4 finalColor;
void main() {
  finalColor = vColor * texture(uTexture, vUV).r;
}
`;

/** Per-frame values shared by the shaders. */
export function createSharedUniforms() {
  return new UniformGroup({
    uPixel: { value: 1, type: 'f32' },
    uOrigin: { value: new Float32Array(2), type: 'vec2<f32>' },
    uView: { value: new Float32Array([1, 1, 0, 0]), type: 'vec4<f32>' },
  });
}

/** uAtlas: full-size side, 1 / texture width, 1 / texture height. */
export function createAtlasUniforms() {
  return new UniformGroup({ uAtlas: { value: new Float32Array([1024, 1 / 1536, 1 / 1024, 0]), type: 'vec4<f32>' } });
}

export type SharedUniforms = ReturnType<typeof createSharedUniforms>;
type AtlasUniforms = ReturnType<typeof createAtlasUniforms>;

export function flatShader(shared: SharedUniforms): Shader {
  return Shader.from({ gl: { vertex: FLAT_VERTEX, fragment: FLAT_FRAGMENT, name: 'bracket-flat' }, resources: { shared } });
}

export function glyphShader(shared: SharedUniforms, atlas: TextureSource, atlasUniforms: AtlasUniforms): Shader {
  return Shader.from({
    gl: { vertex: GLYPH_VERTEX, fragment: GLYPH_FRAGMENT, name: 'bracket-glyph' },
    resources: { shared, uTexture: atlas, atlasUniforms },
  });
}

// Bytes per vertex of both formats and 32-bit words per quad: in QuadWriter.ts, which has no Pixi in it.
export { QUAD_WORDS, VERTEX_BYTES } from './QuadWriter';

export function flatGeometry(vertices: Buffer, indices: Buffer): Geometry {
  return new Geometry({
    attributes: {
      aPos: { buffer: vertices, format: 'float32x2', stride: VERTEX_BYTES, offset: 0 },
      aColor: { buffer: vertices, format: 'unorm8x4', stride: VERTEX_BYTES, offset: 8 },
      aExtra: { buffer: vertices, format: 'snorm8x4', stride: VERTEX_BYTES, offset: 12 },
    },
    indexBuffer: indices,
  });
}

export function glyphGeometry(vertices: Buffer, indices: Buffer): Geometry {
  return new Geometry({
    attributes: {
      aPos: { buffer: vertices, format: 'float32x2', stride: VERTEX_BYTES, offset: 0 },
      aUV: { buffer: vertices, format: 'uint16x2', stride: VERTEX_BYTES, offset: 8 },
      aColor: { buffer: vertices, format: 'unorm8x4', stride: VERTEX_BYTES, offset: 12 },
    },
    indexBuffer: indices,
  });
}

export function vertexBuffer(quads: number): Buffer {
  return new Buffer({ data: new Float32Array(Math.max(16, quads) * QUAD_WORDS), usage: BufferUsage.VERTEX | BufferUsage.COPY_DST });
}

/** Indices of `quads` quads: two triangles each. */
export function quadIndices(quads: number): Uint32Array {
  const out = new Uint32Array(quads * 6);
  for (let q = 0, i = 0; q < quads; q++, i += 6) {
    const v = q * 4;
    out[i] = v;
    out[i + 1] = v + 1;
    out[i + 2] = v + 2;
    out[i + 3] = v;
    out[i + 4] = v + 2;
    out[i + 5] = v + 3;
  }
  return out;
}

export function indexBuffer(quads: number): Buffer {
  return new Buffer({ data: quadIndices(Math.max(16, quads)), usage: BufferUsage.INDEX | BufferUsage.COPY_DST });
}
