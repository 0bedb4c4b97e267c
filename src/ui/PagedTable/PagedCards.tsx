import { Button, Center, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyMessage } from '../EmptyMessage/EmptyMessage';
import { PageSelector } from './PageSelector';
import type { PagedList } from './usePagedList';

export interface PagedCardsProps<T> {
  list: PagedList<T>;
  /** What a failed load says ("The seasons could not be loaded."); a Try again button follows it. */
  failedText: string;
  /** The empty state ("No seasons yet"). */
  emptyText: string;
  /** Draws the page's rows (a grid of cards). */
  children: (rows: T[]) => ReactNode;
}

/**
 * A paged list drawn as cards rather than a table (seasons, tournaments, player cards): a loader until the first page
 * arrives, a failure line with Try again, the empty state, the cards, and the page selector under them.
 */
export function PagedCards<T>({ list, failedText, emptyText, children }: PagedCardsProps<T>) {
  return (
    <Stack gap="lg" aria-busy={list.loading}>
      {list.loading && list.results.length === 0 ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading..." />
        </Center>
      ) : list.failed ? (
        <EmptyMessage>
          {failedText}{' '}
          <Button variant="subtle" size="compact-sm" onClick={list.reload}>
            Try again
          </Button>
        </EmptyMessage>
      ) : list.results.length === 0 ? (
        <EmptyMessage>{emptyText}</EmptyMessage>
      ) : (
        children(list.results)
      )}
      <PageSelector pageNo={list.pageNo} pages={list.pages} disabled={list.loading} onChange={list.setPage} />
    </Stack>
  );
}
