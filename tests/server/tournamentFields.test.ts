import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Agent } from '../support/testServer';
import { createTournament, tournamentBody } from './tournaments.fixtures';
import type { Tournament } from '../../src/api/contract/tournament';
import {
  EDITABLE_TOURNAMENT_FIELDS,
  TOURNAMENT_FIELDS,
  TOURNAMENT_FIELD_NAMES,
  type FieldSpec,
  type TournamentFieldName,
} from '../../src/api/contract/tournamentFields';
import type { Struct } from 'superstruct';
import { SWITCHEROO_SIGNUP_LIMITS } from '../../src/domain/constants';

/*
 * Every declared tournament field (src/api/contract/tournamentFields.ts) survives a round trip: what POST stores and
 * what PATCH changes, GET answers. A field the server forgets to store, copy on edit or answer fails here, without a
 * list in this test to keep up to date: the changed values come from each field's declaration.
 */

const DAY = 86_400_000;

/** The values of a field's `enums` struct, or of its list's elements. */
const choices = (name: TournamentFieldName): string[] => {
  const { read, form } = TOURNAMENT_FIELDS[name] as FieldSpec;
  const struct = (form === 'multi' ? read.schema : read) as Struct<unknown, Record<string, string>>;
  const values = Object.values(struct.schema ?? {});
  if (values.length === 0 || values.some((v) => typeof v !== 'string')) throw new Error(`${name}: no values to choose from`);
  return values;
};

/** A valid value for a field that differs from `current` (what a PATCH may send; the dates keep their order). */
function changed(name: TournamentFieldName, current: unknown): unknown {
  const spec: FieldSpec = TOURNAMENT_FIELDS[name];
  switch (spec.form) {
    case 'text':
      return spec.invalid ? `https://changed.example.com/${name}` : `Changed ${name}`;
    case 'time':
      return current === '21:45' ? '20:15' : '21:45';
    case 'day':
    case 'dayEnd':
      return (current as number) + 2 * DAY;
    case 'money':
      return (current as number) + 12.5;
    case 'choice':
      return choices(name).find((v) => v !== current);
    case 'limit':
      return SWITCHEROO_SIGNUP_LIMITS.find((v) => v !== current);
    case 'multi':
      return [choices(name).find((v) => !(current as string[]).includes(v))];
    case 'check':
      return !current;
  }
}

describe('tournament fields: declared once, stored, edited and answered', () => {
  const server = useTestServer({ seed: true });
  let admin: Agent;
  beforeAll(async () => {
    admin = await server.agent().signIn('AdminAce');
  });
  const detail = async (id: number) => (await admin.get(`/v1/tournament/${id}`)).body as Tournament;

  it('answers every field POST was given, create-only ones included', async () => {
    const body = tournamentBody({
      tournamentType: 'SWITCHEROO',
      switcherooType: 'DOUBLES',
      signUpLimit: 32,
      entryFee: 12.5,
      featured: true,
      allowSignups: false,
      allowScoreSubmission: false,
    });
    const t = await detail(await createTournament(admin, body));
    for (const name of TOURNAMENT_FIELD_NAMES) {
      // A SWITCHEROO's team limit is not sent: the server stores the size of its paired teams.
      if (name !== 'teamLimit') expect(t[name], name).toEqual(body[name] ?? (TOURNAMENT_FIELDS[name] as FieldSpec).fallback);
    }
  });

  it('changes every editable field PATCH sends, and leaves the create-only ones as they were', async () => {
    const id = await createTournament(admin, { tournamentType: 'SWITCHEROO', signUpLimit: 16 });
    const before = await detail(id);
    const patch = Object.fromEntries(EDITABLE_TOURNAMENT_FIELDS.map((k) => [k, changed(k, before[k])]));
    for (const k of EDITABLE_TOURNAMENT_FIELDS) expect(patch[k], k).not.toEqual(before[k]);

    const res = await admin.patch(`/v1/tournament/${id}`, patch);
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const after = await detail(id);
    for (const k of EDITABLE_TOURNAMENT_FIELDS) expect(after[k], k).toEqual(patch[k]);
    const createOnly = TOURNAMENT_FIELD_NAMES.filter((k) => !(EDITABLE_TOURNAMENT_FIELDS as string[]).includes(k));
    expect(createOnly.length).toBeGreaterThan(0);
    for (const k of createOnly) expect(after[k], k).toEqual(before[k]);
  });

  it('ignores the create-only fields on PATCH', async () => {
    const id = await createTournament(admin, { entryFee: 5 });
    const before = await detail(id);
    const createOnly = TOURNAMENT_FIELD_NAMES.filter((k) => (TOURNAMENT_FIELDS[k] as FieldSpec).createOnly);
    const patch = Object.fromEntries(createOnly.map((k) => [k, changed(k, before[k])]));
    const res = await admin.patch(`/v1/tournament/${id}`, { ...patch, title: 'Renamed' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await detail(id);
    expect(after.title).toBe('Renamed');
    for (const k of createOnly) expect(after[k], k).toEqual(before[k]);
  });
});
