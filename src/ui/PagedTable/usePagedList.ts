import { fromPromise } from 'xstate';
import type { Struct } from 'superstruct';
import { pagedListMachine, pageCount, type Extra } from '../../../machines/flows/pagedListMachine';
import { getPage, type PageRequest } from '../../api/endpoints/lists';
import type { Paged } from '../../api/contract/common';
import { notifyError } from '../notify';
import { useLoadingMachineWith } from '../useMachineWith';

export interface PagedListOptions {
  perPage?: number;
  extra?: Extra;
}

/**
 * The shared paged list for one endpoint (a /v1 path such as "/user"). Remount with a React `key`
 * to switch endpoints; the page goes back to 1.
 */
export function usePagedList<T, S>(endpoint: string, item: Struct<T, S>, options: PagedListOptions = {}) {
  const [snapshot, send] = useLoadingMachineWith(
    pagedListMachine,
    {
      input: { perPage: options.perPage, extra: options.extra },
      actors: { loadPage: fromPromise<Paged<unknown>, PageRequest>(({ input }) => getPage(endpoint, item, input)) },
      actions: { reportError: (_, { error }) => notifyError(error) },
    },
    (s) => s.context.results,
  );
  const { context } = snapshot;
  return {
    results: context.results as T[],
    total: context.total,
    pageNo: context.pageNo,
    pages: pageCount(context.total, context.pageSize),
    pageSize: context.pageSize,
    search: context.search,
    extra: context.extra,
    loading: snapshot.matches('loading'),
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
