import type { BracketLayout } from './layoutBracket';
import type { ViewSource } from './model';

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
  /** Entrant ids and their names in lower case, for search (in first-seen order). */
  ids: string[];
  lowered: string[];
}

export function indexEntrants(layout: BracketLayout): EntrantIndex {
  const { nodes: n } = layout;
  const nodes = new Map<string, number[]>();
  const labels = new Map<string, string>();
  const winnerTo = new Int32Array(n.count).fill(-1);
  const ids: string[] = [];
  // 65,536 entrants meet here: no temporary arrays per match.
  const add = (id: string | null, label: string, node: number) => {
    if (id === null) return;
    const list = nodes.get(id);
    if (list) {
      list.push(node);
      return;
    }
    nodes.set(id, [node]);
    labels.set(id, label);
    ids.push(id);
  };
  const feed = (s: ViewSource | null, node: number) => {
    if (s === null || s.kind !== 'winner') return;
    const from = layout.nodeOf(s.match);
    if (from >= 0) winnerTo[from] = node;
  };
  for (let i = 0; i < n.count; i++) {
    const m = n.match[i];
    add(m.a.id, m.a.label, i);
    add(m.b.id, m.b.label, i);
    feed(m.sourceA, i);
    feed(m.sourceB, i);
  }
  // Lists are in column order; matches are played by number. Most are sorted already.
  const byNumber = (p: number, q: number) => n.match[p].number - n.match[q].number;
  for (const list of nodes.values()) {
    for (let k = 1; k < list.length; k++) {
      if (n.match[list[k - 1]].number > n.match[list[k]].number) {
        list.sort(byNumber);
        break;
      }
    }
  }
  const lowered = ids.map((id) => (labels.get(id) as string).toLocaleLowerCase());
  return { nodes, labels, winnerTo, ids, lowered };
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
  for (let i = 0; i < index.ids.length && starts.length < limit; i++) {
    const l = index.lowered[i];
    if (l.startsWith(q)) starts.push({ id: index.ids[i], label: index.labels.get(index.ids[i]) as string });
    else if (contains.length < limit && l.includes(q)) contains.push({ id: index.ids[i], label: index.labels.get(index.ids[i]) as string });
  }
  return [...starts, ...contains].slice(0, limit);
}
