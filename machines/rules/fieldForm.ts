import { endOfDay, format, parse, startOfDay } from 'date-fns';
import { is } from 'superstruct';
import type { FieldSpec, FieldTable, FormKind, ReadValuesOf, WriteOf } from '../../src/api/contract/fields';

/*
 * An admin form derived from an entity's field declaration (src/api/contract/fields.ts): the values it holds, a new
 * form's values, a stored entity's values, each field's check with the spec's message and the bodies. Used by the
 * tournament form (./tournamentForm.ts) and the season dialog (src/features/admin/seasons/seasonForm.ts).
 */

/** What the form holds for a field of each kind (see FormKind). */
export type FormValue<Kind extends FormKind, W> = Kind extends 'text' | 'time'
  ? string
  : Kind extends 'day' | 'dayEnd' | 'limit'
    ? string | null
    : Kind extends 'money' | 'number'
      ? number | string
      : Kind extends 'choice'
        ? W | null
        : W;

/** The declared fields as the form holds them. */
export type FieldFormValues<F extends FieldTable> = { [K in keyof F]: FormValue<F[K]['form'], WriteOf<F, K>> };

const PICKER_FORMAT = 'yyyy-MM-dd';
/** A date picker's value ('YYYY-MM-DD') of epoch ms. */
export const toPicker = (ms: number) => format(ms, PICKER_FORMAT);
const fromPicker = (value: string) => parse(value, PICKER_FORMAT, new Date());

/**
 * Milliseconds of a picked day: the start of the day, or its end (a tournament's sign-ups stay open through that
 * day). An unchanged day keeps the stored time so editing other fields never moves it.
 */
function dayMs(value: string, original: number | undefined, edge: 'start' | 'end'): number {
  if (original !== undefined && toPicker(original) === value) return original;
  const day = fromPicker(value);
  return (edge === 'end' ? endOfDay(day) : startOfDay(day)).getTime();
}

/** Each kind's conversions: a new form's value, a stored value in the form, and the form's value in a body. */
interface KindRules {
  empty: (fallback: unknown) => unknown;
  fromStored: (value: never) => unknown;
  /** `original`: the stored value when editing (an unchanged day keeps its time). */
  toBody: (value: never, original: never) => unknown;
  /** A required value that is missing (or, for `number`, that the field's struct refuses). */
  blank: (value: never, spec: FieldSpec) => boolean;
}

const blankText = (v: string | null | undefined) => !v || v.trim() === '';
const same = <T>(v: T) => v;
const KINDS: Record<FormKind, KindRules> = {
  text: { empty: (f) => f ?? '', fromStored: same, toBody: (v: string) => v.trim(), blank: blankText },
  time: { empty: (f) => f ?? '', fromStored: same, toBody: same, blank: blankText },
  day: {
    empty: () => null,
    fromStored: toPicker,
    toBody: (v: string, original: number | undefined) => dayMs(v, original, 'start'),
    blank: blankText,
  },
  dayEnd: {
    empty: () => null,
    fromStored: toPicker,
    toBody: (v: string, original: number | undefined) => dayMs(v, original, 'end'),
    blank: blankText,
  },
  money: {
    empty: (f) => f ?? 0,
    fromStored: same,
    toBody: (v: number | string) => Number(v),
    blank: (v: number | string | null) => v === '' || v === null || !Number.isFinite(Number(v)),
  },
  number: {
    empty: (f) => f ?? '',
    fromStored: same,
    toBody: (v: number | string) => Number(v),
    blank: (v: number | string | null, spec) => v === '' || v === null || !Number.isFinite(Number(v)) || !is(Number(v), spec.write),
  },
  choice: { empty: (f) => f ?? null, fromStored: same, toBody: same, blank: (v: unknown) => !v },
  limit: {
    empty: (f) => (f === undefined ? null : String(f)),
    fromStored: (v: number) => String(v),
    toBody: (v: string) => Number.parseInt(v, 10),
    blank: blankText,
  },
  multi: { empty: () => [], fromStored: (v: unknown[]) => [...v], toBody: same, blank: (v: unknown[]) => v.length === 0 },
  check: { empty: (f) => f ?? false, fromStored: same, toBody: same, blank: () => false },
};

/** The form of a field table. */
export function fieldForm<F extends FieldTable>(fields: F) {
  type Name = keyof F & string;
  const names = Object.keys(fields) as Name[];
  const spec = (k: Name): FieldSpec => fields[k];
  const kind = (k: Name) => KINDS[spec(k).form];
  const values = (value: (k: Name) => unknown) => Object.fromEntries(names.map((k) => [k, value(k)])) as FieldFormValues<F>;
  return {
    /** A new form: each field's fallback, else its kind's empty value. */
    empty: () => values((k) => kind(k).empty(spec(k).fallback)),
    /** The form filled with a stored entity's fields. */
    valuesOf: (stored: ReadValuesOf<F>) => values((k) => kind(k).fromStored(stored[k] as never)),
    /** The spec's message when the form's value of a field is missing or wrong (the malformed one if it has one), else null. */
    check(k: Name, value: unknown): string | null {
      const { message, invalid } = spec(k);
      if (message === null) return null;
      if (kind(k).blank(value as never, spec(k))) return message;
      return invalid && !invalid.test(String(value).trim()) ? invalid.message : null;
    },
    /** The body value of each named field, from validated values (`original`: the entity being edited). */
    body: (bodyNames: readonly Name[], v: FieldFormValues<F>, original?: Partial<ReadValuesOf<F>> | null) =>
      Object.fromEntries(bodyNames.map((k) => [k, kind(k).toBody(v[k] as never, original?.[k] as never)])),
  };
}
