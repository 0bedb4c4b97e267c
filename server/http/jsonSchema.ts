import { is, Struct } from 'superstruct';
import { DATE_RANGE, MAX_ID, MAX_PAGE_SIZE } from '../../src/api/contract/common';

/*
 * Superstruct → JSON Schema (2020-12, the dialect of OpenAPI 3.1), for the struct kinds the contract uses: object and
 * type, string, number, integer, boolean, enums, literal, nullable, optional, array, union, record, and refined or
 * coerced structs (documented as their base). Named contract structs become `$ref`s to `#/components/schemas/Name`.
 * A kind this converter does not know throws, so a new kind in the contract fails the OpenAPI test instead of
 * being documented as "anything".
 */

export type JsonSchema = { [key: string]: unknown };

/** The contract's own `define`d structs, by name: what each accepts, in JSON Schema. */
const DEFINED: Record<string, JsonSchema> = {
  DateMillis: { type: 'integer', minimum: DATE_RANGE.min, exclusiveMaximum: DATE_RANGE.max, description: 'Epoch milliseconds' },
  CleanText: { type: 'string' },
  NonBlank: { type: 'string', pattern: '\\S' },
  Url: { type: 'string', format: 'uri' },
  WebhookUrl: { type: 'string', format: 'uri', description: 'A Discord webhook URL' },
  IdParam: { type: 'integer', minimum: 1, maximum: MAX_ID },
  PageSizeParam: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
  FlagParam: { type: 'boolean' },
  CompactBracket: {
    type: 'object',
    description: 'The compact bracket: round names, entrants, and one row of numbers per match (src/api/contract/bracket.ts)',
    required: ['roundNames', 'entrants', 'matches'],
    properties: {
      roundNames: { type: 'array', items: { type: 'string' } },
      entrants: {
        type: 'array',
        description: '[entryId, label, imageUrl]',
        items: { type: 'array', prefixItems: [{ type: 'integer', minimum: 1 }, { type: 'string' }, { type: ['string', 'null'] }], minItems: 3, maxItems: 3 },
      },
      matches: { type: 'array', description: 'ROW_SIZE (16) whole numbers a match, in play order', items: { type: 'integer' } },
    },
  },
  string: { type: 'string' },
  number: { type: 'number' },
  integer: { type: 'integer' },
  boolean: { type: 'boolean' },
  unknown: {},
  any: {},
};

type AnyStruct = Struct<unknown, unknown>;

/**
 * The members of a union. Superstruct keeps them in a closure; its coercer tries each with `validate`, so a coercion
 * run with `validate` answering "no" for every member walks them all, in order.
 */
function unionMembers(union: AnyStruct): AnyStruct[] {
  const members: AnyStruct[] = [];
  const proto = Struct.prototype as unknown as { validate: (...args: unknown[]) => unknown };
  const original = proto.validate;
  proto.validate = function (this: AnyStruct) {
    members.push(this);
    return [new Error('probe')];
  };
  try {
    union.coercer(Symbol('probe'), { branch: [], path: [], mask: false } as never);
  } finally {
    proto.validate = original;
  }
  return members;
}

/** The key and value structs of a record (read from its entries of a one-key object). */
function recordParts(record: AnyStruct): [AnyStruct, AnyStruct] {
  const [[, , key], [, , value]] = [...record.entries({ k: null }, { branch: [], path: [] } as never)] as [unknown, unknown, AnyStruct][];
  return [key, value];
}

export interface SchemaNames {
  /** The component name of a named struct (by its schema object, kept by optional/nullable/refinements), if any. */
  nameOf(struct: AnyStruct): string | undefined;
}

const noNames: SchemaNames = { nameOf: () => undefined };

const withNull = (schema: JsonSchema): JsonSchema => {
  const nullable = { ...schema };
  if (Array.isArray(schema.enum)) nullable.enum = [...schema.enum, null];
  if (typeof schema.type === 'string') nullable.type = [schema.type, 'null'];
  return nullable.type || nullable.enum ? nullable : { anyOf: [schema, { type: 'null' }] };
};

/** Whether a field may be left out (optional). */
export const isOptional = (struct: AnyStruct) => is(undefined, struct);

/** The JSON Schema of `struct`. `names` turns named contract structs into references (not at the top: `root`). */
export function toJsonSchema(struct: AnyStruct, names: SchemaNames = noNames, root = true): JsonSchema {
  const base = baseSchema(struct, names, root);
  // A schema that takes anything takes null too.
  const anything = Object.keys(base).length === 0;
  return !anything && is(null, struct) ? withNull(base) : base;
}

function baseSchema(struct: AnyStruct, names: SchemaNames, root: boolean): JsonSchema {
  const name = root ? undefined : names.nameOf(struct);
  if (name) return { $ref: `#/components/schemas/${name}` };
  const recurse = (s: AnyStruct) => toJsonSchema(s, names, false);
  switch (struct.type) {
    case 'object':
    case 'type': {
      const shape = (struct.schema ?? {}) as Record<string, AnyStruct>;
      const required = Object.keys(shape).filter((key) => !isOptional(shape[key]));
      const schema: JsonSchema = { type: 'object', properties: Object.fromEntries(Object.entries(shape).map(([key, s]) => [key, recurse(s)])) };
      if (required.length > 0) schema.required = required;
      if (struct.type === 'object') schema.additionalProperties = false;
      return schema;
    }
    case 'array':
      return struct.schema ? { type: 'array', items: recurse(struct.schema as AnyStruct) } : { type: 'array' };
    case 'enums': {
      const values = Object.values(struct.schema as Record<string, string | number>);
      return { type: typeof values[0] === 'number' ? 'number' : 'string', enum: values };
    }
    case 'literal':
      if (struct.schema === null) throw new Error('Only string, number and boolean literals can be documented');
      return { const: struct.schema };
    case 'union':
      return { anyOf: unionMembers(struct).map(recurse) };
    case 'record': {
      const [, value] = recordParts(struct);
      return { type: 'object', additionalProperties: recurse(value) };
    }
    default: {
      const known = DEFINED[struct.type];
      if (!known) throw new Error(`No JSON Schema for the struct kind "${struct.type}": add it to server/http/jsonSchema.ts`);
      return { ...known };
    }
  }
}
