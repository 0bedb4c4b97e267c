import {
  CARD_HEIGHT,
  CARD_WIDTH,
  COLUMN_GAP,
  COLUMN_WIDTH,
  HEADER_HEIGHT,
  PITCH,
  ROW_GAP,
  TITLE_HEIGHT,
  TRACK_GAP,
} from './metrics';
import type { ViewMatch, ViewSource, ViewTrack } from './model';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One round of one track: its nodes are `first … end - 1`, sorted top to bottom. */
export interface LayoutColumn {
  track: ViewTrack;
  round: number;
  name: string;
  x: number;
  /** Top of the band holding the round name. */
  headerY: number;
  first: number;
  end: number;
}

/** Drawn matches in column order (winners rounds, losers rounds, finals; top to bottom within a round). */
export interface LayoutNodes {
  count: number;
  match: ViewMatch[];
  /** Top-left corner of each card. */
  x: Float64Array;
  y: Float64Array;
  column: Uint16Array;
}

/** Connector from the card `from` (its winner) to the card `to`; node indexes. */
export interface LayoutEdges {
  count: number;
  from: Uint32Array;
  to: Uint32Array;
}

export interface BracketLayout {
  nodes: LayoutNodes;
  edges: LayoutEdges;
  columns: LayoutColumn[];
  /** Node index of a match id, -1 when it is not drawn. */
  nodeOf: (id: number) => number;
  bounds: Rect;
  tracks: { winners: Rect; losers: Rect; final: Rect };
}

const TRACK_ORDER: Record<ViewTrack, number> = { winners: 0, losers: 1, final: 2 };

