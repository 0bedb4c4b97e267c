import { describe, expect, it } from 'vitest';
import { fromEngine } from '../../../src/bracket/model';
import {
  CARD_EMPTY,
  CARD_FIELDS,
  CARD_FIELDS_FREE,
  CARD_READY,
  cardBits,
  cardField,
  cardInfo,
  SIDE_BYE,
  SIDE_LOSE,
  SIDE_PENDING,
  SIDE_WIN,
  type CardField,
} from '../../../src/bracket/renderer/cardShapes';
import { generateBracket } from '../../../src/domain/bracket/generateBracket';
import { recordResult } from '../../../src/domain/bracket/recordResult';

const mask = (f: { shift: number; width: number }) => (((2 ** f.width - 1) * 2 ** f.shift) >>> 0);

describe('card status word', () => {
  it('has fields that neither overlap nor leave 32 bits, and a free range no field uses', () => {
    // Arrange
    const fields = Object.values(CARD_FIELDS);

    // Act
    let used = 0;
    let overlap = false;
    for (const f of fields) {
      if ((used & mask(f)) !== 0) overlap = true;
      used = (used | mask(f)) >>> 0;
    }

    // Assert
    expect(overlap).toBe(false);
    for (const f of fields) expect(f.shift + f.width).toBeLessThanOrEqual(32);
    expect((used & mask(CARD_FIELDS_FREE)) >>> 0).toBe(0);
    // Every bit is either a field or free: the table documents the whole word.
    expect((used | mask(CARD_FIELDS_FREE)) >>> 0).toBe(0xffffffff);
  });

  it('reads back every field it packs, each cut to its width', () => {
    // Arrange
    const values: Record<CardField, number> = { sideA: 4, sideB: 3, flags: 2, known: 1, greekA: 200, greekB: 255 };

    // Act
    let word = 0;
    for (const [name, value] of Object.entries(values) as [CardField, number][]) word = (word | cardBits(name, value)) >>> 0;

    // Assert
    for (const [name, value] of Object.entries(values) as [CardField, number][]) expect(cardField(word, name)).toBe(value);
    expect(cardBits('sideA', 9)).toBe(1);
  });

  it('describes a card by its sides, flags and name lengths, and is never 0 (0 means not computed)', () => {
    // Arrange
    const names = (e: number) => ({ label: `Player ${e + 1}`, imageUrl: null });
    const bracket = generateBracket(6);
    const before = fromEngine(bracket, names);
    const after = fromEngine(recordResult(bracket, before.find((m) => m.a.id && m.b.id && !m.a.bye && !m.b.bye)!.number, 'B'), names);

    // Act
    const words = after.map((m) => ({ m, w: cardInfo(m) }));

    // Assert
    for (const { m, w } of words) {
      expect(w).not.toBe(0);
      expect(cardField(w, 'known')).toBe(1);
      if (m.winner === 'B' && !m.a.bye && !m.b.bye) {
        expect(cardField(w, 'sideA')).toBe(SIDE_LOSE);
        expect(cardField(w, 'sideB')).toBe(SIDE_WIN);
      }
      if (m.a.bye) expect(cardField(w, 'sideA')).toBe(SIDE_BYE);
      if (m.winner === null && !m.a.bye && !m.a.unknown) expect(cardField(w, 'sideA')).toBe(SIDE_PENDING);
      expect(Boolean(cardField(w, 'flags') & CARD_EMPTY)).toBe(m.a.bye && m.b.bye);
      const ready = m.winner === null && !m.a.bye && !m.b.bye && !m.a.unknown && !m.b.unknown;
      expect(Boolean(cardField(w, 'flags') & CARD_READY)).toBe(ready);
      expect(cardField(w, 'greekA')).toBeGreaterThan(0);
    }
    expect(words.some(({ m }) => m.winner === 'B' && !m.a.bye && !m.b.bye)).toBe(true);
  });
});
