import type { BracketLayout } from './layoutBracket';

/*
 * Who plays where, derived from a layout: an entrant's matches (played and pending), where the
 * winner of each match goes next, and the entrant list for the search box.
 */

export interface EntrantIndex {
  /** Node indexes of each entrant's matches, in match-number order. */
  nodes: Map<string, number[]>;
  labels: Map<string, string>;
  /** Node the winner of a node plays next, or -1. */
  winnerTo: Int32Array;
}

export function indexEntrants(layout: BracketLayout): EntrantIndex {
  const { nodes: n } = layout;
  const nodes = new Map<string, number[]>();
  const labels = new Map<string, string>();
  const winnerTo = new Int32Array(n.count).fill(-1);
  for (let i = 0; i < n.count; i++) {
    const m = n.match[i];
    for (const e of [m.a, m.b]) {
      if (e.id === null) continue;
      const list = nodes.get(e.id);
      if (list) list.push(i);
      else nodes.set(e.id, [i]);
      labels.set(e.id, e.label);
    }
    for (const s of [m.sourceA, m.sourceB]) {
      if (s?.kind !== 'winner') continue;
      const from = layout.nodeOf(s.match);
      if (from >= 0) winnerTo[from] = i;
    }
  }
  for (const list of nodes.values()) list.sort((p, q) => n.match[p].number - n.match[q].number);
  return { nodes, labels, winnerTo };
}

export interface EntrantPath {
  /** Matches the entrant is in (decided or pending). */
  played: number[];
  /** Matches it reaches by winning its pending match, up to the final. */
  ahead: number[];
  /** The entrant's rows: node and side (0 = A, 1 = B). */
  rows: [number, number][];
}

export function entrantPath(layout: BracketLayout, index: EntrantIndex, id: string): EntrantPath | null {
  const played = index.nodes.get(id);
  if (!played || played.length === 0) return null;
  const rows: [number, number][] = played.map((n) => [n, layout.nodes.match[n].a.id === id ? 0 : 1]);
  const ahead: number[] = [];
  const last = played[played.length - 1];
  if (layout.nodes.match[last].winner === null) {
    const seen = new Set(played);
    for (let n = index.winnerTo[last]; n >= 0 && !seen.has(n); n = index.winnerTo[n]) {
      seen.add(n);
      ahead.push(n);
    }
  }
  return { played, ahead, rows };
}

/** The node of the entrant's latest match (highest number), or -1. */
export function latestNode(index: EntrantIndex, id: string): number {
  const list = index.nodes.get(id);
  return list && list.length > 0 ? list[list.length - 1] : -1;
}

/** Entrants whose name contains `query` (case-insensitive), names starting with it first. */
export function searchEntrants(index: EntrantIndex, query: string, limit = 20): { id: string; label: string }[] {
  const q = query.trim().toLocaleLowerCase();
  if (q === '') return [];
  const starts: { id: string; label: string }[] = [];
  const contains: { id: string; label: string }[] = [];
  for (const [id, label] of index.labels) {
    const l = label.toLocaleLowerCase();
    if (l.startsWith(q)) starts.push({ id, label });
    else if (l.includes(q)) contains.push({ id, label });
    if (starts.length >= limit) break;
  }
  return [...starts, ...contains].slice(0, limit);
}
