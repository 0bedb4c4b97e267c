import { describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { toBody, validationRules, valuesOf, type SeasonFormValues } from '../../src/features/admin/seasons/seasonForm';
import { SeasonBody } from '../../src/api/contract/season';
import { SEASON_FIELDS, SEASON_FIELD_NAMES, PLAYOFF_DUE_DATE_FIELDS } from '../../src/api/contract/seasonFields';
import type { FieldSpec } from '../../src/api/contract/fields';
import { VALIDATION } from '../../src/domain/messages';
import { season } from './seasonFixture';

/* The Add/Edit Season dialog derives its values, rules and body from the field declaration: none can leave a field out. */

const stored = season('OPEN', { entryFee: 12.5, published: false, startDate: new Date(2030, 0, 7, 18, 30).getTime() });
type Rules = Record<string, (v: unknown, all: SeasonFormValues) => string | null>;
const rules = validationRules as unknown as Rules;

describe('the season dialog, derived from the field declaration', () => {
  it('sends every declared field on edit, unchanged when nothing was edited', () => {
    const body = toBody(valuesOf(stored), stored) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([...SEASON_FIELD_NAMES].sort());
    for (const k of SEASON_FIELD_NAMES) expect(body[k], k).toEqual(stored[k]);
    expect(is(body, SeasonBody)).toBe(true);
  });

  it('sends every declared field for a new season, as the contract accepts it', () => {
    const values: SeasonFormValues = { ...valuesOf(stored), name: '  Spring  ' };
    const body = toBody(values, null) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([...SEASON_FIELD_NAMES].sort());
    expect(body.name).toBe('Spring');
    expect(is(body, SeasonBody)).toBe(true);
  });

  it("starts empty and asks for every required field with the spec's message (a due date named by its label)", () => {
    const fresh = valuesOf(null);
    const messages = Object.fromEntries(SEASON_FIELD_NAMES.map((k) => [k, rules[k](fresh[k], fresh)]));
    for (const k of SEASON_FIELD_NAMES) {
      const { message } = SEASON_FIELDS[k] as FieldSpec;
      if ((PLAYOFF_DUE_DATE_FIELDS as string[]).includes(k)) expect(messages[k], k).toMatch(/^Please enter the .+ due date$/);
      else expect(messages[k], k).toBe(message);
    }
    expect(messages.round1DueBy).toBe('Please enter the Round 1 due date');
    expect(messages.name).toBe(VALIDATION.season.name);
    expect([fresh.playoffWeeks, fresh.entryFee, fresh.published, fresh.startDate]).toEqual(['', '', false, null]);
  });

  it('refuses the numbers the contract refuses, with their messages', () => {
    const values = valuesOf(stored);
    expect(rules.playoffWeeks(0, values)).toBe(VALIDATION.season.playoffWeeks);
    expect(rules.playoffWeeks(2.5, values)).toBe(VALIDATION.season.playoffWeeks);
    expect(rules.playoffWeeks(4, values)).toBeNull();
    expect(rules.entryFee(-1, values)).toBe(VALIDATION.season.entryFee);
    expect(rules.entryFee(0, values)).toBeNull();
    expect(rules.entryFee(12.5, values)).toBeNull();
  });
});
