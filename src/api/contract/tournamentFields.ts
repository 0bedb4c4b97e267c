import { array, boolean, define, enums, integer, min, number, pattern, size, string } from 'superstruct';
import {
  DEFAULT_SIGNUP_LIMIT,
  DEFAULT_SWITCHEROO_TYPE,
  DEFAULT_TEAM_LIMIT,
  GAMES,
  PLATFORMS,
  SWITCHEROO_TYPES,
  TOURNAMENT_TYPES,
  type TournamentType as TournamentTypeName,
} from '../../domain/constants';
import { DateMillis, Millis, Text } from './common';
import { declareFields, type EditableOf, type FieldSpec, type ReadOf, type ReadValuesOf, type WriteOf } from './fields';

export type { FieldSpec, FormKind } from './fields';

/*
 * The tournament's editable fields, declared once (issue 22): what POST and PATCH accept, what GET answers, the
 * spec's message (seasons-and-admin §5, word for word), whether a field is set once at creation, and how the admin
 * form holds it. Everything else derives from this table: the contract structs (./tournament.ts), the form's values,
 * defaults, rules and bodies (machines/tournamentForm.ts), the PATCH body of the predefined-entries editor
 * (src/api/endpoints/adminTournaments.ts), and the server's create, copy-on-update and read mapping
 * (server/services/tournamentForm.ts). Who may edit: staff (ADMIN, OWNER) through the admin routes; `createOnly`
 * fields only when the tournament is created. A new field is one entry here plus its column, its form input and
 * its row in the detail view (docs/decisions.md, "Fields declared once (issue 22)"). The mechanism is shared with the
 * season's fields (./fields.ts, ./seasonFields.ts).
 */

export const Game = enums(GAMES);
export const Platform = enums(PLATFORMS);
export const TournamentType = enums(TOURNAMENT_TYPES);
export const SwitcherooType = enums(SWITCHEROO_TYPES);

/** The longest rules URL the form accepts. */
export const URL_MAX_LENGTH = 2048;

/**
 * Accepts http(s) URLs with a host and a dot (the form's "Please input a valid url"). Length-bounded and parsed with
 * `URL`, in linear time: the regular expression this replaces backtracked quadratically on "http://a" + "." × 40,000.
 */
