import { Buffer, BufferUsage, Geometry, Shader, UniformGroup, type TextureSource } from 'pixi.js';

/*
 * Two vertex formats draw the whole bracket, each layer in one draw call of plain indexed quads:
 * - flat quads (16 bytes a vertex: position, premultiplied colour, extrusion and a "greek" flag):
 *   card parts and connectors; a connector vertex is extruded by max(1 world unit, half a device
 *   pixel) so lines never vanish when zoomed out;
 * - glyph quads (16 bytes a vertex: position, atlas pixel, colour): text, avatar discs, outlines.
 * Instanced drawing would be smaller, but SwiftShader (what most of our benchmark machines and
 * many locked-down PCs run) pays about 10 µs per instance: 4,000 glyph instances cost 40 ms a
 * frame, the same glyphs as quads well under 1 ms.
 * All layers sit in one render group, so panning and zooming only change its transform.
 */

const HEADER = `#version 300 es
precision highp float;
uniform mat3 uProjectionMatrix;
uniform mat3 uWorldTransformMatrix;
uniform mat3 uTransformMatrix;
uniform vec2 uOrigin;
// Positions are world coordinates; subtracting an origin near the camera before the transform
// keeps float32 precise in a bracket hundreds of thousands of units tall.
vec4 project(vec2 p) {
  mat3 m = uProjectionMatrix * uWorldTransformMatrix * uTransformMatrix;
  return vec4((m * vec3(p - uOrigin, 1.0)).xy, 0.0, 1.0);
}
`;

const FLAT_VERTEX = `${HEADER}
in vec2 aPos;
in vec4 aColor;
in vec4 aExtra;
uniform float uPixel;
uniform float uGreek;
out vec4 vColor;
void main() {
  float h = max(1.0, 0.5 * uPixel);
  // Hidden "greek" bars are moved out of the clip volume: no pixels to fill.
  gl_Position = aExtra.z > 0.5 && uGreek < 0.5 ? vec4(2.0, 2.0, 2.0, 1.0) : project(aPos + aExtra.xy * h);
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
uniform vec2 uAtlasSize;
out vec2 vUV;
out vec4 vColor;
void main() {
  gl_Position = project(aPos);
  vUV = aUV / uAtlasSize;
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
  // A slight negative bias keeps minified glyphs sharp without shimmering.
  finalColor = vColor * texture(uTexture, vUV, -0.4).a;
}
`;

/** Per-frame values shared by the shaders. */
export function createSharedUniforms() {
  return new UniformGroup({
    uPixel: { value: 1, type: 'f32' },
    uGreek: { value: 0, type: 'f32' },
    uOrigin: { value: new Float32Array(2), type: 'vec2<f32>' },
  });
}

export function createAtlasUniforms() {
  return new UniformGroup({ uAtlasSize: { value: new Float32Array([1024, 1024]), type: 'vec2<f32>' } });
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

/** Bytes per vertex of both formats; a quad is four vertices. */
export const VERTEX_BYTES = 16;
export const QUAD_WORDS = (4 * VERTEX_BYTES) / 4;

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
