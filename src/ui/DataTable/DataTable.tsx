import { Table, Text } from '@mantine/core';
import { flexRender, type ColumnDef, type Table as TanTable } from '@tanstack/react-table';
import type { ReactNode } from 'react';

/** The columns of one table. Each column has its own value type, which TanStack spells `any` in a column list. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's idiom for columns of mixed value types
export type Columns<T> = ColumnDef<T, any>[];

interface DataTableProps<T> {
  table: TanTable<T>;
  /** When set, one centred row with this text (Loading..., No results found, an error) replaces the rows. */
  status?: ReactNode;
  label?: string;
  busy?: boolean;
  minWidth?: number;
}

/** A TanStack table drawn with Mantine: header, rows, or a single status row. Lists and tables share it. */
export function DataTable<T>({ table, status, label, busy, minWidth = 600 }: DataTableProps<T>) {
  const columnCount = table.getVisibleLeafColumns().length;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label} aria-busy={busy}>
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
          {status ? (
            <Table.Tr>
              <Table.Td colSpan={columnCount}>
                <Text ta="center" c="dimmed" py="md" role="status" component="div">
                  {status}
                </Text>
              </Table.Td>
            </Table.Tr>
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
  );
}
