import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { marginFactor, newRating, RATING_MAX_CHANGE, ratingChange } from '../../../src/domain/rating';

const kr = fc.integer({ min: 0, max: 4000 });
const decided = fc
  .tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }))
  .filter(([a, b]) => a !== b)
  .map(([a, b]) => (a > b ? { win: a, lose: b } : { win: b, lose: a }));

describe('KR rating', () => {
  it('follows the worked example of docs/decisions.md', () => {
    expect(ratingChange({ kr: 1000, opponentAverageKr: 1100, ownScore: 3, opponentScore: 1 })).toBe(31);
    expect(ratingChange({ kr: 1100, opponentAverageKr: 1000, ownScore: 1, opponentScore: 3 })).toBe(-31);
    expect(marginFactor(3, 2)).toBe(1);
    expect(marginFactor(0, 3)).toBe(2);
  });

  it('never takes KR from a winner nor gives it to a loser, and stays within the bound', () => {
    fc.assert(
      fc.property(kr, kr, decided, (player, opponents, { win, lose }) => {
        const up = ratingChange({ kr: player, opponentAverageKr: opponents, ownScore: win, opponentScore: lose });
        const down = ratingChange({ kr: player, opponentAverageKr: opponents, ownScore: lose, opponentScore: win });
        expect(up).toBeGreaterThanOrEqual(0);
        expect(down).toBeLessThanOrEqual(0);
        expect(Math.abs(up)).toBeLessThanOrEqual(RATING_MAX_CHANGE);
        expect(Math.abs(down)).toBeLessThanOrEqual(RATING_MAX_CHANGE);
        expect(newRating({ kr: player, opponentAverageKr: opponents, ownScore: lose, opponentScore: win })).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('is zero-sum within rounding between two equal-sized teams of equal players', () => {
    fc.assert(
      fc.property(kr, kr, decided, (a, b, { win, lose }) => {
        const gain = ratingChange({ kr: a, opponentAverageKr: b, ownScore: win, opponentScore: lose });
        const loss = ratingChange({ kr: b, opponentAverageKr: a, ownScore: lose, opponentScore: win });
        expect(Math.abs(gain + loss)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('never moves less for a bigger map difference', () => {
    fc.assert(
      fc.property(kr, kr, (player, opponents) => {
        const moves = [[3, 2], [3, 1], [3, 0]].map(([w, l]) => ratingChange({ kr: player, opponentAverageKr: opponents, ownScore: w, opponentScore: l }));
        const drops = [[2, 3], [1, 3], [0, 3]].map(([l, w]) => -ratingChange({ kr: player, opponentAverageKr: opponents, ownScore: l, opponentScore: w }));
        for (const list of [moves, drops]) {
          expect(list[1]).toBeGreaterThanOrEqual(list[0]);
          expect(list[2]).toBeGreaterThanOrEqual(list[1]);
        }
      }),
    );
  });
});
