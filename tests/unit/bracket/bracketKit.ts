import { matchStatus } from '../../../src/domain/bracket/matchStatus';
import { champion, isComplete, placements } from '../../../src/domain/bracket/placements';
import { recordResult } from '../../../src/domain/bracket/recordResult';
import type { Bracket, BracketMatch, Side, SlotSource } from '../../../src/domain/bracket/types';

/** Small deterministic PRNG (mulberry32) so a failing fast-check seed replays exactly. */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)];
}

export function randomSide(random: () => number): Side {
  return random() < 0.5 ? 'A' : 'B';
}

export function readyMatches(b: Bracket): BracketMatch[] {
  return b.matches.filter((m) => matchStatus(m) === 'ready');
}

/** Matches an admin can overwrite: decided with two real entrants. */
export function playedMatches(b: Bracket): BracketMatch[] {
  return b.matches.filter((m) => m.live && m.winner !== null && m.entryA !== null && m.entryB !== null);
}

/**
 * Records random results on random ready matches, `steps` times or until none is ready, calling
 * `afterStep` after each. Returns the final bracket.
 */
export function playRandomly(
  b: Bracket,
  random: () => number,
  steps = Infinity,
  afterStep: (b: Bracket) => void = () => {},
): Bracket {
  let current = b;
  for (let step = 0; step < steps; step++) {
    const ready = readyMatches(current);
    if (ready.length === 0) break;
    current = recordResult(current, pick(ready, random).number, randomSide(random));
    afterStep(current);
  }
  return current;
}

function sourceIsPending(b: Bracket, source: SlotSource): boolean {
  return source.kind !== 'seed' && matchStatus(b.matches[source.match - 1]) !== 'decided';
}

/** Structural rules that hold for every bracket the engine builds. Empty when all hold. */
export function structureViolations(b: Bracket): string[] {
  const problems: string[] = [];
  const seen = new Map<number, number>();
  b.matches.forEach((m, i) => {
    if (m.number !== i + 1) problems.push(`match at index ${i} is numbered ${m.number}`);
    for (const source of [m.sourceA, m.sourceB]) {
      if (source.kind === 'seed') {
        if (m.track === 'winners' && m.round === 0) seen.set(source.seed, (seen.get(source.seed) ?? 0) + 1);
        else if (source.seed <= b.entrants) problems.push(`match ${m.number} takes real seed ${source.seed} outside round 1`);
      } else if (!(source.match >= 1 && source.match < m.number)) {
        problems.push(`match ${m.number} takes the ${source.kind} of match ${source.match}, not an earlier match`);
      }
    }
  });
  for (let seed = 1; seed <= b.slots; seed++) {
    if (seen.get(seed) !== 1) problems.push(`seed ${seed} appears ${seen.get(seed) ?? 0} times in round 1`);
  }
  return problems;
}

/** State rules that must hold after any sequence of operations. Empty when all hold. */
export function stateViolations(b: Bracket): string[] {
  const problems: string[] = [];
  const losses = new Array<number>(b.entrants).fill(0);
  const pendingIn = new Array<number>(b.entrants).fill(0);

  for (const m of b.matches) {
    const status = matchStatus(m);
    if ((m.byeA && m.entryA !== null) || (m.byeB && m.entryB !== null)) problems.push(`match ${m.number} has an entrant on a bye side`);
    if (!m.live && (m.entryA !== null || m.entryB !== null || m.winner !== null)) problems.push(`void match ${m.number} holds state`);
    if (status === 'waiting') {
      // Never wait on a slot that can never fill: some unknown side must still be on its way.
      const waitsOnA = m.entryA === null && !m.byeA && sourceIsPending(b, m.sourceA);
      const waitsOnB = m.entryB === null && !m.byeB && sourceIsPending(b, m.sourceB);
      if (!waitsOnA && !waitsOnB) problems.push(`match ${m.number} waits forever`);
    }
    if (status === 'decided' && m.winner !== null && (m.winner === 'A' ? m.entryA : m.entryB) === null) {
      problems.push(`match ${m.number} was won by an empty side`);
    }
    if (status === 'decided' && m.winner !== null && m.entryA !== null && m.entryB !== null) {
      losses[m.winner === 'A' ? m.entryB : m.entryA]++;
    }
    if (status === 'waiting' || status === 'ready') {
      if (m.entryA !== null) pendingIn[m.entryA]++;
      if (m.entryB !== null) pendingIn[m.entryB]++;
    }
  }

  const winner = champion(b);
  for (let e = 0; e < b.entrants; e++) {
    if (losses[e] > 2) problems.push(`entrant ${e} has ${losses[e]} losses`);
    if (pendingIn[e] > 1) problems.push(`entrant ${e} is due in ${pendingIn[e]} matches at once`);
    if (losses[e] >= 2 && pendingIn[e] > 0) problems.push(`entrant ${e} plays on after two losses`);
    // Nobody leaves before a second loss: still due somewhere, or the champion.
    if (losses[e] < 2 && pendingIn[e] === 0 && e !== winner) problems.push(`entrant ${e} left with ${losses[e]} loss(es)`);
  }
  if (winner !== null && losses[winner] > 1) problems.push(`champion ${winner} has ${losses[winner]} losses`);
  return problems;
}

/** Rules for a finished bracket: one champion and a consistent ranking of all entrants. */
export function completionViolations(b: Bracket): string[] {
  const problems: string[] = [];
  if (!isComplete(b)) return ['bracket is not complete'];
  if (readyMatches(b).length > 0) problems.push('complete bracket still has ready matches');
  const ranking = placements(b);
  const entrants = ranking.map((p) => p.entrant).sort((x, y) => x - y);
  if (entrants.length !== b.entrants || entrants.some((e, i) => e !== i)) problems.push('placements do not list every entrant once');
  for (const p of ranking) {
    const better = ranking.filter((q) => q.place < p.place).length;
    if (p.place !== better + 1) problems.push(`entrant ${p.entrant} placed ${p.place} with ${better} ahead`);
  }
  if (ranking.filter((p) => p.place === 1).length !== 1) problems.push('not exactly one first place');
  if (ranking.find((p) => p.place === 1)?.entrant !== champion(b)) problems.push('first place is not the champion');
  return problems;
}

/** Match numbers whose slots are fed, directly or not, by match `number`. */
export function downstreamOf(b: Bracket, number: number): Set<number> {
  const reached = new Set<number>([number]);
  for (const m of b.matches) {
    for (const source of [m.sourceA, m.sourceB]) {
      if (source.kind !== 'seed' && reached.has(source.match)) reached.add(m.number);
    }
  }
  reached.delete(number);
  return reached;
}

/** Match count per round name, in match order of first appearance. */
export function roundCounts(b: Bracket): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const m of b.matches) counts[m.roundName] = (counts[m.roundName] ?? 0) + 1;
  return counts;
}

/** "1v16"-style pairings of round 1, by seed; a bye reads as "bye". */
export function roundOnePairings(b: Bracket): string[] {
  const label = (s: SlotSource) => (s.kind === 'seed' && s.seed <= b.entrants ? String(s.seed) : 'bye');
  return b.matches.filter((m) => m.track === 'winners' && m.round === 0).map((m) => `${label(m.sourceA)}v${label(m.sourceB)}`);
}
