import { describe, expect, it } from 'vitest';
import { dropOrder } from '../../../src/domain/bracket/dropOrder';
import { bracketSize, seedOrder } from '../../../src/domain/bracket/seeding';

describe('bracketSize', () => {
  it.each([
    [2, 2],
    [3, 4],
    [5, 8],
    [8, 8],
    [17, 32],
    [100, 128],
    [16384, 16384],
  ])('%i entrants need %i slots', (entrants, slots) => {
    expect(bracketSize(entrants)).toBe(slots);
  });
});

describe('seedOrder', () => {
  it('expands each position p into (p, S + 1 - p)', () => {
    expect(seedOrder(2)).toEqual([1, 2]);
    expect(seedOrder(4)).toEqual([1, 4, 2, 3]);
    expect(seedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
  });

  it('gives the standard 16-slot pairs', () => {
    // Arrange
    const order = seedOrder(16);

    // Act
    const pairs = order.filter((_, i) => i % 2 === 0).map((seed, i) => `${seed}v${order[2 * i + 1]}`);

    // Assert
    expect(pairs).toEqual(['1v16', '8v9', '4v13', '5v12', '2v15', '7v10', '3v14', '6v11']);
  });

  it('is a permutation whose pairs sum to S + 1, with seeds 1 and 2 in opposite halves', () => {
    for (const slots of [2, 4, 64, 1024]) {
      const order = seedOrder(slots);
      expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: slots }, (_, i) => i + 1));
      for (let i = 0; i < slots; i += 2) expect(order[i] + order[i + 1]).toBe(slots + 1);
      expect(order.indexOf(1) < slots / 2).not.toBe(order.indexOf(2) < slots / 2);
    }
  });

  it('rejects a slot count that is not a power of two', () => {
    expect(() => seedOrder(12)).toThrow(RangeError);
    expect(() => seedOrder(0)).toThrow(RangeError);
  });
});

describe('dropOrder', () => {
  const orderFor = (round: number, matches: number) => Array.from({ length: matches }, (_, p) => dropOrder(round, matches, p));

  it('keeps round 1 and one-match rounds natural', () => {
    expect(orderFor(1, 8)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(orderFor(2, 1)).toEqual([0]);
    expect(orderFor(7, 1)).toEqual([0]);
  });

  it('reverses round 2, swaps halves in round 3, reverses halves in round 4, swaps pairs later', () => {
    expect(orderFor(2, 8)).toEqual([7, 6, 5, 4, 3, 2, 1, 0]);
    expect(orderFor(3, 8)).toEqual([4, 5, 6, 7, 0, 1, 2, 3]);
    expect(orderFor(4, 8)).toEqual([3, 2, 1, 0, 7, 6, 5, 4]);
    expect(orderFor(5, 8)).toEqual([1, 0, 3, 2, 5, 4, 7, 6]);
  });

  it('is a permutation for every round and size', () => {
    for (let round = 1; round <= 8; round++) {
      for (let matches = 1; matches <= 256; matches *= 2) {
        expect(new Set(orderFor(round, matches)).size).toBe(matches);
      }
    }
  });
});
