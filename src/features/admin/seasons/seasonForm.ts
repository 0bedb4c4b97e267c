import { format, parse } from 'date-fns';
import type { Season, SeasonBody } from '../../../api/contract/season';
import { SEASON_FIELDS, SEASON_FIELD_NAMES, type DueDateField, type SeasonFieldName, type SeasonFields } from '../../../api/contract/seasonFields';
import { SEASON_ERRORS } from '../../../domain/messages';
import { fieldForm, type FieldFormValues } from '../../../../machines/rules/fieldForm';
import { emptyWebhookValues, webhookRule, type WebhookFormValues } from '../../../../machines/rules/webhookForm';

/* The Add/Edit Season dialog, derived from the season's field declaration (src/api/contract/seasonFields.ts). */

/** The eight due dates in bracket order, with their labels and required messages (not worded by the spec). */
export const DUE_DATES: readonly { field: DueDateField; label: string }[] = [
  { field: 'round1DueBy', label: 'Round 1 Due By' },
  { field: 'losers1DueBy', label: 'Losers Round 1 Due By' },
  { field: 'round2DueBy', label: 'Round 2 Due By' },
  { field: 'losers2DueBy', label: 'Losers Round 2 Due By' },
  { field: 'winnersFinalDueBy', label: 'Winners Final Due By' },
  { field: 'losers3DueBy', label: 'Losers Round 3 Due By' },
  { field: 'losersFinalDueBy', label: 'Losers Final Due By' },
  { field: 'grandFinalDueBy', label: 'Grand Final Due By' },
];

/** "Please enter the Round 1 due date": the spec requires the eight dates without wording their messages. */
export const dueDateMessage = (label: string) => `Please enter the ${label.replace(/ Due By$/, '')} due date`;

/** What the dialog holds: dates as the inputs' 'YYYY-MM-DD' strings, numbers as typed; the Discord webhook is saved after. */
export type SeasonFormValues = WebhookFormValues & FieldFormValues<SeasonFields>;

const form = fieldForm(SEASON_FIELDS);

/** Typed dates are read as dd/MM/yyyy, the spec's date format. */
export function parseTypedDate(text: string): string | null {
  const day = parse(text.trim(), 'dd/MM/yyyy', new Date());
  return Number.isNaN(day.getTime()) ? null : format(day, 'yyyy-MM-dd');
}

/** The dialog's values: empty for a new season, else the season's. */
export function valuesOf(season: Season | null): SeasonFormValues {
  return { ...(season ? form.valuesOf(season) : form.empty()), ...emptyWebhookValues() };
}

type Rule = (value: unknown, values: SeasonFormValues) => string | null;

/** A field's check from its declaration. */
const checked =
  (k: SeasonFieldName): Rule =>
  (v) =>
    form.check(k, v);

/** A due date: required (named by its label); beyond the spec, not before the start, and none after the grand final (docs/decisions.md). */
const dueDate =
  (field: DueDateField, label: string): Rule =>
  (v, values) => {
    if (form.check(field, v)) return dueDateMessage(label);
    const day = v as string;
    if (values.startDate && day < values.startDate) return SEASON_ERRORS.dueBeforeStart;
    if (field !== 'grandFinalDueBy' && values.grandFinalDueBy && day > values.grandFinalDueBy) return SEASON_ERRORS.grandFinalNotLast;
    return null;
  };

/** The spec's validation (seasons-and-admin §5), word for word, for @mantine/form. */
export const validationRules = {
  ...(Object.fromEntries(SEASON_FIELD_NAMES.map((k) => [k, checked(k)])) as Record<SeasonFieldName, Rule>),
  ...(Object.fromEntries(DUE_DATES.map(({ field, label }) => [field, dueDate(field, label)])) as Record<DueDateField, Rule>),
  discordWebhook: webhookRule,
};

/** POST/PATCH body from validated values: every declared field; an unchanged day keeps its stored time. */
export function toBody(v: SeasonFormValues, original: Season | null): SeasonBody {
  return form.body(SEASON_FIELD_NAMES, v, original) as SeasonBody;
}
