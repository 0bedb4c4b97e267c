import type { Point } from '../camera';
import { changedNodes } from '../diffMatches';
import { entrantPath, indexEntrants, latestNode, searchEntrants, type EntrantIndex, type EntrantPath } from '../entrantPaths';
import { layoutBracket, type BracketLayout, type Rect } from '../layoutBracket';
import { AVATAR_SIZE, AVATAR_X, CARD_HEIGHT, CARD_WIDTH, ROW_HEIGHT } from '../metrics';
import type { ViewMatch } from '../model';
import { nodeAt } from '../spatialIndex';
import type { AvatarSpot } from './AvatarImages';

/** What applying new matches did: nothing, a new layout, or a few cards redrawn in place (a live update). */
export type DataChange = { kind: 'none' } | { kind: 'layout' } | { kind: 'cards'; changed: number[] };

/** What is under a world point: the card (node, -1 for none), its match id and the entry row's entrant. */
export interface Hit {
  node: number;
  match: number | null;
  entry: string | null;
}

/**
 * The engine's data and layout (no Pixi, no DOM): the matches last given, the layout built from
 * them, and what is derived from it on demand (the entrant index for paths and search, hit
 * testing, card centres, avatar spots). `apply` decides between a new layout and a live update
 * of a few cards (`diffMatches.ts`).
 */
export class BracketData {
  /** The matches last given (drawn once `apply` ran). */
  matches: readonly ViewMatch[] | null = null;
  layout: BracketLayout | null = null;
  /** The list `layout` was built from (live updates are compared with it). */
  private laidOut: readonly ViewMatch[] | null = null;
  private entrants: EntrantIndex | null = null;

  /** True when the matches given have not been applied yet. */
  get pending(): boolean {
    return this.matches !== null && this.matches !== this.laidOut;
  }

  /** Brings the layout up to the matches given: a live update in place when every match kept its place, else a new layout. */
  apply(): DataChange {
    const data = this.matches;
    if (!data || data === this.laidOut) return { kind: 'none' };
    const changed = this.layout && this.laidOut ? changedNodes(this.layout, this.laidOut, data) : null;
    this.laidOut = data;
    if (this.layout && changed) {
      if (changed.length > 0) this.entrants = null;
      return { kind: 'cards', changed };
    }
    this.layout = layoutBracket(data);
    this.entrants = null;
    return { kind: 'layout' };
  }

  /** Whether there is something to show (a layout with at least one card). */
  get drawable(): boolean {
    return this.layout !== null && this.layout.nodes.count > 0;
  }

  /** The bracket's bounds, null without cards. */
  get bounds(): Rect | null {
    return this.drawable ? (this.layout as BracketLayout).bounds : null;
  }

  /** Who plays where (built on first use: ~100 ms for 65,536 entrants, so idle time builds it ahead). */
  entrantIndex(): EntrantIndex | null {
    if (!this.entrants && this.layout) this.entrants = indexEntrants(this.layout);
    return this.entrants;
  }

  get indexed(): boolean {
    return this.entrants !== null;
  }

  /** An entrant's path (played and pending matches, its rows), null when unknown. */
  path(entry: string): EntrantPath | null {
    const index = this.entrantIndex();
    return index && this.layout ? entrantPath(this.layout, index, entry) : null;
  }

  /** The node of an entrant's latest match, -1 when unknown. */
  latestNodeOf(entry: string): number {
    const index = this.entrantIndex();
    return index ? latestNode(index, entry) : -1;
  }

  find(query: string, limit?: number): { id: string; label: string }[] {
    const index = this.entrantIndex();
    return index ? searchEntrants(index, query, limit) : [];
  }

  /** The node of match `id`, -1 when it is not drawn. */
  nodeOf(id: number): number {
    return this.layout ? this.layout.nodeOf(id) : -1;
  }

  matchId(node: number): number {
    return (this.layout as BracketLayout).nodes.match[node].id;
  }

  /** World centre of card `node`. */
  cardCentre(node: number): Point {
    const { nodes } = this.layout as BracketLayout;
    return { x: nodes.x[node] + CARD_WIDTH / 2, y: nodes.y[node] + CARD_HEIGHT / 2 };
  }

  /** The card and entry row under a world point. */
  hit(x: number, y: number): Hit {
    const layout = this.layout;
    if (!layout) return { node: -1, match: null, entry: null };
    const node = nodeAt(layout, x, y);
    if (node < 0) return { node, match: null, entry: null };
    const m = layout.nodes.match[node];
    return { node, match: m.id, entry: (y - layout.nodes.y[node] < ROW_HEIGHT ? m.a : m.b).id };
  }

  /** Where the pictures of the entrants on cards inside world rectangle `view` go. */
  avatarSpots(view: Rect): AvatarSpot[] {
    const spots: AvatarSpot[] = [];
    const layout = this.layout;
    if (!layout) return spots;
    const { nodes } = layout;
    for (const col of layout.columns) {
      if (col.x > view.x + view.width || col.x + CARD_WIDTH < view.x) continue;
      // Cards of a column are sorted top to bottom: start at the first one reaching the view.
      let lo = col.first;
      let hi = col.end;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (nodes.y[mid] + CARD_HEIGHT < view.y) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < col.end && nodes.y[i] <= view.y + view.height; i++) {
        const y = nodes.y[i];
        const m = nodes.match[i];
        [m.a, m.b].forEach((e, side) => {
          if (e.imageUrl && e.id !== null) {
            spots.push({ url: e.imageUrl, x: nodes.x[i] + AVATAR_X, y: y + side * ROW_HEIGHT + (ROW_HEIGHT - AVATAR_SIZE) / 2, size: AVATAR_SIZE });
          }
        });
      }
    }
    return spots;
  }

  /** Lets go of everything. */
  clear(): void {
    this.matches = this.laidOut = this.layout = null;
    this.entrants = null;
  }
}
