import type { Bracket, BracketMatch, Side, SlotSource } from './types';

/*
 * The one place where a match's state is derived from its sources. Every operation
 * (generate, record, overwrite, reset) re-resolves the matches whose inputs may have changed,
 * in increasing match number: a source is always an earlier match, so one ordered pass sees
 * every input already settled. A match whose resolved state equals its old state keeps its
 * object (structural sharing), which stops the cascade there and lets `diffBrackets` compare
 * by reference.
 */

/** What a slot receives from its source: an entrant index (>= 0), UNKNOWN or BYE. */
const UNKNOWN = -1;
const BYE = -2;

function isGrandFinal2(m: BracketMatch): boolean {
  return m.track === 'final' && m.round === 1;
}

function feed(source: SlotSource, matches: readonly BracketMatch[], entrants: number): number {
  if (source.kind === 'seed') return source.seed <= entrants ? source.seed - 1 : BYE;
  const from = matches[source.match - 1];
  // An empty match sends "can never fill" both ways.
  if (from.byeA && from.byeB) return BYE;
  if (!from.live || from.winner === null) return UNKNOWN;
  if (source.kind === 'winner') return (from.winner === 'A' ? from.entryA : from.entryB) as number;
  // A match with a bye side had no real loser: its loser is a bye too.
  if (from.byeA || from.byeB) return BYE;
  return (from.winner === 'A' ? from.entryB : from.entryA) as number;
}

/**
 * The state `m` should have given the current state of its sources.
 * `forced` is the result being recorded on this very match; `keepResult` keeps a played result
 * while both entrants are unchanged (false for a reset).
 */
export function resolveMatch(
  m: BracketMatch,
  matches: readonly BracketMatch[],
  entrants: number,
  forced: Side | null,
  keepResult: boolean,
): BracketMatch {
  let live = true;
  let entryA: number | null = null;
  let entryB: number | null = null;
  let byeA = false;
  let byeB = false;
  let winner: Side | null = null;

  if (isGrandFinal2(m)) {
    // GF2 is sourced (loser of GF, winner of GF): it only exists once the losers-bracket
    // champion (GF side B) has handed the winners-bracket champion a first loss.
    const gf = matches[m.number - 2];
    live = gf.winner === 'B';
  }
  if (live) {
    const a = feed(m.sourceA, matches, entrants);
    const b = feed(m.sourceB, matches, entrants);
    entryA = a >= 0 ? a : null;
    entryB = b >= 0 ? b : null;
    byeA = a === BYE;
    byeB = b === BYE;
    if (byeA !== byeB) {
      // One real side against a slot that can never fill: advance it as soon as it is known.
      if (byeB && entryA !== null) winner = 'A';
      if (byeA && entryB !== null) winner = 'B';
    } else if (!byeA && entryA !== null && entryB !== null) {
      const sameEntrants = m.live && m.entryA === entryA && m.entryB === entryB;
      winner = forced ?? (keepResult && sameEntrants ? m.winner : null);
    }
  }

  if (
    m.live === live &&
    m.entryA === entryA &&
    m.entryB === entryB &&
    m.byeA === byeA &&
    m.byeB === byeB &&
    m.winner === winner
  ) {
    return m;
  }
  return { ...m, entryA, entryB, byeA, byeB, winner, live };
}

/** For each match index, the index of the match its winner / loser plays next, or -1. */
interface Routes {
  winnerTo: Int32Array;
  loserTo: Int32Array;
}

// Routes depend only on the sources, which no operation changes: derive them once per bracket
// and hand them on to every bracket derived from it.
const routesCache = new WeakMap<readonly BracketMatch[], Routes>();

function routesOf(matches: readonly BracketMatch[]): Routes {
  const cached = routesCache.get(matches);
  if (cached) return cached;
  const winnerTo = new Int32Array(matches.length).fill(-1);
  const loserTo = new Int32Array(matches.length).fill(-1);
  for (let i = 0; i < matches.length; i++) {
    for (const source of [matches[i].sourceA, matches[i].sourceB]) {
      if (source.kind === 'winner') winnerTo[source.match - 1] = i;
      else if (source.kind === 'loser') loserTo[source.match - 1] = i;
    }
  }
  const routes = { winnerTo, loserTo };
  routesCache.set(matches, routes);
  return routes;
}

// Minimal binary min-heap of match indices: the re-resolve worklist, smallest number first.
function heapPush(heap: number[], value: number): void {
  let i = heap.push(value) - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent] <= value) break;
    heap[i] = heap[parent];
    i = parent;
  }
  heap[i] = value;
}

function heapPop(heap: number[]): number {
  const top = heap[0];
  const last = heap.pop() as number;
  if (heap.length > 0) {
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const child = left + 1 < heap.length && heap[left + 1] < heap[left] ? left + 1 : left;
      if (heap[child] >= last) break;
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = last;
  }
  return top;
}

/**
 * Sets `winner` on match `number` (the caller has validated it) and re-resolves everything
 * downstream whose inputs change. Copies the matches array once; untouched matches keep
 * their objects.
 */
export function propagate(b: Bracket, number: number, winner: Side): Bracket {
  const routes = routesOf(b.matches);
  const matches = b.matches.slice();
  const start = number - 1;
  const queue = [start];
  let previous = -1;
  while (queue.length > 0) {
    const i = heapPop(queue);
    // GF routes both its winner and its loser to GF2: skip the duplicate.
    if (i === previous) continue;
    previous = i;
    const next = resolveMatch(matches[i], matches, b.entrants, i === start ? winner : null, true);
    if (next === matches[i]) continue;
    matches[i] = next;
    if (routes.winnerTo[i] >= 0) heapPush(queue, routes.winnerTo[i]);
    if (routes.loserTo[i] >= 0) heapPush(queue, routes.loserTo[i]);
  }
  routesCache.set(matches, routes);
  return { ...b, matches };
}

/**
 * Re-resolves every match of `matches` in order, in place, without any played result: only
 * byes advance. Only for an array the caller owns (a copy, or one being built).
 */
export function resolveInPlace(matches: BracketMatch[], entrants: number): void {
  for (let i = 0; i < matches.length; i++) {
    matches[i] = resolveMatch(matches[i], matches, entrants, null, false);
  }
}

/** A copy of `b` with every played result cleared and byes re-advanced (see `resetBracket`). */
export function resolveAll(b: Bracket): Bracket {
  const matches = b.matches.slice();
  resolveInPlace(matches, b.entrants);
  const routes = routesCache.get(b.matches);
  if (routes) routesCache.set(matches, routes);
  return { ...b, matches };
}
