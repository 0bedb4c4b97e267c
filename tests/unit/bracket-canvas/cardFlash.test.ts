import { describe, expect, it } from 'vitest';
import { CardFlashes, FLASH_MS, flashStrength } from '../../../src/bracket/renderer/cardFlash';

describe('card flashes after a live update', () => {
  it('start at full strength and fade out to nothing by FLASH_MS', () => {
    expect(flashStrength(0)).toBe(1);
    expect(flashStrength(FLASH_MS / 2)).toBeGreaterThan(0);
    expect(flashStrength(FLASH_MS / 2)).toBeLessThan(1);
    expect(flashStrength(FLASH_MS * 0.9)).toBeLessThan(flashStrength(FLASH_MS / 2));
    expect(flashStrength(FLASH_MS)).toBe(0);
  });

  it('keeps each changed card until its flash is over, and restarts a card changed again', () => {
    const flashes = new CardFlashes();
    flashes.start([4, 9], 1000);
    expect(flashes.at(1000)).toEqual([
      [4, 1],
      [9, 1],
    ]);
    flashes.start([9], 1000 + FLASH_MS / 2);
    const later = flashes.at(1000 + FLASH_MS);
    // Card 4's flash is over and dropped; card 9's restarted half-way and still shows.
    expect(later.map(([n]) => n)).toEqual([9]);
    expect(flashes.size).toBe(1);
    expect(flashes.at(1000 + 2 * FLASH_MS)).toEqual([]);
    expect(flashes.size).toBe(0);
  });
});
