import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import {
  array,
  boolean,
  coerce,
  define,
  enums,
  integer,
  literal,
  nullable,
  number,
  object,
  optional,
  record,
  refine,
  size,
  string,
  type,
  union,
  unknown,
  type Struct,
} from 'superstruct';
import { toJsonSchema } from '../../server/http/jsonSchema';
import { IdParam, PageQuery } from '../../src/api/contract/common';
import { Tournament } from '../../src/api/contract/tournament';
import { Season } from '../../src/api/contract/season';

const schemaOf = (struct: Struct<any, any>) => toJsonSchema(struct);

describe('superstruct → JSON Schema', () => {
  it('converts each kind the contract uses', () => {
    expect(schemaOf(string())).toEqual({ type: 'string' });
    expect(schemaOf(number())).toEqual({ type: 'number' });
    expect(schemaOf(integer())).toEqual({ type: 'integer' });
    expect(schemaOf(boolean())).toEqual({ type: 'boolean' });
    expect(schemaOf(enums(['A', 'B']))).toEqual({ type: 'string', enum: ['A', 'B'] });
    expect(schemaOf(literal(true))).toEqual({ const: true });
    expect(schemaOf(array(string()))).toEqual({ type: 'array', items: { type: 'string' } });
    expect(schemaOf(record(string(), integer()))).toEqual({ type: 'object', additionalProperties: { type: 'integer' } });
    expect(schemaOf(union([literal(true), type({ clientSecret: string() })]))).toEqual({
      anyOf: [{ const: true }, { type: 'object', properties: { clientSecret: { type: 'string' } }, required: ['clientSecret'] }],
    });
  });

  it('keeps nullable and optional apart: null joins the type, optional leaves the field out of `required`', () => {
    expect(schemaOf(nullable(string()))).toEqual({ type: ['string', 'null'] });
    expect(schemaOf(nullable(enums(['A'])))).toEqual({ type: ['string', 'null'], enum: ['A', null] });
    expect(schemaOf(object({ a: string(), b: optional(integer()), c: optional(nullable(boolean())) }))).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'integer' }, c: { type: ['boolean', 'null'] } },
      required: ['a'],
      additionalProperties: false,
    });
    // type() lets unknown fields through; object() refuses them.
    expect(schemaOf(type({ a: string() }))).not.toHaveProperty('additionalProperties');
  });

  it('documents refined and coerced structs as their base, and the contract’s own defined ones by name', () => {
    expect(schemaOf(size(string(), 1, 40))).toEqual({ type: 'string' });
    expect(schemaOf(refine(integer(), 'even', (n) => n % 2 === 0))).toEqual({ type: 'integer' });
    expect(schemaOf(coerce(integer(), string(), Number))).toEqual({ type: 'integer' });
    expect(schemaOf(IdParam)).toEqual({ type: 'integer', minimum: 1, maximum: 2_147_483_647 });
    expect(schemaOf(PageQuery).required).toBeUndefined();
  });

  it('refuses a kind it does not know rather than documenting it as anything', () => {
    expect(() => schemaOf(define('Mystery', () => true))).toThrow(/Mystery/);
    expect(schemaOf(unknown())).toEqual({});
  });

  it('accepts what the struct accepts and refuses what it refuses (checked with a JSON Schema validator)', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const tournament = ajv.compile(schemaOf(Tournament));
    const season = ajv.compile(schemaOf(Season));
    const sample = {
      id: 1, title: 'Cup', subTitle: '', description: '', status: 'OPEN', tournamentType: 'TOURNAMENT', switcherooType: 'SINGLES',
      game: 'WARZONE', platforms: ['PC'], startDate: 0, startTime: '18:00', endDate: 0, signUpClose: 0, signUpLimit: 16, teamLimit: 1,
      entryFee: 0, rules: 'https://x', prizePoolInfo: '', host: '', featured: false, allowSignups: true, allowScoreSubmission: true,
    };
    // Whatever the Tournament struct says of this sample, the schema says the same.
    const structSays = Tournament.is(sample);
    expect(tournament(sample)).toBe(structSays);
    expect(tournament({ ...sample, id: 'one' })).toBe(false);
    expect(season({})).toBe(false);
  });
});
