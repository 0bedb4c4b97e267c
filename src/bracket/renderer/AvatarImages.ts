import { CanvasSource, Sprite, Texture, type Container } from 'pixi.js';

/** Pictures are only worth loading when an avatar is at least this many screen pixels. */
export const IMAGE_ZOOM = 0.9;
const SIZE = 64;
const MAX_TEXTURES = 256;
const MAX_LOADING = 6;

export interface AvatarSpot {
  url: string;
  x: number;
  y: number;
  size: number;
}

/**
 * Entrant pictures, loaded lazily for the cards on screen once the camera rests at a zoom where
 * they are visible. Each is cut into a disc on a small canvas (no masks at draw time) and drawn
 * as a sprite over the letter disc, which stays as the fallback.
 */
export class AvatarImages {
  private textures = new Map<string, Texture | 'loading' | 'failed'>();
  private pool: Sprite[] = [];
  private used = 0;
  private loading = 0;
  private queue: string[] = [];
  private destroyed = false;

  constructor(
    private readonly layer: Container,
    private readonly onLoaded: () => void,
  ) {}

  /**
   * Shows the loaded pictures of `spots` and queues the missing ones; true when a picture is or was on screen (a frame
   * is needed), false when none shows before and after (the missing ones ask for a frame as they arrive).
   */
  show(spots: readonly AvatarSpot[]): boolean {
    const shown = this.used;
    this.used = 0;
    this.queue = [];
    for (const s of spots) {
      const t = this.textures.get(s.url);
      if (t === undefined) this.queue.push(s.url);
      if (!(t instanceof Texture)) continue;
      // Refresh LRU order.
      this.textures.delete(s.url);
      this.textures.set(s.url, t);
      const sprite = this.sprite();
      sprite.texture = t;
      sprite.position.set(s.x, s.y);
      sprite.setSize(s.size, s.size);
    }
    for (let i = this.used; i < this.pool.length; i++) this.pool[i].visible = false;
    this.pump();
    return shown > 0 || this.used > 0;
  }

  /** Hides every picture; true when one was on screen. */
  hide(): boolean {
    const shown = this.used;
    this.queue = [];
    for (const s of this.pool) s.visible = false;
    this.used = 0;
    return shown > 0;
  }

  private sprite(): Sprite {
    let s = this.pool[this.used];
    if (!s) {
      s = new Sprite();
      this.pool.push(s);
      this.layer.addChild(s);
    }
    s.visible = true;
    this.used++;
    return s;
  }

  private pump(): void {
    while (this.loading < MAX_LOADING && this.queue.length > 0) {
      const url = this.queue.shift() as string;
      if (this.textures.has(url)) continue;
      this.textures.set(url, 'loading');
      this.loading++;
      void this.load(url).then((t) => {
        this.loading--;
        if (this.destroyed) {
          if (t) t.destroy(true);
          return;
        }
        this.textures.set(url, t ?? 'failed');
        this.evict();
        if (t) this.onLoaded();
        this.pump();
      });
    }
  }

  private async load(url: string): Promise<Texture | null> {
    try {
      const img = new Image();
      img.crossOrigin = 'anonymous';
      img.decoding = 'async';
      img.src = url;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = SIZE;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      ctx.beginPath();
      ctx.arc(SIZE / 2, SIZE / 2, SIZE / 2, 0, Math.PI * 2);
      ctx.clip();
      // Cover: crop the longer side.
      const side = Math.min(img.naturalWidth, img.naturalHeight) || 1;
      ctx.drawImage(img, (img.naturalWidth - side) / 2, (img.naturalHeight - side) / 2, side, side, 0, 0, SIZE, SIZE);
      const source = new CanvasSource({ resource: canvas, resolution: 1, autoGenerateMipmaps: true, scaleMode: 'linear', mipmapFilter: 'linear' });
      return new Texture({ source });
    } catch {
      return null;
    }
  }

  private evict(): void {
    if (this.textures.size <= MAX_TEXTURES) return;
    const inUse = new Set(this.pool.slice(0, this.used).map((s) => s.texture));
    for (const [url, t] of this.textures) {
      if (this.textures.size <= MAX_TEXTURES) break;
      if (t instanceof Texture && !inUse.has(t)) {
        t.destroy(true);
        this.textures.delete(url);
      }
    }
  }

  destroy(): void {
    this.destroyed = true;
    for (const t of this.textures.values()) if (t instanceof Texture) t.destroy(true);
    this.textures.clear();
    for (const s of this.pool) s.destroy();
    this.pool = [];
  }
}
