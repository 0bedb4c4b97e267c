import { describe, expect, it } from 'vitest';
import { formatEuros } from '../../src/domain/formatEuros';
import { countOf, formatCount } from '../../src/domain/counts';

// The site writes money and counts by hand (no Intl formatter: its first use loads a locale, a long task on a phone),
// so the hand-written forms are checked against what Intl writes for the same locales.
describe('amounts and counts as the site writes them', () => {
  const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
  it('writes euros as en-IE does', () => {
    for (const amount of [0, 0.5, 1, 5, 12.5, 12.345, 999.999, 1000, 1234.5, 1_000_000, 2_500_000.07, -5, -1234.56]) {
      expect(formatEuros(amount)).toBe(euro.format(amount));
    }
    expect(formatEuros(1234.5)).toBe('€1,234.50');
    expect(formatEuros(-5)).toBe('-€5.00');
    // Rounded to nothing, an amount has no sign (Intl would write -€0.00).
    expect(formatEuros(-0.001)).toBe('€0.00');
  });

  it('groups counts in thousands as en-GB does', () => {
    for (const n of [0, 7, 64, 999, 1000, 1024, 65_536, 1_048_576, -1024]) expect(formatCount(n)).toBe(n.toLocaleString('en-GB'));
    expect(countOf(1024, 'entry', 'entries')).toBe('1,024 entries');
    expect(countOf(1, 'team')).toBe('1 team');
  });
});
