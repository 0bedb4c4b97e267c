import type { Hit } from './BracketData';

/** What the overlays show; a new object on every change (a snapshot for subscribers). */
export interface OverlayState {
  /** The card under the pointer, -1 for none. */
  readonly hoverNode: number;
  /** The entrant of the row under the pointer. */
  readonly hoverEntry: string | null;
  /** The entrant whose path stays highlighted (search, `highlightEntry`, `flyToEntry`). */
  readonly pinnedEntry: string | null;
  /** Bumped when the data changed under the same ids (a live update or a new layout): paths are recomputed. */
  readonly dataVersion: number;
}

/** What a hover changed, for the engine's `hover.match` / `hover.entry` events (absent: unchanged). */
export interface HoverChange {
  match?: number | null;
  entry?: string | null;
}

const EMPTY: OverlayState = { hoverNode: -1, hoverEntry: null, pinnedEntry: null, dataVersion: 0 };

/**
 * The state of what is drawn over the cards (no Pixi): the hovered card and entrant, the pinned
 * entrant. A small store: `state` is an immutable snapshot, `subscribe` hears every change.
 */
export class BracketOverlays {
  private current: OverlayState = EMPTY;
  private readonly listeners = new Set<(state: OverlayState) => void>();

  get state(): OverlayState {
    return this.current;
  }

  /** The entrant whose path is shown: the hovered one over the pinned one. */
  get highlighted(): string | null {
    return this.current.hoverEntry ?? this.current.pinnedEntry;
  }

  subscribe(fn: (state: OverlayState) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private set(patch: Partial<OverlayState>): void {
    this.current = { ...this.current, ...patch };
    for (const fn of this.listeners) fn(this.current);
  }

  /** The pointer is over `hit` (a miss: node -1); returns what changed. */
  hover(hit: Hit): HoverChange {
    const change: HoverChange = {};
    const patch: { -readonly [K in keyof OverlayState]?: OverlayState[K] } = {};
    if (hit.node !== this.current.hoverNode) {
      patch.hoverNode = hit.node;
      change.match = hit.match;
    }
    if (hit.entry !== this.current.hoverEntry) {
      patch.hoverEntry = hit.entry;
      change.entry = hit.entry;
    }
    if (Object.keys(patch).length > 0) this.set(patch);
    return change;
  }

  pin(entry: string | null): void {
    this.set({ pinnedEntry: entry });
  }

  /** The data changed: what depends on it is recomputed. */
  dataChanged(): void {
    this.set({ dataVersion: this.current.dataVersion + 1 });
  }

  /** Back to nothing shown (listeners stay). */
  reset(): void {
    this.current = { ...EMPTY, dataVersion: this.current.dataVersion + 1 };
    for (const fn of this.listeners) fn(this.current);
  }
}
