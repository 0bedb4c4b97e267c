import type { MinimapPlacement } from '../minimap';
import type { BracketData, Hit } from './BracketData';
import type { StageState } from './BracketStage';

/** What the overlays show; a new object on every change (a snapshot for subscribers). */
export interface OverlayState {
  /** The card under the pointer, -1 for none. */
  readonly hoverNode: number;
  /** The entrant of the row under the pointer. */
  readonly hoverEntry: string | null;
  /** The entrant whose path stays highlighted (search, `highlightEntry`, `flyToEntry`). */
  readonly pinnedEntry: string | null;
  /** The selected match (`selectMatch`: e.g. focused in the list of matches). */
  readonly selectedMatch: number | null;
  /** The entrant the search marker points at (`markEntry`). */
  readonly markedEntry: string | null;
  /** The cards (nodes) the latest live update changed, and when; null after a new layout. */
  readonly flash: { readonly nodes: readonly number[]; readonly at: number } | null;
  /** Where the minimap sits (null: none, the bracket fits the screen), and whether it has the keyboard focus. */
  readonly minimap: MinimapPlacement | null;
  readonly minimapFocused: boolean;
  /** Bumped when the data changed under the same ids (a live update or a new layout): what is derived is recomputed. */
  readonly dataVersion: number;
}

/** What a hover changed, for the engine's `hover.match` / `hover.entry` events (absent: unchanged). */
export interface HoverChange {
  match?: number | null;
  entry?: string | null;
}

type Patch = { -readonly [K in keyof OverlayState]?: OverlayState[K] };

const EMPTY: OverlayState = { hoverNode: -1, hoverEntry: null, pinnedEntry: null, selectedMatch: null, markedEntry: null, flash: null, minimap: null, minimapFocused: false, dataVersion: 0 };

/**
 * The state of what is drawn over the cards (no Pixi): the hovered card and entrant, the pinned
 * entrant, the selected match, the search marker, the live-update flash. A small store: `state`
 * is an immutable snapshot, `subscribe` hears every change. `stageState` derives what the stage's
 * @pixi/react components draw from it.
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

  private set(patch: Patch): void {
    this.current = { ...this.current, ...patch };
    for (const fn of this.listeners) fn(this.current);
  }

  /** The pointer is over `hit` (a miss: node -1); returns what changed. */
  hover(hit: Hit): HoverChange {
    const change: HoverChange = {};
    const patch: Patch = {};
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

  select(match: number | null): void {
    if (match !== this.current.selectedMatch) this.set({ selectedMatch: match });
  }

  mark(entry: string | null): void {
    if (entry !== this.current.markedEntry) this.set({ markedEntry: entry });
  }

  /** The minimap's place (null: none); an equal placement keeps the current one. */
  placeMinimap(p: MinimapPlacement | null): void {
    const m = this.current.minimap;
    const same = m === p || (m !== null && p !== null && m.x === p.x && m.y === p.y && m.width === p.width && m.height === p.height && m.world === p.world);
    if (!same) this.set({ minimap: p });
  }

  focusMinimap(focused: boolean): void {
    if (focused !== this.current.minimapFocused) this.set({ minimapFocused: focused });
  }

  /** A live update changed these cards at time `at` (they flash); the data changed too. */
  flashCards(nodes: readonly number[], at: number): void {
    this.set({ flash: { nodes, at }, dataVersion: this.current.dataVersion + 1 });
  }

  /** The data changed (`newLayout`: the nodes were renumbered, so no flash carries over). */
  dataChanged(newLayout: boolean): void {
    this.set(newLayout ? { flash: null, dataVersion: this.current.dataVersion + 1 } : { dataVersion: this.current.dataVersion + 1 });
  }

  /** Back to nothing shown (listeners stay). */
  reset(): void {
    this.current = { ...EMPTY, dataVersion: this.current.dataVersion + 1 };
    for (const fn of this.listeners) fn(this.current);
  }
}

/** What the stage draws, with what it was derived from (to recompute only what changed). */
export interface DerivedStage extends StageState {
  readonly pathOf: string | null;
  readonly version: number;
}

export const EMPTY_DERIVED: DerivedStage = { layout: null, path: null, flash: null, selected: -1, marker: null, minimap: null, minimapFocused: false, pathOf: null, version: -1 };

/**
 * The stage's state for the overlay state over `data`: the highlighted entrant's path, the flash,
 * the selected match's node, the marked entrant's row in its latest match. Returns `previous`
 * itself when nothing it shows changed (a stable snapshot for `useSyncExternalStore`), and
 * reuses its path unless the entrant or the data changed.
 */
export function deriveStage(data: BracketData, state: OverlayState, previous: DerivedStage): DerivedStage {
  if (!data.layout) return EMPTY_DERIVED;
  const id = state.hoverEntry ?? state.pinnedEntry;
  const samePath = id === previous.pathOf && state.dataVersion === previous.version;
  const path = samePath ? previous.path : id ? data.path(id) : null;
  const selected = state.selectedMatch === null ? -1 : data.nodeOf(state.selectedMatch);
  let marker: readonly [number, number] | null = null;
  if (state.markedEntry !== null) {
    const node = data.latestNodeOf(state.markedEntry);
    if (node >= 0) {
      const side = data.layout.nodes.match[node].a.id === state.markedEntry ? 0 : 1;
      marker = previous.marker && previous.marker[0] === node && previous.marker[1] === side ? previous.marker : [node, side];
    }
  }
  const layout = data.layout;
  if (
    samePath &&
    layout === previous.layout &&
    state.flash === previous.flash &&
    selected === previous.selected &&
    marker === previous.marker &&
    state.minimap === previous.minimap &&
    state.minimapFocused === previous.minimapFocused &&
    state.dataVersion === previous.version
  ) {
    return previous;
  }
  return { layout, path, flash: state.flash, selected, marker, minimap: state.minimap, minimapFocused: state.minimapFocused, pathOf: id, version: state.dataVersion };
}
