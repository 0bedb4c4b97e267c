import { Mesh, type Geometry, type Shader } from 'pixi.js';
import { instanceBuffer } from './shaders';

/**
 * One instanced mesh fed from a growable CPU array: write the instances that are visible, then
 * `commit` uploads just those bytes and sets the instance count. The mesh is hidden when empty.
 */
export class InstanceStream {
  readonly buffer = instanceBuffer(4096);
  readonly mesh: Mesh<Geometry, Shader>;
  readonly geometry: Geometry;
  f32: Float32Array;
  u32: Uint32Array;
  private readonly words: number;

  constructor(
    readonly stride: number,
    makeGeometry: (instances: ReturnType<typeof instanceBuffer>) => Geometry,
    shader: Shader,
    label: string,
  ) {
    this.words = stride / 4;
    this.f32 = this.buffer.data as Float32Array;
    this.u32 = new Uint32Array(this.f32.buffer);
    this.geometry = makeGeometry(this.buffer);
    this.mesh = new Mesh<Geometry, Shader>({ geometry: this.geometry, shader, label });
    this.mesh.visible = false;
  }

  /** Makes room for `count` instances; the contents are kept. */
  ensure(count: number): void {
    const need = count * this.words;
    if (need <= this.f32.length) return;
    const next = new Float32Array(Math.max(need, this.f32.length * 2));
    next.set(this.f32);
    this.f32 = next;
    this.u32 = new Uint32Array(next.buffer);
    this.buffer.data = next;
  }

  /** Copies `count` instances from `src` (same layout) at instance `at`. */
  copy(src: Float32Array, from: number, count: number, at: number): void {
    this.f32.set(src.subarray(from * this.words, (from + count) * this.words), at * this.words);
  }

  commit(count: number): void {
    this.geometry.instanceCount = count;
    if (count > 0) this.buffer.update(count * this.stride);
    this.mesh.visible = count > 0;
  }

  get count(): number {
    return this.mesh.visible ? this.geometry.instanceCount : 0;
  }

  destroy(): void {
    this.mesh.destroy();
    this.geometry.destroy(true);
  }
}
