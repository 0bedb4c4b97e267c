import {
  array,
  define,
  enums,
  integer,
  max,
  min,
  number,
  size,
  string,
  type,
  union,
  type Describe,
  type Infer,
  type Struct,
} from 'superstruct';
import { NOTIFICATION_TYPES, ROLES, TEAM_ROLES } from '../../domain/constants';

/** The largest id a PostgreSQL `integer` column holds (2^31 - 1). */
export const MAX_ID = 2_147_483_647;

/** Database ids: whole numbers 1..2^31-1 (anything larger cannot name a row and would fail in the database). */
export const Id = max(min(integer(), 1), MAX_ID);
export type Id = Infer<typeof Id>;

/** A tally a form may set (wins, medals): whole numbers 0..2^31-1. */
export const Count = max(min(integer(), 0), MAX_ID);

/** Epoch milliseconds (answers). */
export const Millis = number();

/** The dates a request may carry: 2000-01-01 up to (not including) 2200-01-01, in whole epoch milliseconds. */
export const DATE_RANGE = { min: Date.UTC(2000, 0, 1), max: Date.UTC(2200, 0, 1) } as const;

/** A date in a request body: whole epoch milliseconds inside DATE_RANGE (not 1.5, not -1, not 1e308). */
export const DateMillis = define<number>(
  'DateMillis',
  (v) => typeof v === 'number' && Number.isInteger(v) && v >= DATE_RANGE.min && v < DATE_RANGE.max,
);

/**
 * Whether a string can be stored and shown as text: no NUL (PostgreSQL refuses it) and no lone UTF-16 surrogate
 * (not encodable as UTF-8).
 */
export function isCleanText(value: string): boolean {
  return !UNSTORABLE.test(value);
}
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A string without NUL or lone surrogates (see isCleanText). */
export const CleanText = define<string>('CleanText', (v) => typeof v === 'string' && isCleanText(v));

export const Role = enums(ROLES);
export type Role = Infer<typeof Role>;
export const TeamRole = enums(TEAM_ROLES);
export type TeamRole = Infer<typeof TeamRole>;

/** A non-blank string (whitespace only counts as blank). */
export const NonBlank = define<string>('NonBlank', (v) => typeof v === 'string' && v.trim().length > 0 && isCleanText(v));

/** Non-blank text of at most `most` characters (the forms' text fields). */
export const Text = (most: number) => size(NonBlank, 1, most);

/** A route parameter or query value that must be a positive integer written in decimal. */
export const IdParam = define<string>('IdParam', (v) => typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v));

/** Every paged list: `GET {endpoint}?pageNo&perPage[&search]` answers this. */
export function Paged<T, S>(item: Struct<T, S>) {
  return type({ pageNo: integer(), pageSize: integer(), total: integer(), results: array(item) });
}
export type Paged<T> = { pageNo: number; pageSize: number; total: number; results: T[] };

/** Paging query of the shared list (pageNo is 1-based). */
export const PageQuery = type({});

/** Error body of every 4xx/5xx answer. */
export const ErrorBody = type({ message: union([string(), array(string())]) });
export type ErrorBody = Infer<typeof ErrorBody>;

export const NotificationType = enums(NOTIFICATION_TYPES);
export const Notification = type({
  id: string(),
  title: string(),
  message: string(),
  type: NotificationType,
  creationTime: number(),
});
export type Notification = Infer<typeof Notification>;

export type { Describe };
