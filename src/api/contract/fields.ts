import { optional, type Infer, type Struct } from 'superstruct';

/*
 * How an entity's editable fields are declared once (issue 22): a table of FieldSpecs, one per field, from which the
 * contract structs, the admin form (machines/rules/fieldForm.ts) and the server's columns
 * (server/services/fieldColumns.ts) derive. The tables: TOURNAMENT_FIELDS (./tournamentFields.ts) and SEASON_FIELDS
 * (./seasonFields.ts). Who may edit: staff (ADMIN, OWNER) through the admin routes; `createOnly` fields only when the
 * entity is created.
 */

/**
 * How the admin form holds a field (machines/rules/fieldForm.ts converts each kind): `text` a trimmed string;
 * `time` 'HH:mm'; `day` / `dayEnd` a picker's 'YYYY-MM-DD' sent as the start / the end of that day; `money` a
 * number input; `number` a number input, empty at first, whose value must pass the field's `write` struct;
 * `choice` a Select of the field's values; `limit` a Select of numbers sent as an integer; `multi` a MultiSelect;
 * `check` a checkbox.
 */
export type FormKind = 'text' | 'time' | 'day' | 'dayEnd' | 'money' | 'number' | 'choice' | 'limit' | 'multi' | 'check';

export interface FieldSpec {
  /** What POST and PATCH accept. */
  write: Struct<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** What GET answers (looser: stored rows predate some rules). */
  read: Struct<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The spec's message when the field is missing or invalid; null for the optional checkboxes. */
  message: string | null;
  /** A second message for a value that is present but malformed, with the test that tells. */
  invalid?: { message: string; test: (value: string) => boolean };
  /** Set when the entity is created; PATCH leaves it out and the edit form shows it disabled. */
  createOnly?: boolean;
  /** Only for this type of the entity (a tournament's type): the form shows it and the bodies carry it for that type alone. */
  only?: string;
  /** POST may leave it out: the server then stores this, and a new form starts with it. */
  fallback?: unknown;
  form: FormKind;
}

/** An entity's declared fields, in the order of the form and the wire. */
export type FieldTable = Record<string, FieldSpec>;

/** The value POST and PATCH carry for a field. */
export type WriteOf<F extends FieldTable, K extends keyof F> = Infer<F[K]['write']>;
/** The value GET answers for a field. */
export type ReadOf<F extends FieldTable, K extends keyof F> = Infer<F[K]['read']>;
/** The fields PATCH may change (the create-only ones left out). */
export type EditableOf<F extends FieldTable> = { [K in keyof F]: F[K] extends { createOnly: true } ? never : K }[keyof F];
/** The declared fields of an entity as GET answers them. */
export type ReadValuesOf<F extends FieldTable> = { [K in keyof F]: ReadOf<F, K> };
/** The fields that have a message (the checkboxes have none). */
export type MessagesOf<F extends FieldTable> = { [K in keyof F as F[K]['message'] extends string ? K : never]: string };

type StructOf<T> = Struct<T, null>;
/** POST: every field; those with a fallback may be left out. */
export type CreateSchemaOf<F extends FieldTable> = {
  [K in keyof F]: F[K] extends { fallback: unknown } ? StructOf<WriteOf<F, K> | undefined> : F[K]['write'];
};
/** PATCH: the editable fields, each optional. */
export type PatchSchemaOf<F extends FieldTable> = { [K in EditableOf<F>]: StructOf<WriteOf<F, K> | undefined> };
/** GET: every field as stored. */
export type ReadSchemaOf<F extends FieldTable> = { [K in keyof F]: F[K]['read'] };

/** What derives from a field table alone: the names, the editable ones, the messages and the structs' schemas. */
export function declareFields<F extends FieldTable>(fields: F) {
  const names = Object.keys(fields) as (keyof F & string)[];
  const spec = (name: keyof F): FieldSpec => fields[name];
  const schema = <S>(pick: (s: FieldSpec) => Struct<unknown, unknown> | null) =>
    Object.fromEntries(
      names.flatMap((k) => {
        const s = pick(spec(k));
        return s ? [[k, s]] : [];
      }),
    ) as S;
  return {
    /** Every declared field, in the order of the form and the wire. */
    names,
    /** The fields PATCH changes (the edit form's; the create-only ones are left out). */
    editable: names.filter((k) => !spec(k).createOnly) as (EditableOf<F> & string)[],
    /** The spec's message per field (the fields without one left out). */
    messages: Object.fromEntries(names.flatMap((k) => (spec(k).message === null ? [] : [[k, spec(k).message]]))) as MessagesOf<F>,
    /** The message of a field for a value that failed its check: the malformed one when the value was given. */
    messageFor(name: keyof F, value: unknown): string | null {
      const { invalid, message } = spec(name);
      if (invalid && typeof value === 'string' && value.trim() !== '' && !invalid.test(value.trim())) return invalid.message;
      return message;
    },
    createSchema: schema<CreateSchemaOf<F>>((s) => (s.fallback === undefined ? s.write : optional(s.write))),
    patchSchema: schema<PatchSchemaOf<F>>((s) => (s.createOnly ? null : optional(s.write))),
    readSchema: schema<ReadSchemaOf<F>>((s) => s.read),
  };
}

/** A body's declared fields with each left-out one's `fallback` (what the server stores when POST leaves it out). */
export function withFallbacks<F extends FieldTable>(fields: F, body: { [K in keyof F]?: unknown }): ReadValuesOf<F> {
  return Object.fromEntries(Object.keys(fields).map((k) => [k, body[k] ?? fields[k].fallback])) as ReadValuesOf<F>;
}
