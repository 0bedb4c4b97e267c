import { ActionIcon, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { PagedList } from './usePagedList';
import { PageSelector } from './PageSelector';
import classes from './PagedTable.module.css';

interface PagedTableProps<T> {
  title?: string;
  list: PagedList<T>;
  columns: ColumnDef<T, any>[];
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
      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-busy={busy}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => (
                  <Table.Th key={header.id}>{flexRender(header.column.columnDef.header, header.getContext())}</Table.Th>
                ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {list.loading ? (
              <StatusRow colSpan={columns.length}>Loading...</StatusRow>
            ) : list.failed ? (
              <StatusRow colSpan={columns.length}>
                The list could not be loaded.{' '}
                <Button variant="subtle" size="compact-sm" onClick={list.reload}>
                  Try again
                </Button>
              </StatusRow>
            ) : list.results.length === 0 ? (
              <StatusRow colSpan={columns.length}>No results found</StatusRow>
            ) : (
              table.getRowModel().rows.map((row) => (
                <Table.Tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {showTotal && !list.loading && !list.failed && (
        <Text size="sm" c="dimmed">
          Total Results: {list.total}
        </Text>
      )}
      <PageSelector pageNo={list.pageNo} pages={list.pages} disabled={busy} onChange={list.setPage} />
    </Stack>
  );
}

function StatusRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text ta="center" c="dimmed" py="md" role="status">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
