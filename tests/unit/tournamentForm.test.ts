import { describe, expect, it } from 'vitest';
import { emptyValues, toCreateBody, toPatchBody, validationRules, valuesOf } from '../../machines/rules/tournamentForm';
import { TournamentCreate, TournamentPatch } from '../../src/api/contract/tournament';
import {
  EDITABLE_TOURNAMENT_FIELDS,
  TOURNAMENT_FIELDS,
  TOURNAMENT_FIELD_NAMES,
  type FieldSpec,
} from '../../src/api/contract/tournamentFields';
import { VALIDATION } from '../../src/domain/messages';
import { aTournament } from '../support/machineFixtures';
import { is } from 'superstruct';

/* The admin form derives its values, rules and bodies from the field declaration: none can leave a field out. */

const DAY = 86_400_000;
const stored = aTournament({
  title: 'Declared Cup',
  subTitle: 'Sub',
  description: 'Desc',
  entryFee: 5,
  startDate: new Date(2030, 0, 10).getTime(),
  endDate: new Date(2030, 0, 11).getTime(),
  signUpClose: new Date(2030, 0, 9).getTime() + DAY - 1,
  rules: 'https://clutch.gg/rules',
  prizePoolInfo: 'Prizes',
  host: 'Host',
  platforms: ['PC', 'XBOX'],
});

describe('the tournament form, derived from the field declaration', () => {
  it('sends every editable field of the type on edit, unchanged when nothing was edited', () => {
    for (const t of [stored, aTournament({ ...stored, tournamentType: 'SWITCHEROO', signUpLimit: 32 })]) {
      const body = toPatchBody(valuesOf(t), t) as Record<string, unknown>;
      const expected = EDITABLE_TOURNAMENT_FIELDS.filter((k) => {
        const only = (TOURNAMENT_FIELDS[k] as FieldSpec).only;
        return !only || only === t.tournamentType;
      });
      expect(Object.keys(body).sort()).toEqual([...expected].sort());
      for (const k of expected) expect(body[k], k).toEqual(t[k]);
      expect(is(body, TournamentPatch)).toBe(true);
    }
  });

  it('sends every field of the chosen type on create, as the contract accepts it', () => {
    const body = toCreateBody(valuesOf(stored)) as Record<string, unknown>;
    const expected = TOURNAMENT_FIELD_NAMES.filter((k) => {
      const only = (TOURNAMENT_FIELDS[k] as FieldSpec).only;
      return !only || only === 'TOURNAMENT';
    });
    expect(Object.keys(body).sort()).toEqual([...expected].sort());
    for (const k of expected) expect(body[k], k).toEqual(stored[k]);
    expect(is(body, TournamentCreate)).toBe(true);
  });

  it('starts a new tournament with the declared defaults and asks for every required field with its message', () => {
    const values = { ...emptyValues(), tournamentType: 'SWITCHEROO' as const, switcherooType: null, signUpLimit: null };
    const rules = validationRules(true) as unknown as Record<string, (v: unknown, all: unknown) => string | null>;
    const messages = Object.fromEntries(
      TOURNAMENT_FIELD_NAMES.map((k) => [k, rules[k]((values as Record<string, unknown>)[k], values)]),
    );
    // Not asked: the create-only fields with a value, the team limit of the other type, the checkboxes.
    const notAsked = ['entryFee', 'tournamentType', 'teamLimit'];
    for (const k of TOURNAMENT_FIELD_NAMES) {
      const { message } = TOURNAMENT_FIELDS[k] as FieldSpec;
      expect(messages[k], k).toBe(message === null || notAsked.includes(k) ? null : message);
    }
    expect(messages.title).toBe(VALIDATION.tournament.title);
    const fresh = emptyValues();
    expect([fresh.switcherooType, fresh.signUpLimit, fresh.teamLimit, fresh.entryFee]).toEqual(['SINGLES', '16', '1', 0]);
    expect([fresh.featured, fresh.allowSignups, fresh.allowScoreSubmission]).toEqual([false, true, true]);
  });
});
