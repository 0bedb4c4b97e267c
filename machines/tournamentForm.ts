import { endOfDay, format, parse, startOfDay } from 'date-fns';
import {
  URL_PATTERN,
  type Tournament,
  type TournamentCreate,
  type TournamentPatch,
} from '../src/api/contract/tournament';
import {
  DEFAULT_SIGNUP_LIMIT,
  DEFAULT_SWITCHEROO_TYPE,
  DEFAULT_TEAM_LIMIT,
  type Game,
  type Platform,
  type SwitcherooType,
  type TournamentType,
} from '../src/domain/constants';
import { VALIDATION } from '../src/domain/messages';
import { emptyWebhookValues, webhookRule, type WebhookFormValues } from './webhookForm';

const M = VALIDATION.tournament;

/**
 * What the add/edit form holds. Dates are the pickers' 'YYYY-MM-DD' strings; the limits are Select strings; the
 * Discord webhook is saved after the tournament (./webhookForm.ts).
 */
export interface TournamentFormValues extends WebhookFormValues {
  title: string;
  subTitle: string;
  description: string;
  entryFee: number | string;
  startDate: string | null;
  startTime: string;
  endDate: string | null;
  signUpClose: string | null;
  tournamentType: TournamentType | null;
  switcherooType: SwitcherooType | null;
  signUpLimit: string | null;
  teamLimit: string | null;
  rules: string;
  prizePoolInfo: string;
  host: string;
  game: Game | null;
  platforms: Platform[];
  featured: boolean;
  allowSignups: boolean;
  allowScoreSubmission: boolean;
  logo: File | null;
}

const PICKER_FORMAT = 'yyyy-MM-dd';
const toPicker = (ms: number) => format(ms, PICKER_FORMAT);
const fromPicker = (value: string) => parse(value, PICKER_FORMAT, new Date());

/** A new tournament: the spec's defaults (sign up limit 16, team limit 1, SINGLES); sign-ups and scores allowed. */
export function emptyValues(): TournamentFormValues {
  return {
    title: '',
    subTitle: '',
    description: '',
    entryFee: 0,
    startDate: null,
    startTime: '',
    endDate: null,
    signUpClose: null,
    tournamentType: null,
    switcherooType: DEFAULT_SWITCHEROO_TYPE,
    signUpLimit: String(DEFAULT_SIGNUP_LIMIT),
    teamLimit: String(DEFAULT_TEAM_LIMIT),
    rules: '',
    prizePoolInfo: '',
    host: '',
    game: null,
    platforms: [],
    featured: false,
    allowSignups: true,
    allowScoreSubmission: true,
    logo: null,
    ...emptyWebhookValues(),
  };
}

/** The form filled with an existing tournament. */
export function valuesOf(t: Tournament): TournamentFormValues {
  return {
    title: t.title,
    subTitle: t.subTitle,
    description: t.description,
    entryFee: t.entryFee,
    startDate: toPicker(t.startDate),
    startTime: t.startTime,
    endDate: toPicker(t.endDate),
    signUpClose: toPicker(t.signUpClose),
    tournamentType: t.tournamentType,
    switcherooType: t.switcherooType,
    signUpLimit: String(t.signUpLimit),
    teamLimit: String(t.teamLimit),
    rules: t.rules,
    prizePoolInfo: t.prizePoolInfo,
    host: t.host,
    game: t.game,
    platforms: [...t.platforms],
    featured: t.featured,
    allowSignups: t.allowSignups,
    allowScoreSubmission: t.allowScoreSubmission,
    logo: null,
    ...emptyWebhookValues(),
  };
}

const blank = (v: string | null | undefined) => !v || v.trim() === '';
const required = (message: string) => (v: string | null) => (blank(v) ? message : null);

/**
 * The spec's validation (seasons-and-admin §5), word for word. `creating` adds the create-only fields
 * (entry fee, type, switcheroo type, team limit).
 */
export function validationRules(creating: boolean) {
  return {
    title: required(M.title),
    subTitle: required(M.subTitle),
    description: required(M.description),
    entryFee: (v: number | string) =>
      !creating ? null : v === '' || v === null || !Number.isFinite(Number(v)) ? M.entryFee : null,
    startDate: required(M.startDate),
    startTime: required(M.startTime),
    endDate: required(M.endDate),
    signUpClose: required(M.signUpClose),
    tournamentType: (v: TournamentType | null) => (creating && !v ? M.tournamentType : null),
    switcherooType: (v: SwitcherooType | null, values: TournamentFormValues) =>
      creating && values.tournamentType === 'SWITCHEROO' && !v ? M.switcherooType : null,
    signUpLimit: (v: string | null, values: TournamentFormValues) =>
      values.tournamentType === 'SWITCHEROO' && !v ? M.signUpLimit : null,
    teamLimit: (v: string | null, values: TournamentFormValues) =>
      creating && values.tournamentType === 'TOURNAMENT' && !v ? M.teamLimit : null,
    rules: (v: string) => (blank(v) ? M.rules : URL_PATTERN.test(v.trim()) ? null : M.rulesUrl),
    prizePoolInfo: required(M.prizePoolInfo),
    host: required(M.host),
    game: (v: Game | null) => (v ? null : M.game),
    platforms: (v: Platform[]) => (v.length === 0 ? M.platforms : null),
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

const shared = (v: TournamentFormValues, original?: Tournament) => ({
  title: v.title.trim(),
  subTitle: v.subTitle.trim(),
  description: v.description.trim(),
  startDate: dayMs(v.startDate!, original?.startDate, 'start'),
  startTime: v.startTime,
  endDate: dayMs(v.endDate!, original?.endDate, 'start'),
  signUpClose: dayMs(v.signUpClose!, original?.signUpClose, 'end'),
  rules: v.rules.trim(),
  prizePoolInfo: v.prizePoolInfo.trim(),
  host: v.host.trim(),
  game: v.game!,
  platforms: v.platforms,
  featured: v.featured,
  allowSignups: v.allowSignups,
  allowScoreSubmission: v.allowScoreSubmission,
});

/** POST /v1/tournament body from validated values; the limits go as integers. */
export function toCreateBody(v: TournamentFormValues): TournamentCreate {
  const switcheroo = v.tournamentType === 'SWITCHEROO';
  return {
    ...shared(v),
    entryFee: Number(v.entryFee),
    tournamentType: v.tournamentType!,
    ...(switcheroo
      ? { switcherooType: v.switcherooType!, signUpLimit: Number.parseInt(v.signUpLimit!, 10) }
      : { teamLimit: Number.parseInt(v.teamLimit!, 10) }),
  };
}

/** PATCH /v1/tournament/{id} body: the create-only fields stay as they are. */
export function toPatchBody(v: TournamentFormValues, original: Tournament): TournamentPatch {
  return {
    ...shared(v, original),
    ...(original.tournamentType === 'SWITCHEROO' ? { signUpLimit: Number.parseInt(v.signUpLimit!, 10) } : {}),
  };
}
