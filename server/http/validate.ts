import { StructError, validate, type Struct } from 'superstruct';
import { badRequest } from './errors';

/**
 * Validates untrusted input with a contract struct and returns the coerced value, or throws 400 with a message
 * naming the field. `messages` maps a field path (e.g. "title") to the spec's wording for that field.
 */
export function parse<T, S>(struct: Struct<T, S>, input: unknown, messages: Record<string, string> = {}): T {
  const [error, value] = validate(input ?? {}, struct, { coerce: true });
  if (error) throw badRequest(describe(error, messages));
  return value as T;
}

function describe(error: StructError, messages: Record<string, string>): string {
  const failure = error.failures()[0] ?? error;
  const path = failure.path.join('.');
  const top = String(failure.path[0] ?? '');
  if (path in messages) return messages[path];
  if (top in messages) return messages[top];
  if (!path) return 'The request body is invalid';
  if (failure.type === 'never') return `Unknown field "${path}"`;
  if (failure.value === undefined) return `"${path}" is required`;
  return `"${path}" is invalid: ${failure.message.replace(/^Expected/, 'expected')}`;
}

/** Route parameter that must be a positive integer id. */
export function idParam(value: unknown, name = 'id'): number {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2147483647) {
    throw badRequest(`"${name}" must be a positive integer`);
  }
  return Number(value);
}

/** Paging query of every list: pageNo (1-based, default 1), perPage (default `defaultSize`, 1..100), search. */
export function pageQuery(query: unknown, defaultSize = 25) {
  const q = (query ?? {}) as Record<string, unknown>;
  const pageNo = q.pageNo === undefined ? 1 : idParam(String(q.pageNo), 'pageNo');
  const rawSize = q.perPage ?? q.pageSize;
  const perPage = rawSize === undefined ? defaultSize : idParam(String(rawSize), 'perPage');
  if (perPage > 100) throw badRequest('"perPage" must be at most 100');
  const search = typeof q.search === 'string' ? q.search.trim().slice(0, 100) : '';
  return { pageNo, perPage, offset: (pageNo - 1) * perPage, search };
}

/** Optional boolean query flag ("true"/"false"). */
export function boolQuery(value: unknown, name: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw badRequest(`"${name}" must be true or false`);
}

export { StructError };
