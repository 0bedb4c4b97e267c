import {
  array,
  coerce,
  define,
  enums,
  integer,
  max,
  min,
  number,
  optional,
  size,
  string,
  type,
  union,
  unknown,
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

/*
 * Path and query values arrive as text. These structs turn them into the values the server works with; a value they
 * refuse carries the wording the answer's message uses after the field's name ("must be a positive integer").
 */

/** A path parameter or query value naming a row: a positive integer written in decimal, up to MAX_ID. */
export const IdParam = coerce(
  define<number>('IdParam', (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_ID) || 'must be a positive integer'),
  string(),
  (text) => (/^[1-9]\d{0,9}$/.test(text) ? Number(text) : text),
);

/** The largest page a list answers. */
export const MAX_PAGE_SIZE = 100;

/** `perPage` of a paged list: a positive integer up to MAX_PAGE_SIZE. */
export const PageSizeParam = coerce(
  define<number>('PageSizeParam', (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_ID ? v <= MAX_PAGE_SIZE || `must be at most ${MAX_PAGE_SIZE}` : 'must be a positive integer',
  ),
  string(),
  (text) => (/^[1-9]\d{0,9}$/.test(text) ? Number(text) : text),
);

/** A query flag: "true" or "false" (empty reads as absent). */
export const FlagParam = coerce(
  define<boolean>('FlagParam', (v) => typeof v === 'boolean' || 'must be true or false'),
  string(),
  (text) => (text === 'true' ? true : text === 'false' ? false : text === '' ? undefined : text),
);

/** A search box's text: trimmed, at most 100 characters; anything but one string reads as no search. */
export const SearchParam = coerce(string(), unknown(), (v) => (typeof v === 'string' ? v.trim().slice(0, 100) : ''));

/** Every paged list: `GET {endpoint}?pageNo&perPage[&search]` answers this. */
export function Paged<T, S>(item: Struct<T, S>) {
  return type({ pageNo: integer(), pageSize: integer(), total: integer(), results: array(item) });
}
export type Paged<T> = { pageNo: number; pageSize: number; total: number; results: T[] };

/** The query of every paged list: `pageNo` (1-based), `perPage` (`pageSize` is read too) and `search`. */
export const PageQuery = type({
  pageNo: optional(IdParam),
  perPage: optional(PageSizeParam),
  pageSize: optional(PageSizeParam),
  search: optional(SearchParam),
});
export type PageQuery = Infer<typeof PageQuery>;

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