export function isHttpUrl(value: string): boolean {
  if (value.length > URL_MAX_LENGTH || /\s/.test(value) || !/^https?:\/\//i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const host = value.slice(value.indexOf('//') + 2);
  // As before: the host starts with a letter or digit, and a dot is followed by at least two characters.
  const dot = host.indexOf('.', 1);
  return url.hostname !== '' && !'/$.?#'.includes(host.charAt(0)) && dot !== -1 && dot <= host.length - 3;
}

/** `URL_PATTERN.test(v)`, kept for the form and the service that call it: now isHttpUrl, not a regular expression. */
export const URL_PATTERN = { test: isHttpUrl } as const;
const Url = define<string>('Url', (v) => typeof v === 'string' && isHttpUrl(v));
const Time = pattern(string(), /^([01]\d|2[0-3]):[0-5]\d$/);

export const TOURNAMENT_FIELDS = {
  title: { write: Text(120), read: string(), message: 'Please enter a tournament title', form: 'text' },
  subTitle: { write: Text(200), read: string(), message: 'Please enter a tournament subtitle', form: 'text' },
  description: { write: Text(5000), read: string(), message: 'Please enter a tournament description', form: 'text' },
  /** Euros (stored as cents). */
  entryFee: { write: min(number(), 0), read: number(), message: 'Please enter the an entry fee', createOnly: true, form: 'money' },
  startDate: { write: DateMillis, read: Millis, message: 'Please enter a tournament start date', form: 'day' },
  startTime: { write: Time, read: string(), message: 'Please enter a tournament start time', form: 'time' },
  endDate: { write: DateMillis, read: Millis, message: 'Please enter a tournament end date', form: 'day' },
  signUpClose: {
    write: DateMillis,
    read: Millis,
    message: 'Please enter a tournament a date for sign ups to close',
    form: 'dayEnd',
  },
  tournamentType: { write: TournamentType, read: TournamentType, message: 'Please select a tournament type', createOnly: true, form: 'choice' },
  switcherooType: {
    write: SwitcherooType,
    read: SwitcherooType,
    message: 'Please select a switcheroo type',
    createOnly: true,
    only: 'SWITCHEROO',
    fallback: DEFAULT_SWITCHEROO_TYPE,
    form: 'choice',
  },
  signUpLimit: {
    write: min(integer(), 2),
    read: integer(),
    message: 'Please select a sign up limit',
    only: 'SWITCHEROO',
    fallback: DEFAULT_SIGNUP_LIMIT,
    form: 'limit',
  },
  teamLimit: {
    write: min(integer(), 1),
    read: integer(),
    message: 'Please select a sign up limit',
    createOnly: true,
    only: 'TOURNAMENT',
    fallback: DEFAULT_TEAM_LIMIT,
    form: 'limit',
  },
  rules: {
    write: Url,
    read: string(),
    message: 'Please enter the tournament rules',
    invalid: { message: 'Please input a valid url', test: isHttpUrl },
    form: 'text',
  },
  prizePoolInfo: { write: Text(500), read: string(), message: 'Please enter prize pool info', form: 'text' },
  host: { write: Text(120), read: string(), message: 'Please enter a host', form: 'text' },
  game: { write: Game, read: Game, message: 'Please select a game', form: 'choice' },
  platforms: { write: size(array(Platform), 1, 4), read: array(Platform), message: 'Please select a platform', form: 'multi' },
  featured: { write: boolean(), read: boolean(), message: null, fallback: false, form: 'check' },
  allowSignups: { write: boolean(), read: boolean(), message: null, fallback: true, form: 'check' },
  allowScoreSubmission: { write: boolean(), read: boolean(), message: null, fallback: true, form: 'check' },
} as const satisfies Record<string, FieldSpec>;

export type TournamentFields = typeof TOURNAMENT_FIELDS;
export type TournamentFieldName = keyof TournamentFields;
const declared = declareFields(TOURNAMENT_FIELDS);
/** Every declared field, in the order of the form and the wire. */
export const TOURNAMENT_FIELD_NAMES = declared.names;
/** The fields PATCH changes (the edit form's; the create-only ones are left out). */
export const EDITABLE_TOURNAMENT_FIELDS = declared.editable;

/** The value POST and PATCH carry for a field. */
export type WriteValue<K extends TournamentFieldName> = WriteOf<TournamentFields, K>;
/** The value GET answers for a field. */
export type ReadValue<K extends TournamentFieldName> = ReadOf<TournamentFields, K>;
export type EditableTournamentField = EditableOf<TournamentFields>;
/** The declared fields of a tournament as GET answers them. */
export type TournamentFieldValues = ReadValuesOf<TournamentFields>;

/** Whether a body for a tournament of `type` carries the field (`only` fields belong to one type). */
export const fieldApplies = (name: TournamentFieldName, type: TournamentTypeName | null | undefined) => {
  const only = (TOURNAMENT_FIELDS[name] as FieldSpec).only;
  return only === undefined || only === type;
};

/** The edit fields PATCH takes for a tournament of `type` (what the edit form sends). */
export const editableFieldsFor = (type: TournamentTypeName) => EDITABLE_TOURNAMENT_FIELDS.filter((k) => fieldApplies(k, type));

/** The spec's message per field, with the form's second message for a malformed URL (`rulesUrl`). */
export const TOURNAMENT_MESSAGES = { ...declared.messages, rulesUrl: TOURNAMENT_FIELDS.rules.invalid.message };

/** The message of a field for a value that failed its check: the malformed one when the value was given. */
export const fieldMessage = declared.messageFor;

/** POST /v1/tournament: every field; those with a fallback may be left out. */
export const createSchema = declared.createSchema;
/** PATCH /v1/tournament/{id}: the editable fields, each optional. */
export const patchSchema = declared.patchSchema;
/** GET: every field as stored. */
export const readSchema = declared.readSchema;
