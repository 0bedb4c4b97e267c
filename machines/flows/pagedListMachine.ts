import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_PER_PAGE, SEARCH_DEBOUNCE_MS } from '../../src/domain/constants';
import type { Paged } from '../../src/api/contract/common';
import type { PageRequest } from '../../src/api/endpoints/lists';

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
 * States: loading → idle | failed; debouncing between a keystroke and its request (500 ms).
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
    toPage: assign({ pageNo: (_, pageNo: number) => pageNo }),
    // A new query starts at page 1 and forgets the old total, so a failed load offers no pages of another query.
    applySearch: assign({ appliedSearch: ({ context }) => context.search.trim(), pageNo: 1, total: 0 }),
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
  guards: {
    isOtherPage: ({ context }, pageNo: number) => pageNo !== context.pageNo && pageNo >= 1,
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
    'extra.change': {
      target: '.loading',
      reenter: true,
      actions: assign({ extra: ({ event }) => event.extra, pageNo: 1, total: 0 }),
    },
    // After a change elsewhere (or to retry): load the same page again; a request already out is superseded.
    'list.reload': { target: '.loading', reenter: true },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadPage',
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
          // The total stays, so the page selector can still move to another page.
          actions: [
            assign({ error: ({ event }) => event.error, results: [] }),
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    debouncing: {
      after: { searchDebounce: { target: 'loading', actions: 'applySearch' } },
      on: {
        // Reloading while the user types loads what they typed, now.
        'list.reload': { target: 'loading', actions: 'applySearch' },
      },
    },
    idle: {
      on: {
        'page.change': {
          guard: { type: 'isOtherPage', params: ({ event }) => event.pageNo },
          target: 'loading',
          actions: { type: 'toPage', params: ({ event }) => event.pageNo },
        },
      },
    },
    failed: {
      on: {
        'page.change': {
          guard: { type: 'isOtherPage', params: ({ event }) => event.pageNo },
          target: 'loading',
          actions: { type: 'toPage', params: ({ event }) => event.pageNo },
        },
      },
    },
  },
});
