import { Buffer, BufferUsage, Geometry, Shader, UniformGroup, type TextureSource } from 'pixi.js';
import {
  AVATAR_X,
  CARD_HEIGHT,
  CARD_WIDTH,
  COLUMN_GAP,
  EDGE_WIDTH,
  NUMBER_WIDTH,
  ROW_HEIGHT,
  SCORE_WIDTH,
  STRIPE_WIDTH,
} from '../metrics';
import { glslColor, PALETTE } from './palette';

/*
 * Three instanced primitives draw the whole bracket, each in one draw call:
 * - cards: a fixed template of quads (background, number cell, status stripes, score boxes,
 *   divider, "greeked" name bars) instanced per match; the colours come from a status byte,
 *   so a card costs 12 bytes on the GPU and nothing to rebuild when the camera moves;
 * - elbow connectors: three axis-aligned quads per edge, at least one device pixel wide;
 * - glyph quads: textured rectangles from the glyph atlas (text, avatar discs, solid overlays).
 * They sit in one render group, so panning and zooming only change its transform.
 */

/** Status of one side of a card (3 bits). */
export const SIDE_PENDING = 0;
export const SIDE_WIN = 1;
export const SIDE_LOSE = 2;
export const SIDE_BYE = 3;
export const SIDE_UNKNOWN = 4;
/** Card flags (2 bits). */
export const CARD_READY = 1;
export const CARD_EMPTY = 2;

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

const FLAT_FRAGMENT = `#version 300 es
precision mediump float;
in vec4 vColor;
out vec4 finalColor;
void main() { finalColor = vColor; }
`;

// Card template parts: [x0, y0, x1, y1] in card units.
const ROW = ROW_HEIGHT;
const PARTS: [number, number, number, number][] = [
  [0, 0, CARD_WIDTH, CARD_HEIGHT], // 0 background
  [0, 0, NUMBER_WIDTH, CARD_HEIGHT], // 1 number cell
  [NUMBER_WIDTH, 0, NUMBER_WIDTH + STRIPE_WIDTH, ROW], // 2 stripe A
  [NUMBER_WIDTH, ROW, NUMBER_WIDTH + STRIPE_WIDTH, CARD_HEIGHT], // 3 stripe B
  [CARD_WIDTH - SCORE_WIDTH, 0, CARD_WIDTH, ROW], // 4 score A
  [CARD_WIDTH - SCORE_WIDTH, ROW, CARD_WIDTH, CARD_HEIGHT], // 5 score B
  [NUMBER_WIDTH, ROW - 0.5, CARD_WIDTH, ROW + 0.5], // 6 divider
  [AVATAR_X, ROW / 2 - 3.5, AVATAR_X, ROW / 2 + 3.5], // 7 greek A (width from the instance)
  [AVATAR_X, ROW + ROW / 2 - 3.5, AVATAR_X, ROW + ROW / 2 + 3.5], // 8 greek B
];

