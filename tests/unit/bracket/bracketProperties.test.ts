import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffBrackets } from '../../../src/domain/bracket/diffBrackets';
import { generateBracket } from '../../../src/domain/bracket/generateBracket';
import { matchStatus } from '../../../src/domain/bracket/matchStatus';
import { overwriteResult } from '../../../src/domain/bracket/overwriteResult';
import { champion, isComplete } from '../../../src/domain/bracket/placements';
import { recordResult } from '../../../src/domain/bracket/recordResult';
import { resetBracket } from '../../../src/domain/bracket/resetBracket';
import type { Bracket, Side } from '../../../src/domain/bracket/types';
import {
  completionViolations,
  downstreamOf,
  pick,
  playedMatches,
  playRandomly,
  randomSide,
  randomSource,
  readyMatches,
  stateViolations,
  structureViolations,
} from './bracketKit';

// Small brackets hold most edge cases (byes, n = 2, 3, 5); large ones the deep cascades.
const entrants = fc.oneof(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 2, max: 600 }));
const seed = fc.integer();
const share = fc.double({ min: 0, max: 1, noNaN: true });

interface Recorded {
  number: number;
  winner: Side;
  entryA: number | null;
  entryB: number | null;
}

/** Random play that also keeps the history of results with the entrants they were played by. */
function playWithHistory(b: Bracket, random: () => number, steps: number): { bracket: Bracket; history: Recorded[] } {
  const history: Recorded[] = [];
  let current = b;
  for (let step = 0; step < steps; step++) {
    const ready = readyMatches(current);
    if (ready.length === 0) break;
    const m = pick(ready, random);
    const winner = randomSide(random);
    history.push({ number: m.number, winner, entryA: m.entryA, entryB: m.entryB });
    current = recordResult(current, m.number, winner);
  }
  return { bracket: current, history };
}

describe('bracket properties', () => {
  it('builds a well-formed bracket for any entrant count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 600 }), (n) => {
        const b = generateBracket(n);

        expect(structureViolations(b)).toEqual([]);
        expect(stateViolations(b)).toEqual([]);
        expect(b.matches).toHaveLength(n === 2 ? 4 : 2 * b.slots - 1);
        // Byes stay in Round 1, Losers Rounds 1–2 and the 2-entrant Losers Final (docs/bracket-engine.md).
        const byeRounds = new Set(b.matches.filter((m) => m.byeA || m.byeB).map((m) => m.roundName));
        const allowed = n === 2 ? ['Losers Final'] : ['Round 1', 'Losers Round 1', 'Losers Round 2'];
        expect([...byeRounds].filter((name) => !allowed.includes(name))).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('plays to exactly one champion, never stranding a match or eliminating anyone early', () => {
    fc.assert(
      fc.property(entrants, seed, (n, s) => {
        // Arrange
        const b = generateBracket(n);
        const problems: string[] = [];

        // Act: random ready matches, random winners, until nothing is ready.
        const done = playRandomly(b, randomSource(s), Infinity, (step) => {
          if (problems.length === 0) problems.push(...stateViolations(step));
        });

        // Assert
        expect(problems).toEqual([]);
        expect(isComplete(done)).toBe(true);
        expect(completionViolations(done)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('overwrites by re-opening exactly the downstream matches whose entrants changed', () => {
    fc.assert(
      fc.property(entrants, seed, share, (n, s, playedShare) => {
        // Arrange: a partly or fully played bracket and one of its played matches.
        const random = randomSource(s);
        const fresh = generateBracket(n);
        const steps = Math.max(1, Math.ceil(playedShare * fresh.matches.length));
        const { bracket: before, history } = playWithHistory(fresh, random, steps);
        const target = pick(playedMatches(before), random);
        const winner = randomSide(random);

        // Act
        const after = overwriteResult(before, target.number, winner);

        // Assert: only the match itself and matches it feeds change; fed matches are re-opened.
        const changed = diffBrackets(before, after);
        const downstream = downstreamOf(before, target.number);
        expect(stateViolations(after)).toEqual([]);
        for (const number of changed) {
          if (number === target.number) continue;
          expect(downstream.has(number)).toBe(true);
          const m = after.matches[number - 1];
          expect(m.winner === null || m.byeA || m.byeB).toBe(true);
        }
        after.matches.forEach((m, i) => {
          if (!changed.includes(i + 1)) expect(m).toBe(before.matches[i]);
        });

        // Oracle: replay the history with the new result, keeping each result whose match is
        // ready with the entrants it was played by. The overwrite must land on the same bracket.
        let replay = fresh;
        for (const r of history) {
          const m = replay.matches[r.number - 1];
          if (matchStatus(m) !== 'ready' || m.entryA !== r.entryA || m.entryB !== r.entryB) continue;
          replay = recordResult(replay, r.number, r.number === target.number ? winner : r.winner);
        }
        expect(after.matches).toEqual(replay.matches);

        // ...and the bracket still plays out to one champion.
        const done = playRandomly(after, random);
        expect(completionViolations(done)).toEqual([]);
        expect(stateViolations(done)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('keeps the invariants through repeated overwrites of complete brackets', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 64 }), seed, (n, s) => {
        const random = randomSource(s);
        let b = playRandomly(generateBracket(n), random);

        for (let round = 0; round < 5; round++) {
          b = overwriteResult(b, pick(playedMatches(b), random).number, randomSide(random));
          expect(stateViolations(b)).toEqual([]);
          b = playRandomly(b, random);
          expect(completionViolations(b)).toEqual([]);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('resets to the fresh bracket from any point, and the reset bracket plays out', () => {
    fc.assert(
      fc.property(entrants, seed, share, (n, s, playedShare) => {
        // Arrange
        const random = randomSource(s);
        const fresh = generateBracket(n);
        const played = playRandomly(fresh, random, Math.ceil(playedShare * fresh.matches.length));

        // Act
        const reset = resetBracket(played);

        // Assert
        expect(reset).toEqual(fresh);
        expect(stateViolations(reset)).toEqual([]);
        const done = playRandomly(reset, random);
        expect(champion(done)).not.toBeNull();
        expect(completionViolations(done)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});
