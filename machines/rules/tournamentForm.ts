import { endOfDay, format, parse, startOfDay } from 'date-fns';
import type { Tournament, TournamentCreate, TournamentPatch } from '../../src/api/contract/tournament';
import {
  TOURNAMENT_FIELDS,
  TOURNAMENT_FIELD_NAMES,
  editableFieldsFor,
  fieldApplies,
  type FieldSpec,
  type FormKind,
  type TournamentFieldName,
  type TournamentFields,
  type WriteValue,
} from '../../src/api/contract/tournamentFields';
import { emptyWebhookValues, webhookRule, type WebhookFormValues } from './webhookForm';

/* The admin tournament form, derived from the field declaration (src/api/contract/tournamentFields.ts). */

/** What the form holds for a field of each kind (see FormKind). */
type FormValue<Kind extends FormKind, W> = Kind extends 'text' | 'time'
  ? string
  : Kind extends 'day' | 'dayEnd' | 'limit'
    ? string | null
    : Kind extends 'money'
      ? number | string
      : Kind extends 'choice'
        ? W | null
        : W;

/** The declared fields as the form holds them. */
export type TournamentFieldFormValues = {
  [K in TournamentFieldName]: FormValue<TournamentFields[K]['form'], WriteValue<K>>;
};

/**
 * What the add/edit form holds. Dates are the pickers' 'YYYY-MM-DD' strings; the limits are Select strings; the
 * Discord webhook is saved after the tournament (./webhookForm.ts).
 */
export interface TournamentFormValues extends TournamentFieldFormValues, WebhookFormValues {
  logo: File | null;
}

const PICKER_FORMAT = 'yyyy-MM-dd';
const toPicker = (ms: number) => format(ms, PICKER_FORMAT);
const fromPicker = (value: string) => parse(value, PICKER_FORMAT, new Date());

/** Each kind's conversions: a new form's value, a tournament's value in the form, and the form's value in a body. */
interface KindRules {
  empty: (fallback: unknown) => unknown;
  fromTournament: (value: never) => unknown;
  /** `original`: the stored value when editing (an unchanged day keeps its time). */
  toBody: (value: never, original: never) => unknown;
  /** A required value that is missing. */
  blank: (value: never) => boolean;
}

const blankText = (v: string | null | undefined) => !v || v.trim() === '';
const same = <T>(v: T) => v;
const KINDS: Record<FormKind, KindRules> = {
  text: { empty: (f) => f ?? '', fromTournament: same, toBody: (v: string) => v.trim(), blank: blankText },
  time: { empty: (f) => f ?? '', fromTournament: same, toBody: same, blank: blankText },
  day: {
    empty: () => null,
    fromTournament: toPicker,
    toBody: (v: string, original: number | undefined) => dayMs(v, original, 'start'),
    blank: blankText,
  },
  dayEnd: {
    empty: () => null,
    fromTournament: toPicker,
    toBody: (v: string, original: number | undefined) => dayMs(v, original, 'end'),
    blank: blankText,
  },
  money: {
    empty: (f) => f ?? 0,
    fromTournament: same,
    toBody: (v: number | string) => Number(v),
    blank: (v: number | string | null) => v === '' || v === null || !Number.isFinite(Number(v)),
  },
  choice: { empty: (f) => f ?? null, fromTournament: same, toBody: same, blank: (v: unknown) => !v },
  limit: {
    empty: (f) => (f === undefined ? null : String(f)),
    fromTournament: (v: number) => String(v),
    toBody: (v: string) => Number.parseInt(v, 10),
    blank: blankText,
  },
  multi: { empty: () => [], fromTournament: (v: unknown[]) => [...v], toBody: same, blank: (v: unknown[]) => v.length === 0 },
  check: { empty: (f) => f ?? false, fromTournament: same, toBody: same, blank: () => false },
};

const spec = (k: TournamentFieldName): FieldSpec => TOURNAMENT_FIELDS[k];
const kind = (k: TournamentFieldName) => KINDS[spec(k).form];
const fieldValues = (value: (k: TournamentFieldName) => unknown) =>
  Object.fromEntries(TOURNAMENT_FIELD_NAMES.map((k) => [k, value(k)])) as TournamentFieldFormValues;

/** A new tournament: the spec's defaults (sign up limit 16, team limit 1, SINGLES); sign-ups and scores allowed. */
export function emptyValues(): TournamentFormValues {
  return { ...fieldValues((k) => kind(k).empty(spec(k).fallback)), logo: null, ...emptyWebhookValues() };
}

/** The form filled with an existing tournament. */
export function valuesOf(t: Tournament): TournamentFormValues {
  return { ...fieldValues((k) => kind(k).fromTournament(t[k] as never)), logo: null, ...emptyWebhookValues() };
}

type Rules = {
  [K in TournamentFieldName]: (value: TournamentFormValues[K], values: TournamentFormValues) => string | null;
};

/**
 * The spec's validation (seasons-and-admin §5), word for word. `creating` adds the create-only fields
 * (entry fee, type, switcheroo type, team limit); a field of one type (`only`) is checked for that type alone.
 */
export function validationRules(creating: boolean) {
  const rule =
    (k: TournamentFieldName) =>
    (value: unknown, values: TournamentFormValues) => {
      const { createOnly, message, invalid } = spec(k);
      if ((createOnly && !creating) || !fieldApplies(k, values.tournamentType) || message === null) return null;
      if (kind(k).blank(value as never)) return message;
      return invalid && !invalid.test(String(value).trim()) ? invalid.message : null;
    };
  return {
    ...(Object.fromEntries(TOURNAMENT_FIELD_NAMES.map((k) => [k, rule(k)])) as Rules),
    discordWebhook: webhookRule,
  };
}

/**
 * Milliseconds of a picked day: the start of the day, or its end for the sign-up close (sign-ups stay open
 * through that day). An unchanged day keeps the stored time so editing other fields never moves it.
 */
function dayMs(value: string, original: number | undefined, edge: 'start' | 'end'): number {
  if (original !== undefined && toPicker(original) === value) return original;
  const day = fromPicker(value);
  return (edge === 'end' ? endOfDay(day) : startOfDay(day)).getTime();
}

/** The body value of each named field, from validated values (`original`: the tournament being edited). */
function body(names: readonly TournamentFieldName[], v: TournamentFormValues, original?: Tournament) {
  return Object.fromEntries(names.map((k) => [k, kind(k).toBody(v[k] as never, original?.[k] as never)]));
}

/** POST /v1/tournament body from validated values: the fields of the chosen type; the limits go as integers. */
export function toCreateBody(v: TournamentFormValues): TournamentCreate {
  return body(
    TOURNAMENT_FIELD_NAMES.filter((k) => fieldApplies(k, v.tournamentType)),
    v,
  ) as TournamentCreate;
}

/** PATCH /v1/tournament/{id} body: the create-only fields stay as they are. */
export function toPatchBody(v: TournamentFormValues, original: Tournament): TournamentPatch {
  return body(editableFieldsFor(original.tournamentType), v, original) as TournamentPatch;
}