const CARD_VERTEX = `${HEADER}
in vec3 aCorner;
in float aPart;
in vec2 aOrigin;
in vec4 aInfo;
uniform float uGreek;
out vec4 vColor;
vec3 sideColor(int s, vec3 pending) {
  if (s == ${SIDE_WIN}) return ${glslColor(PALETTE.win)};
  if (s == ${SIDE_LOSE}) return ${glslColor(PALETTE.lose)};
  return pending;
}
void main() {
  int info = int(aInfo.x * 255.0 + 0.5);
  int sa = info & 7;
  int sb = (info >> 3) & 7;
  int flags = info >> 6;
  int part = int(aPart + 0.5);
  vec2 local = aCorner.xy;
  vec3 c = ${glslColor(PALETTE.card)};
  float alpha = 1.0;
  bool empty = (flags & ${CARD_EMPTY}) != 0;
  if (part == 0) c = empty ? ${glslColor(PALETTE.cardEmpty)} : ${glslColor(PALETTE.card)};
  else if (part == 1) c = (flags & ${CARD_READY}) != 0 ? ${glslColor(PALETTE.numberCellReady)} : ${glslColor(PALETTE.numberCell)};
  else if (part == 2 || part == 4) c = sideColor(sa, part == 2 ? ${glslColor(PALETTE.stripePending)} : ${glslColor(PALETTE.scorePending)});
  else if (part == 3 || part == 5) c = sideColor(sb, part == 3 ? ${glslColor(PALETTE.stripePending)} : ${glslColor(PALETTE.scorePending)});
  else if (part == 6) c = ${glslColor(PALETTE.divider)};
  else {
    int s = part == 7 ? sa : sb;
    float len = (part == 7 ? aInfo.z : aInfo.w) * 255.0;
    local.x += len * step(0.5, aCorner.z);
    c = (s == ${SIDE_BYE} || s == ${SIDE_UNKNOWN} || s == ${SIDE_LOSE}) ? ${glslColor(PALETTE.greekDim)} : ${glslColor(PALETTE.greek)};
    alpha = uGreek;
  }
  if (empty && part > 0) alpha *= 0.55;
  gl_Position = project(aOrigin + local);
  vColor = vec4(c * alpha, alpha);
}
`;

const EDGE_VERTEX = `${HEADER}
in vec2 aCorner;
in float aSegment;
in vec4 aEnds;
in vec4 aColor;
uniform float uPixel;
out vec4 vColor;
void main() {
  float xm = aEnds.z - ${(COLUMN_GAP / 2).toFixed(1)};
  vec2 p0; vec2 p1;
  if (aSegment < 0.5) { p0 = aEnds.xy; p1 = vec2(xm, aEnds.y); }
  else if (aSegment < 1.5) { p0 = vec2(xm, aEnds.y); p1 = vec2(xm, aEnds.w); }
  else { p0 = vec2(xm, aEnds.w); p1 = aEnds.zw; }
  float h = max(${(EDGE_WIDTH / 2).toFixed(2)}, 0.5 * uPixel);
  vec2 lo = min(p0, p1) - h;
  vec2 hi = max(p0, p1) + h;
  gl_Position = project(mix(lo, hi, aCorner));
  vColor = aColor;
}
`;

