import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { Entry } from '../../../api/contract/tournament';
import { DataTable, type Columns } from '../../../ui/DataTable/DataTable';

interface EntriesTableProps {
  entries: Entry[];
  columns: Columns<Entry>;
  /** Shown when there are no entries. */
  empty: string;
  label: string;
}

/** A whole entries list in one table (the paged admin list uses PagedTable instead). */
export function EntriesTable({ entries, columns, empty, label }: EntriesTableProps) {
  const table = useReactTable({ data: entries, columns, getCoreRowModel: getCoreRowModel(), getRowId: (e) => String(e.id) });
  return <DataTable table={table} label={label} minWidth={560} status={entries.length === 0 ? empty : null} />;
}
