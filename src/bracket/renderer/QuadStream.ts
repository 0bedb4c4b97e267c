import { Mesh, State, type Buffer, type Geometry, type Shader } from 'pixi.js';
import { indexBuffer, QUAD_WORDS, quadIndices, vertexBuffer } from './shaders';

/**
 * One mesh of quads fed from a growable CPU array: write what is visible, then `commit` uploads
 * those bytes and draws only that many quads (the index buffer is a shared quad pattern).
 * The mesh is hidden while empty.
 */
export class QuadStream {
  readonly vertices: Buffer;
  readonly indices: Buffer;
  readonly geometry: Geometry;
  readonly mesh: Mesh<Geometry, Shader>;
  f32: Float32Array;
  u32: Uint32Array;
  private quads = 0;

  /** `opaque` layers skip blending: a software rasteriser then writes pixels without reading them. */
  constructor(makeGeometry: (v: Buffer, i: Buffer) => Geometry, shader: Shader, label: string, opaque = false, capacity = 1024) {
    this.vertices = vertexBuffer(capacity);
    this.indices = indexBuffer(capacity);
    this.f32 = this.vertices.data as Float32Array;
    this.u32 = new Uint32Array(this.f32.buffer);
    this.geometry = makeGeometry(this.vertices, this.indices);
    const state = State.for2d();
    if (opaque) state.blend = false;
    this.mesh = new Mesh<Geometry, Shader>({ geometry: this.geometry, shader, label, state });
    this.mesh.visible = false;
  }

  /** Makes room for `quads` quads; the contents are kept. */
  ensure(quads: number): void {
    const need = quads * QUAD_WORDS;
    if (need <= this.f32.length) return;
    const capacity = Math.max(need, this.f32.length * 2);
    const next = new Float32Array(capacity);
    next.set(this.f32);
    this.f32 = next;
    this.u32 = new Uint32Array(next.buffer);
    this.vertices.data = next;
    this.indices.data = quadIndices(capacity / QUAD_WORDS);
  }

  /** Uploads the first `quads` quads and draws them. */
  commit(quads: number): void {
    this.quads = quads;
    this.geometry.indexCount = quads * 6;
    if (quads > 0) this.vertices.update(quads * QUAD_WORDS * 4);
    this.show();
  }

  /** Shows the mesh when it has quads (a visibility change re-sorts the render group, so only on change). */
  show(): void {
    const visible = this.quads > 0;
    if (this.mesh.visible !== visible) this.mesh.visible = visible;
  }

  get count(): number {
    return this.quads;
  }

  destroy(): void {
    // The shader first: it lets go of its textures (the glyph atlas), which are destroyed after it.
    const shader = this.mesh.shader;
    this.mesh.destroy();
    shader?.destroy();
    this.geometry.destroy(true);
  }
}