const GLYPH_VERTEX = `${HEADER}
in vec2 aCorner;
in vec4 aRect;
in vec4 aUV;
in vec4 aColor;
uniform vec2 uAtlasSize;
out vec2 vUV;
out vec4 vColor;
void main() {
  gl_Position = project(aRect.xy + aCorner * aRect.zw);
  vUV = mix(aUV.xy, aUV.zw, aCorner) / uAtlasSize;
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

type Shared = ReturnType<typeof createSharedUniforms>;
type AtlasUniforms = ReturnType<typeof createAtlasUniforms>;

export function cardShader(shared: Shared): Shader {
  return Shader.from({ gl: { vertex: CARD_VERTEX, fragment: FLAT_FRAGMENT, name: 'bracket-card' }, resources: { shared } });
}

export function edgeShader(shared: Shared): Shader {
  return Shader.from({ gl: { vertex: EDGE_VERTEX, fragment: FLAT_FRAGMENT, name: 'bracket-edge' }, resources: { shared } });
}

export function glyphShader(atlas: TextureSource, atlasUniforms: AtlasUniforms): Shader {
  return Shader.from({
    gl: { vertex: GLYPH_VERTEX, fragment: GLYPH_FRAGMENT, name: 'bracket-glyph' },
    resources: { uTexture: atlas, atlasUniforms },
  });
}

/** Bytes per instance of each primitive. */
export const CARD_STRIDE = 12;
export const EDGE_STRIDE = 20;
export const GLYPH_STRIDE = 28;

function vertexBuffer(data: Float32Array): Buffer {
  return new Buffer({ data, usage: BufferUsage.VERTEX | BufferUsage.COPY_DST });
}

function indexBuffer(data: Uint16Array): Buffer {
  return new Buffer({ data, usage: BufferUsage.INDEX | BufferUsage.COPY_DST });
}

function quadIndices(quads: number): Uint16Array {
  const out = new Uint16Array(quads * 6);
  for (let q = 0; q < quads; q++) out.set([q * 4, q * 4 + 1, q * 4 + 2, q * 4, q * 4 + 2, q * 4 + 3], q * 6);
  return out;
}

// Corners of a quad, counter-clockwise from the top-left.
const CORNERS = [0, 0, 1, 0, 1, 1, 0, 1];

/** Card template: per vertex (x, y, greek-end flag, part). */
export function cardGeometry(instances: Buffer): Geometry {
  const template = new Float32Array(PARTS.length * 4 * 4);
  PARTS.forEach(([x0, y0, x1, y1], p) => {
    for (let v = 0; v < 4; v++) {
      const cx = CORNERS[v * 2];
      const cy = CORNERS[v * 2 + 1];
      const o = (p * 4 + v) * 4;
      template[o] = cx ? x1 : x0;
      template[o + 1] = cy ? y1 : y0;
      template[o + 2] = cx; // right-hand corners of a greek bar stretch by its length
      template[o + 3] = p;
    }
  });
  const t = vertexBuffer(template);
  return new Geometry({
    attributes: {
      aCorner: { buffer: t, format: 'float32x3', stride: 16, offset: 0 },
      aPart: { buffer: t, format: 'float32', stride: 16, offset: 12 },
      aOrigin: { buffer: instances, format: 'float32x2', stride: CARD_STRIDE, offset: 0, instance: true },
      aInfo: { buffer: instances, format: 'unorm8x4', stride: CARD_STRIDE, offset: 8, instance: true },
    },
    indexBuffer: indexBuffer(quadIndices(PARTS.length)),
    instanceCount: 0,
  });
}

/** Elbow template: three segments of one quad each. */
export function edgeGeometry(instances: Buffer): Geometry {
  const template = new Float32Array(3 * 4 * 3);
  for (let s = 0; s < 3; s++) {
    for (let v = 0; v < 4; v++) {
      const o = (s * 4 + v) * 3;
      template[o] = CORNERS[v * 2];
      template[o + 1] = CORNERS[v * 2 + 1];
      template[o + 2] = s;
    }
  }
  const t = vertexBuffer(template);
  return new Geometry({
    attributes: {
      aCorner: { buffer: t, format: 'float32x2', stride: 12, offset: 0 },
      aSegment: { buffer: t, format: 'float32', stride: 12, offset: 8 },
      aEnds: { buffer: instances, format: 'float32x4', stride: EDGE_STRIDE, offset: 0, instance: true },
      aColor: { buffer: instances, format: 'unorm8x4', stride: EDGE_STRIDE, offset: 16, instance: true },
    },
    indexBuffer: indexBuffer(quadIndices(3)),
    instanceCount: 0,
  });
}

export function glyphGeometry(instances: Buffer): Geometry {
  const t = vertexBuffer(new Float32Array(CORNERS));
  return new Geometry({
    attributes: {
      aCorner: { buffer: t, format: 'float32x2', stride: 8, offset: 0 },
      aRect: { buffer: instances, format: 'float32x4', stride: GLYPH_STRIDE, offset: 0, instance: true },
      aUV: { buffer: instances, format: 'uint16x4', stride: GLYPH_STRIDE, offset: 16, instance: true },
      aColor: { buffer: instances, format: 'unorm8x4', stride: GLYPH_STRIDE, offset: 24, instance: true },
    },
    indexBuffer: indexBuffer(quadIndices(1)),
    instanceCount: 0,
  });
}

export function instanceBuffer(bytes: number): Buffer {
  return vertexBuffer(new Float32Array(Math.max(16, bytes >> 2)));
}
