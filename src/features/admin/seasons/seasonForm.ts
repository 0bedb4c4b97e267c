import { format, parse, startOfDay } from 'date-fns';
import type { Season, SeasonBody } from '../../../api/contract/season';
import { SEASON_ERRORS, VALIDATION } from '../../../domain/messages';
import { PLAYOFF_DUE_DATE_FIELDS, type PlayoffDueDates } from '../../../domain/season/seasonDates';
import { emptyWebhookValues, webhookRule, type WebhookFormValues } from '../../../../machines/rules/webhookForm';

const M = VALIDATION.season;

type DueField = keyof PlayoffDueDates;

/** The eight due dates in bracket order, with their labels and required messages (not worded by the spec). */
export const DUE_DATES: readonly { field: DueField; label: string }[] = [
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
export type SeasonFormValues = WebhookFormValues & {
  name: string;
  startDate: string | null;
  playoffWeeks: number | string;
  entryFee: number | string;
  prizePoolInfo: string;
  seasonInfo: string;
  published: boolean;
} & Record<DueField, string | null>;

const VALUE_FORMAT = 'yyyy-MM-dd';
const toValue = (ms: number) => format(ms, VALUE_FORMAT);
const toMs = (value: string, original: number | undefined) =>
  original !== undefined && toValue(original) === value ? original : startOfDay(parse(value, VALUE_FORMAT, new Date())).getTime();

/** Typed dates are read as dd/MM/yyyy, the spec's date format. */
export function parseTypedDate(text: string): string | null {
  const day = parse(text.trim(), 'dd/MM/yyyy', new Date());
  return Number.isNaN(day.getTime()) ? null : toValue(day.getTime());
}

const noDueDates = Object.fromEntries(PLAYOFF_DUE_DATE_FIELDS.map((f) => [f, null])) as Record<DueField, null>;

/** The dialog's values: empty for a new season, else the season's. */
export function valuesOf(season: Season | null): SeasonFormValues {
  if (!season) {
    return {
      name: '',
      startDate: null,
      playoffWeeks: '',
      entryFee: '',
      prizePoolInfo: '',
      seasonInfo: '',
      published: false,
      ...noDueDates,
      ...emptyWebhookValues(),
    };
  }
  const dues = Object.fromEntries(PLAYOFF_DUE_DATE_FIELDS.map((f) => [f, toValue(season[f])])) as Record<DueField, string>;
  return {
    name: season.name,
    startDate: toValue(season.startDate),
    playoffWeeks: season.playoffWeeks,
    entryFee: season.entryFee,
    prizePoolInfo: season.prizePoolInfo,
    seasonInfo: season.seasonInfo,
    published: season.published,
    ...dues,
    ...emptyWebhookValues(),
  };
}

const blank = (v: string | null) => !v || v.trim() === '';
const required = (message: string) => (v: string | null) => (blank(v) ? message : null);
/** A number the contract accepts: `least` or more, whole when `whole`. */
const numeric = (message: string, least: number, whole: boolean) => (v: number | string) => {
  const n = Number(v);
  return v === '' || !Number.isFinite(n) || n < least || (whole && !Number.isInteger(n)) ? message : null;
};

/** A due date: required; beyond the spec, not before the start, and none after the grand final (docs/decisions.md). */
const dueDate = (field: DueField, label: string) => (v: string | null, values: SeasonFormValues) => {
  if (blank(v)) return dueDateMessage(label);
  if (values.startDate && v! < values.startDate) return SEASON_ERRORS.dueBeforeStart;
  if (field !== 'grandFinalDueBy' && values.grandFinalDueBy && v! > values.grandFinalDueBy) return SEASON_ERRORS.grandFinalNotLast;
  return null;
};

/** The spec's validation (seasons-and-admin §5), word for word, for @mantine/form. */
export const validationRules = {
  name: required(M.name),
  startDate: required(M.startDate),
  playoffWeeks: numeric(M.playoffWeeks, 1, true),
  entryFee: numeric(M.entryFee, 0, false),
  prizePoolInfo: required(M.prizePoolInfo),
  seasonInfo: required(M.seasonInfo),
  ...Object.fromEntries(DUE_DATES.map(({ field, label }) => [field, dueDate(field, label)])),
  discordWebhook: webhookRule,
};

/** POST/PATCH body from validated values; an unchanged day keeps its stored time. */
export function toBody(v: SeasonFormValues, original: Season | null): SeasonBody {
  const dues = Object.fromEntries(PLAYOFF_DUE_DATE_FIELDS.map((f) => [f, toMs(v[f]!, original?.[f])])) as Record<DueField, number>;
  return {
    name: v.name.trim(),
    startDate: toMs(v.startDate!, original?.startDate),
    playoffWeeks: Number(v.playoffWeeks),
    entryFee: Number(v.entryFee),
    prizePoolInfo: v.prizePoolInfo.trim(),
    seasonInfo: v.seasonInfo.trim(),
    published: v.published,
    ...dues,
  };
}
