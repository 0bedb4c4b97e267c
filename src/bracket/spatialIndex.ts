import type { BracketLayout, Rect } from './layoutBracket';
import { CARD_HEIGHT, CARD_WIDTH } from './metrics';

/*
 * Culling index over a layout. Each column is cut into chunks of up to CHUNK_SIZE consecutive
 * cards; a chunk's box covers its cards and the connectors running into them (which reach back
 * to the source cards, far up or down for late rounds). A query scans the few columns and
 * binary-searches each one, so it costs O(columns · log n + visible chunks).
 */

export const CHUNK_SIZE = 8;

export interface ChunkIndex {
  count: number;
  /** Node range of each chunk: first … end - 1 (consecutive nodes of one column). */
  first: Uint32Array;
  end: Uint32Array;
  x0: Float64Array;
  y0: Float64Array;
  x1: Float64Array;
  y1: Float64Array;
  /** Per column: its chunks are colFirst[c] … colEnd[c] - 1; colMaxY1 is a running max of y1. */
  colFirst: Uint32Array;
  colEnd: Uint32Array;
  colX0: Float64Array;
  colX1: Float64Array;
  maxY1: Float64Array;
  /** Suffix minimum of y0 within the column: the scan stops once it passes the bottom of the query. */
  minY0: Float64Array;
  /** Chunk of each node. */
  chunkOf: Uint32Array;
}

export function buildChunkIndex(layout: BracketLayout, chunkSize = CHUNK_SIZE): ChunkIndex {
  const { nodes, edges, columns } = layout;
  let count = 0;
  for (const col of columns) count += Math.ceil((col.end - col.first) / chunkSize);
  const first = new Uint32Array(count);
  const end = new Uint32Array(count);
  const x0 = new Float64Array(count);
  const y0 = new Float64Array(count);
  const x1 = new Float64Array(count);
  const y1 = new Float64Array(count);
  const chunkOf = new Uint32Array(nodes.count);
  const nc = columns.length;
  const colFirst = new Uint32Array(nc);
  const colEnd = new Uint32Array(nc);
  const colX0 = new Float64Array(nc);
  const colX1 = new Float64Array(nc);
  let k = 0;
  columns.forEach((col, c) => {
    colFirst[c] = k;
    for (let i = col.first; i < col.end; i += chunkSize) {
      first[k] = i;
      end[k] = Math.min(col.end, i + chunkSize);
      let minY = Infinity;
      let maxY = -Infinity;
      for (let n = i; n < end[k]; n++) {
        chunkOf[n] = k;
        minY = Math.min(minY, nodes.y[n]);
        maxY = Math.max(maxY, nodes.y[n] + CARD_HEIGHT);
      }
      x0[k] = col.x;
      x1[k] = col.x + CARD_WIDTH;
      y0[k] = minY;
      y1[k] = maxY;
      k++;
    }
    colEnd[c] = k;
  });
  // Grow chunk boxes over their incoming connectors.
  for (let e = 0; e < edges.count; e++) {
    const s = edges.from[e];
    const ch = chunkOf[edges.to[e]];
    const sy = nodes.y[s] + CARD_HEIGHT / 2;
    x0[ch] = Math.min(x0[ch], nodes.x[s] + CARD_WIDTH);
    y0[ch] = Math.min(y0[ch], sy - 4);
    y1[ch] = Math.max(y1[ch], sy + 4);
  }
  const maxY1 = new Float64Array(count);
  const minY0 = new Float64Array(count);
  for (let c = 0; c < nc; c++) {
    let low = Infinity;
    for (let ch = colEnd[c] - 1; ch >= colFirst[c]; ch--) {
      low = Math.min(low, y0[ch]);
      minY0[ch] = low;
    }
    let run = -Infinity;
    let cx0 = Infinity;
    let cx1 = -Infinity;
    for (let ch = colFirst[c]; ch < colEnd[c]; ch++) {
      run = Math.max(run, y1[ch]);
      maxY1[ch] = run;
      cx0 = Math.min(cx0, x0[ch]);
      cx1 = Math.max(cx1, x1[ch]);
    }
    colX0[c] = cx0;
    colX1[c] = cx1;
  }
  return { count, first, end, x0, y0, x1, y1, colFirst, colEnd, colX0, colX1, maxY1, minY0, chunkOf };
}

/**
 * Chunks whose box meets `rect`, appended to `out` (cleared first), in column order, top to
 * bottom within a column. Returns the number found.
 */
export function queryChunks(index: ChunkIndex, rect: Rect, out: Uint32Array | number[]): number {
  const rx0 = rect.x;
  const rx1 = rect.x + rect.width;
  const ry0 = rect.y;
  const ry1 = rect.y + rect.height;
  let n = 0;
  for (let c = 0; c < index.colFirst.length; c++) {
    if (index.colX1[c] < rx0 || index.colX0[c] > rx1) continue;
    // First chunk that may reach down to ry0: running max of y1 is sorted.
    let lo = index.colFirst[c];
    let hi = index.colEnd[c];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (index.maxY1[mid] < ry0) lo = mid + 1;
      else hi = mid;
    }
    for (let ch = lo; ch < index.colEnd[c]; ch++) {
      if (index.minY0[ch] > ry1) break;
      if (index.y1[ch] < ry0 || index.x1[ch] < rx0 || index.x0[ch] > rx1) continue;
      if (Array.isArray(out)) out[n] = ch;
      else if (n < out.length) out[n] = ch;
      n++;
    }
  }
  return n;
}

/** Node under the world point (x, y), or -1. Binary search within the column under x. */
export function nodeAt(layout: BracketLayout, x: number, y: number): number {
  const { nodes, columns } = layout;
  for (const col of columns) {
    if (x < col.x || x > col.x + CARD_WIDTH) continue;
    let lo = col.first;
    let hi = col.end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (nodes.y[mid] + CARD_HEIGHT < y) lo = mid + 1;
      else hi = mid;
    }
    if (lo < col.end && nodes.y[lo] <= y && y <= nodes.y[lo] + CARD_HEIGHT && x <= nodes.x[lo] + CARD_WIDTH) return lo;
  }
  return -1;
}