function union(a: Rect, b: Rect): Rect {
  if (a.width <= 0 && a.height <= 0) return b;
  if (b.width <= 0 && b.height <= 0) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/** Node index of a match id: a flat array for the usual small integer ids, else a Map. */
class IdIndex {
  private readonly dense: Int32Array | null = null;
  private readonly map: Map<number, number> | null = null;

  constructor(drawn: readonly ViewMatch[]) {
    let max = 0;
    let integers = true;
    for (const m of drawn) {
      if (!Number.isInteger(m.id) || m.id < 0) integers = false;
      else if (m.id > max) max = m.id;
    }
    if (integers && max <= 4 * drawn.length + 64) {
      this.dense = new Int32Array(max + 1).fill(-1);
      for (let i = 0; i < drawn.length; i++) this.dense[drawn[i].id] = i;
    } else {
      this.map = new Map();
      for (let i = 0; i < drawn.length; i++) this.map.set(drawn[i].id, i);
    }
  }

  get(id: number): number {
    if (this.dense) return id >= 0 && id < this.dense.length && Number.isInteger(id) ? this.dense[id] : -1;
    return this.map?.get(id) ?? -1;
  }

  set(id: number, node: number): void {
    if (this.dense) this.dense[id] = node;
    else this.map?.set(id, node);
  }
}

/**
 * Only an unusual numbering makes cards of a round collide or run out of order: sort the round
 * top to bottom (hit testing and culling binary-search it) and push cards at least a pitch apart.
 */
function spaceOut(drawn: ViewMatch[], centre: Float64Array, byId: IdIndex, first: number, end: number): void {
  const order: number[] = [];
  for (let i = first; i < end; i++) order.push(i);
  order.sort((p, q) => centre[p] - centre[q] || p - q);
  const ms = order.map((node) => drawn[node]);
  const cs = order.map((node) => centre[node]);
  for (let k = 0; k < order.length; k++) {
    if (k > 0 && cs[k] < cs[k - 1] + PITCH) cs[k] = cs[k - 1] + PITCH;
    drawn[first + k] = ms[k];
    centre[first + k] = cs[k];
    byId.set(ms[k].id, first + k);
  }
}

/** Live matches bucketed by track and round, each round by position: O(n), no global sort. */
function columnOrder(input: readonly ViewMatch[]): ViewMatch[] {
  const buckets = new Map<number, ViewMatch[]>();
  for (const m of input) {
    if (!m.live) continue;
    const key = TRACK_ORDER[m.track] * 1_000_000 + m.round;
    const bucket = buckets.get(key);
    if (bucket) bucket.push(m);
    else buckets.set(key, [m]);
  }
  let count = 0;
  for (const bucket of buckets.values()) count += bucket.length;
  const out = new Array<ViewMatch>(count);
  let at = 0;
  for (const key of [...buckets.keys()].sort((p, q) => p - q)) {
    const bucket = buckets.get(key) as ViewMatch[];
    let sorted = true;
    for (let i = 1; i < bucket.length && sorted; i++) sorted = bucket[i - 1].position <= bucket[i].position;
    if (!sorted) bucket.sort((p, q) => p.position - q.position);
    for (let i = 0; i < bucket.length; i++) out[at++] = bucket[i];
  }
  return out;
}

/**
 * Places every drawn match: winners track on top, losers track below it, the finals in the
 * column(s) right of both. Within a track a card is centred on the cards feeding it from the
 * same track (so the classic tree shape falls out of the sources, whatever the numbering);
 * a round fed from elsewhere is stacked by position. Connectors join a match to the matches
 * its winner comes from, in the same track or into the finals; loser drops into the losers
 * track are not drawn (they would cross the whole picture; hovering an entrant shows its path).
 */
export function layoutBracket(input: readonly ViewMatch[]): BracketLayout {
  const drawn = columnOrder(input);
  const count = drawn.length;
  const byId = new IdIndex(drawn);

  // Columns over the sorted list; a track's column index is its rank among that track's rounds.
  const columns: LayoutColumn[] = [];
  const trackColumns: Record<ViewTrack, number> = { winners: 0, losers: 0, final: 0 };
  for (let i = 0; i < count; ) {
    const m = drawn[i];
    let end = i + 1;
    while (end < count && drawn[end].track === m.track && drawn[end].round === m.round) end++;
    columns.push({ track: m.track, round: m.round, name: m.roundName, x: 0, headerY: 0, first: i, end });
    trackColumns[m.track]++;
    i = end;
  }

  // Vertical centre of each card relative to its track's card area.
  const centre = new Float64Array(count);
  const sameTrackSource = (i: number, s: ViewSource | null): number => {
    if (!s || s.kind !== 'winner') return -1;
    const j = byId.get(s.match);
    return j < 0 || j >= i || drawn[j].track !== drawn[i].track ? -1 : j;
  };
  const sameTrackSources = (i: number): number => {
    const ja = sameTrackSource(i, drawn[i].sourceA);
    const jb = sameTrackSource(i, drawn[i].sourceB);
    if (ja >= 0 && jb >= 0) return (centre[ja] + centre[jb]) / 2;
    if (ja >= 0) return centre[ja];
    return jb >= 0 ? centre[jb] : NaN;
  };
  for (const col of columns) {
    if (col.track === 'final') continue;
    let spaced = true;
    for (let i = col.first; i < col.end; i++) {
      const c = sameTrackSources(i);
      centre[i] = Number.isNaN(c) ? drawn[i].position * PITCH + PITCH / 2 : c;
      if (i > col.first && centre[i] < centre[i - 1] + PITCH) spaced = false;
    }
    if (!spaced) spaceOut(drawn, centre, byId, col.first, col.end);
  }

  const x = new Float64Array(count);
  const y = new Float64Array(count);
  const column = new Uint16Array(count);
  const emptyRect = (top: number): Rect => ({ x: 0, y: top, width: 0, height: 0 });

  const placeTrack = (track: ViewTrack, top: number): Rect => {
    let bottom = 0;
    let cols = 0;
    columns.forEach((col, c) => {
      if (col.track !== track) return;
      col.x = cols * COLUMN_WIDTH;
      col.headerY = top + TITLE_HEIGHT;
      cols++;
      for (let i = col.first; i < col.end; i++) {
        x[i] = col.x;
        y[i] = top + TITLE_HEIGHT + HEADER_HEIGHT + centre[i] - CARD_HEIGHT / 2;
        column[i] = c;
        bottom = Math.max(bottom, centre[i] + PITCH / 2);
      }
    });
    if (cols === 0) return emptyRect(top);
    return { x: 0, y: top, width: cols * COLUMN_WIDTH - COLUMN_GAP, height: TITLE_HEIGHT + HEADER_HEIGHT + bottom - ROW_GAP / 2 };
  };

  const winners = placeTrack('winners', 0);
  const losers = placeTrack('losers', winners.height > 0 ? winners.y + winners.height + TRACK_GAP : 0);

  // Finals: right of both tracks, level with the mean of the cards feeding them.
  const finalX = Math.max(trackColumns.winners, trackColumns.losers) * COLUMN_WIDTH;
  let final: Rect = emptyRect(0);
  let finalCol = 0;
  const fallbackY = winners.height > 0 ? winners.y + winners.height / 2 : losers.y + losers.height / 2;
  columns.forEach((col, c) => {
    if (col.track !== 'final') return;
    col.x = finalX + finalCol * COLUMN_WIDTH;
    finalCol++;
    let top = Infinity;
    for (let i = col.first; i < col.end; i++) {
      const m = drawn[i];
      let sum = 0;
      let n = 0;
      for (const s of m.sourceA === null ? (m.sourceB === null ? [] : [m.sourceB]) : [m.sourceA, m.sourceB]) {
        const j = s && s.kind === 'winner' ? byId.get(s.match) : -1;
        if (j < 0 || j >= i) continue;
        sum += y[j] + CARD_HEIGHT / 2;
        n++;
      }
      const mid = n > 0 ? sum / n : fallbackY;
      x[i] = col.x;
      y[i] = mid - CARD_HEIGHT / 2 + (i - col.first) * PITCH;
      column[i] = c;
      top = Math.min(top, y[i]);
    }
    col.headerY = top - HEADER_HEIGHT;
    let bottom = -Infinity;
    for (let i = col.first; i < col.end; i++) bottom = Math.max(bottom, y[i] + CARD_HEIGHT);
    final = union(final, { x: col.x, y: col.headerY, width: CARD_WIDTH, height: bottom - col.headerY });
  });

  // Connectors: winner sources within a track, and everything feeding the finals.
  const from = new Uint32Array(count * 2);
  const to = new Uint32Array(count * 2);
  let edges = 0;
  const addEdge = (i: number, s: ViewSource | null) => {
    if (!s || s.kind !== 'winner') return;
    const j = byId.get(s.match);
    if (j < 0) return;
    if (drawn[j].track !== drawn[i].track && drawn[i].track !== 'final') return;
    from[edges] = j;
    to[edges] = i;
    edges++;
  };
  for (let i = 0; i < count; i++) {
    addEdge(i, drawn[i].sourceA);
    addEdge(i, drawn[i].sourceB);
  }

  let bounds = union(winners, losers);
  bounds = union(bounds, final);
  return {
    nodes: { count, match: drawn, x, y, column },
    edges: { count: edges, from: from.subarray(0, edges), to: to.subarray(0, edges) },
    columns,
    nodeOf: (id: number) => byId.get(id),
    bounds,
    tracks: { winners, losers, final },
  };
}
