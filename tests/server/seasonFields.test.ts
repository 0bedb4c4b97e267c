import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Agent } from '../support/testServer';
import { createSeason, seasonBody, DAY } from './seasons.fixtures';
import type { Season } from '../../src/api/contract/season';
import { SEASON_FIELDS, SEASON_FIELD_NAMES, type SeasonFieldName } from '../../src/api/contract/seasonFields';
import type { FieldSpec } from '../../src/api/contract/fields';

/*
 * Every declared season field (src/api/contract/seasonFields.ts) survives a round trip: what POST stores and what
 * PATCH changes, GET answers. A field the server forgets to store, copy on edit or answer fails here, without a list
 * in this test to keep up to date: the changed values come from each field's declaration.
 */

/** A valid value for a field that differs from `current` (the dates all move by two days, so they keep their order). */
function changed(name: SeasonFieldName, current: unknown): unknown {
  const spec: FieldSpec = SEASON_FIELDS[name];
  switch (spec.form) {
    case 'text':
      return `Changed ${name}`;
    case 'day':
      return (current as number) + 2 * DAY;
    case 'number':
      return (current as number) + 1;
    case 'check':
      return !current;
    default:
      throw new Error(`${name}: no changed value for a ${spec.form} field`);
  }
}

describe('season fields: declared once, stored, edited and answered', () => {
  const server = useTestServer({ seed: true });
  let admin: Agent;
  beforeAll(async () => {
    admin = await server.agent().signIn('AdminAce');
  });
  const detail = async (id: number) => (await admin.get(`/v1/season/${id}`)).body as Season;

  it('answers every field POST was given', async () => {
    const body = seasonBody({ entryFee: 12.5, published: true });
    const season = await detail(await createSeason(admin, body));
    for (const name of SEASON_FIELD_NAMES) expect(season[name], name).toEqual(body[name]);
  });

  it('stores the declared fallback of a field POST leaves out', async () => {
    const season = await detail(await createSeason(admin, { published: undefined }));
    const withFallback = SEASON_FIELD_NAMES.filter((k) => (SEASON_FIELDS[k] as FieldSpec).fallback !== undefined);
    expect(withFallback.length).toBeGreaterThan(0);
    for (const k of withFallback) expect(season[k], k).toEqual((SEASON_FIELDS[k] as FieldSpec).fallback);
  });

  it('changes every field PATCH sends', async () => {
    const id = await createSeason(admin, { entryFee: 5, published: false });
    const before = await detail(id);
    const patch = Object.fromEntries(SEASON_FIELD_NAMES.map((k) => [k, changed(k, before[k])]));
    for (const k of SEASON_FIELD_NAMES) expect(patch[k], k).not.toEqual(before[k]);

    const res = await admin.patch(`/v1/season/${id}`, patch);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const k of SEASON_FIELD_NAMES) expect((res.body as Season)[k], k).toEqual(patch[k]);

    const after = await detail(id);
    for (const k of SEASON_FIELD_NAMES) expect(after[k], k).toEqual(patch[k]);
  });

  it("answers the spec's message of each required field PATCH leaves out", async () => {
    const id = await createSeason(admin);
    const body = seasonBody();
    for (const k of SEASON_FIELD_NAMES) {
      const { message } = SEASON_FIELDS[k] as FieldSpec;
      if (message === null) continue;
      const res = await admin.patch(`/v1/season/${id}`, { ...body, [k]: undefined });
      expect([res.status, (res.body as { message: string }).message], k).toEqual([400, message]);
    }
  });
});
