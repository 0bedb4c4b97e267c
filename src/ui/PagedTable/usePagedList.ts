import { useDeferredValue } from 'react';
import { fromPromise } from 'xstate';
import type { Struct } from 'superstruct';
import { pagedListMachine, pageCount, type Extra } from '../../../machines/flows/pagedListMachine';
import { getPage, type PageRequest } from '../../api/endpoints/lists';
import type { Paged } from '../../api/contract/common';
import { notifyError } from '../notify';
import { useMachineWith } from '../useMachineWith';

export interface PagedListOptions {
  perPage?: number;
  extra?: Extra;
}

/**
 * The shared paged list for one endpoint (a /v1 path such as "/user"). Remount with a React `key`
 * to switch endpoints; the page goes back to 1.
 */
export function usePagedList<T, S>(endpoint: string, item: Struct<T, S>, options: PagedListOptions = {}) {
  const [snapshot, send] = useMachineWith(pagedListMachine, {
    input: { perPage: options.perPage, extra: options.extra },
    actors: { loadPage: fromPromise<Paged<unknown>, PageRequest>(({ input }) => getPage(endpoint, item, input)) },
    actions: { reportError: (_, { error }) => notifyError(error) },
  });
  // A page of results renders in the background, in slices (see useLoader); what the inputs show (the search, the
  // filter), the loading state and a failure follow the machine at once, and the list reads as loading until its new
  // results are on screen (never an empty list in between).
  const shown = useDeferredValue(snapshot);
  const { context } = snapshot;
  const behind = shown.context.results !== context.results;
  return {
    results: shown.context.results as T[],
    total: shown.context.total,
    pageNo: shown.context.pageNo,
    pages: pageCount(shown.context.total, shown.context.pageSize),
    pageSize: shown.context.pageSize,
    search: context.search,
    extra: context.extra,
    loading: snapshot.matches('loading') || (behind && !snapshot.matches('failed')),
    /** True between a keystroke and the debounced request. */
    typing: snapshot.matches('debouncing'),
    failed: snapshot.matches('failed'),
    setPage: (pageNo: number) => send({ type: 'page.change', pageNo }),
    setSearch: (search: string) => send({ type: 'search.change', search }),
    setExtra: (extra: Extra) => send({ type: 'extra.change', extra }),
    reload: () => send({ type: 'list.reload' }),
  };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T, unknown>>;
