/** How long the outline of a card changed by a live update stays visible (ms). */
export const FLASH_MS = 1200;

/** How strong a flash `age` ms old is: 1 when it starts, easing out to 0 at FLASH_MS. */
export function flashStrength(age: number): number {
  if (age <= 0) return 1;
  if (age >= FLASH_MS) return 0;
  const rest = 1 - age / FLASH_MS;
  return rest * rest;
}

/**
 * The cards flashing after a live update (so the eye finds what changed): when each started, and how strong each is
 * at a given time. A card changed again restarts its flash.
 */
export class CardFlashes {
  private readonly started = new Map<number, number>();

  start(nodes: readonly number[], at: number): void {
    for (const n of nodes) this.started.set(n, at);
  }

  /** The flashes still visible at `time` as [node, strength]; finished ones are dropped. */
  at(time: number): [number, number][] {
    const live: [number, number][] = [];
    for (const [n, start] of this.started) {
      const strength = flashStrength(time - start);
      if (strength > 0) live.push([n, strength]);
      else this.started.delete(n);
    }
    return live;
  }

  get size(): number {
    return this.started.size;
  }

  clear(): void {
    this.started.clear();
  }
}
