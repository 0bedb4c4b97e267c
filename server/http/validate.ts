import { StructError, type, validate, type Struct } from 'superstruct';
import { badRequest } from './errors';
import { IdParam, type PageQuery } from '../../src/api/contract/common';

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
  // The path and query structs (contract/common.ts) word their refusal to follow the field's name.
  if (failure.message.startsWith('must ')) return `"${path}" ${failure.message}`;
  if (failure.value === undefined) return `"${path}" is required`;
  return `"${path}" is invalid: ${failure.message.replace(/^Expected/, 'expected')}`;
}

/** One path parameter that must be a positive integer id (for routes that read their params themselves). */
export const idParam = (value: unknown, name = 'id'): number => parse(type({ [name]: IdParam }), { [name]: value })[name];

/** The paging of a list from its parsed query (contract PageQuery): 1-based page, page size and search. */
export function toPage(query: PageQuery | undefined, defaultSize = 25) {
  const pageNo = query?.pageNo ?? 1;
  const perPage = query?.perPage ?? query?.pageSize ?? defaultSize;
  return { pageNo, perPage, offset: (pageNo - 1) * perPage, search: query?.search ?? '' };
}
export type Page = ReturnType<typeof toPage>;

/** A paged list's answer (contract `Paged`): the page asked for, the total and its rows. */
export const pageAnswer = <T>(page: Page, total: number, results: T[]) => ({ pageNo: page.pageNo, pageSize: page.perPage, total, results });

export { StructError };
