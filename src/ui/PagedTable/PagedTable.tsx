import { ActionIcon, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { PagedList } from './usePagedList';
import { PageSelector } from './PageSelector';
import { DataTable, type Columns } from '../DataTable/DataTable';
import classes from './PagedTable.module.css';

interface PagedTableProps<T> {
  title?: string;
  list: PagedList<T>;
  columns: Columns<T>;
  /** Placeholder of the search box; no search box without it. */
  searchPrompt?: string;
  /** Filters beside the search box (they call list.setExtra). */
  filters?: ReactNode;
  showTotal?: boolean;
  getRowId?: (row: T) => string;
}

/**
 * Title, debounced search, filters and a refresh button, the table ("Loading...", "No results found", or a failure
 * with Try again), an optional Total Results line and the page selector.
 */
export function PagedTable<T>({ title, list, columns, searchPrompt, filters, showTotal, getRowId }: PagedTableProps<T>) {
  const table = useReactTable({
    data: list.results,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    getRowId,
    // Cells can number rows across pages.
    meta: { offset: (list.pageNo - 1) * list.pageSize },
  });
  const busy = list.loading || list.typing;
  return (
    <Stack gap="md">
      {title && <Title order={2}>{title}</Title>}
      <Group justify="space-between" align="end" gap="sm">
        {searchPrompt && (
          <TextInput
            className={classes.search}
            placeholder={searchPrompt}
            aria-label={searchPrompt}
            value={list.search}
            onChange={(e) => list.setSearch(e.currentTarget.value)}
            type="search"
          />
        )}
        <Group gap="sm" ml="auto">
          {filters}
          <ActionIcon variant="subtle" size="lg" aria-label="Refresh list" onClick={list.reload} title="Refresh list">
            <span aria-hidden>↻</span>
          </ActionIcon>
        </Group>
      </Group>
      <DataTable
        table={table}
        busy={busy}
        status={
          list.loading ? (
            'Loading...'
          ) : list.failed ? (
            <>
              The list could not be loaded.{' '}
              <Button variant="subtle" size="compact-sm" onClick={list.reload}>
                Try again
              </Button>
            </>
          ) : list.results.length === 0 ? (
            'No results found'
          ) : null
        }
      />
      {showTotal && !list.loading && !list.failed && (
        <Text size="sm" c="dimmed">
          Total Results: {list.total}
        </Text>
      )}
      <PageSelector pageNo={list.pageNo} pages={list.pages} disabled={busy} onChange={list.setPage} />
    </Stack>
  );
}
