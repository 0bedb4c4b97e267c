import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_PER_PAGE, SEARCH_DEBOUNCE_MS } from '../src/domain/constants';
import type { Paged } from '../src/api/contract/common';
import type { PageRequest } from '../src/api/endpoints/lists';

export type Extra = Record<string, string | number | boolean | undefined>;

export interface PagedListContext {
  pageNo: number;
  perPage: number;
  /** What the user typed. */
  search: string;
  /** The term of the last request (the debounced one). */
  appliedSearch: string;
  extra: Extra;
  results: unknown[];
  total: number;
  pageSize: number;
  error: unknown;
}

export type PagedListEvent =
  | { type: 'page.change'; pageNo: number }
  | { type: 'search.change'; search: string }
  | { type: 'extra.change'; extra: Extra }
  | { type: 'list.reload' };

export interface PagedListInput {
  perPage?: number;
  extra?: Extra;
}

/** Pages from total and page size, rounded up (spec §9). */
export const pageCount = (total: number, pageSize: number) => (pageSize > 0 ? Math.ceil(total / pageSize) : 0);

/**
 * The shared list: loads `GET {endpoint}?pageNo&perPage[&extra][&search]` and reloads when the page, the
 * (debounced) search term or the extra parameters change. A new search or filter goes back to page 1.
 * The view provides `loadPage` (the endpoint call) and `reportError` (the shared error handler).
 */
export const pagedListMachine = setup({
  types: {
    context: {} as PagedListContext,
    events: {} as PagedListEvent,
    input: {} as PagedListInput,
  },
  actors: {
    loadPage: fromPromise<Paged<unknown>, PageRequest>(async () => {
      throw new Error('pagedListMachine needs a loadPage actor');
    }),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
  guards: {
    isOtherPage: ({ context, event }) => event.type === 'page.change' && event.pageNo !== context.pageNo && event.pageNo >= 1,
  },
}).createMachine({
  id: 'pagedList',
  context: ({ input }) => ({
    pageNo: 1,
    perPage: input.perPage ?? DEFAULT_PER_PAGE,
    search: '',
    appliedSearch: '',
    extra: input.extra ?? {},
    results: [],
    total: 0,
    pageSize: input.perPage ?? DEFAULT_PER_PAGE,
    error: null,
  }),
  initial: 'loading',
  on: {
    'search.change': { target: '.debouncing', reenter: true, actions: assign({ search: ({ event }) => event.search }) },
    'extra.change': { target: '.loading', reenter: true, actions: assign({ extra: ({ event }) => event.extra, pageNo: 1 }) },
    'list.reload': { target: '.loading', reenter: true },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({
          pageNo: context.pageNo,
          perPage: context.perPage,
          search: context.appliedSearch,
          extra: context.extra,
        }),
        onDone: {
          target: 'idle',
          actions: assign({
            results: ({ event }) => event.output.results,
            total: ({ event }) => event.output.total,
            pageSize: ({ event, context }) => event.output.pageSize || context.perPage,
            error: null,
          }),
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => event.error, results: [], total: 0 }),
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    debouncing: {
      after: {
        searchDebounce: {
          target: 'loading',
          actions: assign({ appliedSearch: ({ context }) => context.search.trim(), pageNo: 1 }),
        },
      },
    },
    idle: {
      on: { 'page.change': { guard: 'isOtherPage', target: 'loading', actions: assign({ pageNo: ({ event }) => event.pageNo }) } },
    },
    failed: {
      on: { 'page.change': { guard: 'isOtherPage', target: 'loading', actions: assign({ pageNo: ({ event }) => event.pageNo }) } },
    },
  },
});
