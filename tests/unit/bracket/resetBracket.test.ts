import { describe, expect, it } from 'vitest';
import { diffBrackets } from '../../../src/domain/bracket/diffBrackets';
import { generateBracket } from '../../../src/domain/bracket/generateBracket';
import { isComplete } from '../../../src/domain/bracket/placements';
import { resetBracket } from '../../../src/domain/bracket/resetBracket';
import { playRandomly, randomSource } from './bracketKit';

describe('resetBracket', () => {
  it('clears every result and restores round 1 with its byes advanced', () => {
    // Arrange
    const fresh = generateBracket(11);
    const played = playRandomly(fresh, randomSource(7));

    // Act
    const reset = resetBracket(played);

    // Assert
    expect(isComplete(played)).toBe(true);
    expect(reset).toEqual(fresh);
  });

  it('only replaces the matches that change', () => {
    const fresh = generateBracket(11);
    const played = playRandomly(fresh, randomSource(3), 4);

    const reset = resetBracket(played);

    expect(diffBrackets(played, reset)).toEqual(diffBrackets(fresh, played));
    const unchanged = played.matches.filter((m, i) => reset.matches[i] === m);
    expect(unchanged.length).toBe(played.matches.length - diffBrackets(played, reset).length);
  });

  it('is a no-op on a fresh bracket', () => {
    const fresh = generateBracket(6);

    expect(diffBrackets(fresh, resetBracket(fresh))).toEqual([]);
  });
});
