import type { Tournament, TournamentCreate, TournamentPatch } from '../../src/api/contract/tournament';
import {
  TOURNAMENT_FIELDS,
  TOURNAMENT_FIELD_NAMES,
  editableFieldsFor,
  fieldApplies,
  type TournamentFieldName,
  type TournamentFields,
} from '../../src/api/contract/tournamentFields';
import { fieldForm, type FieldFormValues } from './fieldForm';
import { emptyWebhookValues, webhookRule, type WebhookFormValues } from './webhookForm';

/* The admin tournament form, derived from the field declaration (src/api/contract/tournamentFields.ts). */

/** The declared fields as the form holds them. */
export type TournamentFieldFormValues = FieldFormValues<TournamentFields>;

/**
 * What the add/edit form holds. Dates are the pickers' 'YYYY-MM-DD' strings; the limits are Select strings; the
 * Discord webhook is saved after the tournament (./webhookForm.ts).
 */
export interface TournamentFormValues extends TournamentFieldFormValues, WebhookFormValues {
  logo: File | null;
}

const form = fieldForm(TOURNAMENT_FIELDS);

/** A new tournament: the spec's defaults (sign up limit 16, team limit 1, SINGLES); sign-ups and scores allowed. */
export function emptyValues(): TournamentFormValues {
  return { ...form.empty(), logo: null, ...emptyWebhookValues() };
}

/** The form filled with an existing tournament. */
export function valuesOf(t: Tournament): TournamentFormValues {
  return { ...form.valuesOf(t), logo: null, ...emptyWebhookValues() };
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
      const { createOnly } = TOURNAMENT_FIELDS[k] as { createOnly?: boolean };
      if ((createOnly && !creating) || !fieldApplies(k, values.tournamentType)) return null;
      return form.check(k, value);
    };
  return {
    ...(Object.fromEntries(TOURNAMENT_FIELD_NAMES.map((k) => [k, rule(k)])) as Rules),
    discordWebhook: webhookRule,
  };
}

/** POST /v1/tournament body from validated values: the fields of the chosen type; the limits go as integers. */
export function toCreateBody(v: TournamentFormValues): TournamentCreate {
  return form.body(
    TOURNAMENT_FIELD_NAMES.filter((k) => fieldApplies(k, v.tournamentType)),
    v,
  ) as TournamentCreate;
}

/** PATCH /v1/tournament/{id} body: the create-only fields stay as they are. */
export function toPatchBody(v: TournamentFormValues, original: Tournament): TournamentPatch {
  return form.body(editableFieldsFor(original.tournamentType), v, original) as TournamentPatch;
}
