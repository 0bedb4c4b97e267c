import type { BracketLayout } from './layoutBracket';
import type { ViewEntry, ViewMatch, ViewSource } from './model';

/*
 * Live updates: a new match list that differs from the last one only in what cards show
 * (entrants, scores, winners) keeps its layout; only the changed cards are redrawn.
 */

function sameSource(a: ViewSource | null, b: ViewSource | null): boolean {
  return a === b || (a !== null && b !== null && a.match === b.match && a.kind === b.kind);
}

/** Whether two versions of a match sit at the same place with the same connectors. */
function samePlace(a: ViewMatch, b: ViewMatch): boolean {
  return (
    a.id === b.id &&
    a.track === b.track &&
    a.round === b.round &&
    a.position === b.position &&
    a.live === b.live &&
    a.roundName === b.roundName &&
    sameSource(a.sourceA, b.sourceA) &&
    sameSource(a.sourceB, b.sourceB)
  );
}

function sameEntry(a: ViewEntry, b: ViewEntry): boolean {
  return a === b || (a.id === b.id && a.label === b.label && a.imageUrl === b.imageUrl && a.score === b.score && a.bye === b.bye && a.unknown === b.unknown);
}

/** Whether two versions of a match draw the same card. */
function sameCard(a: ViewMatch, b: ViewMatch): boolean {
  return a.number === b.number && a.winner === b.winner && sameEntry(a.a, b.a) && sameEntry(a.b, b.b);
}

/**
 * Compares `next` with `previous` (the list `layout` was built from), item by item. When every
 * match kept its place and connectors, points the layout's nodes at the new match objects and
 * returns the nodes whose card changed; null when the layout must be rebuilt (a match added,
 * removed, reordered, moved or rewired). Unchanged items may be the same objects (cheapest)
 * or equal copies (a refetched list).
 */
export function changedNodes(layout: BracketLayout, previous: readonly ViewMatch[], next: readonly ViewMatch[]): number[] | null {
  if (previous.length !== next.length) return null;
  const changed: number[] = [];
  const swaps: [number, ViewMatch][] = [];
  for (let i = 0; i < next.length; i++) {
    const a = previous[i];
    const b = next[i];
    if (a === b) continue;
    if (!samePlace(a, b)) return null;
    if (!b.live) continue;
    const node = layout.nodeOf(b.id);
    if (node < 0) return null;
    swaps.push([node, b]);
    if (!sameCard(a, b)) changed.push(node);
  }
  for (const [node, m] of swaps) layout.nodes.match[node] = m;
  return changed;
}
