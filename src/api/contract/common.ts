import {
  array,
  define,
  enums,
  integer,
  min,
  number,
  string,
  type,
  union,
  type Describe,
  type Infer,
  type Struct,
} from 'superstruct';
import { NOTIFICATION_TYPES, ROLES, TEAM_ROLES } from '../../domain/constants';

/** Database ids: positive integers. */
export const Id = min(integer(), 1);
export type Id = Infer<typeof Id>;

/** Epoch milliseconds. */
export const Millis = number();

export const Role = enums(ROLES);
export type Role = Infer<typeof Role>;
export const TeamRole = enums(TEAM_ROLES);
export type TeamRole = Infer<typeof TeamRole>;

/** A non-blank string (whitespace only counts as blank). */
export const NonBlank = define<string>('NonBlank', (v) => typeof v === 'string' && v.trim().length > 0);

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
