import { Anchor, Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  createColumnHelper,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  useReactTable,
  type FilterFn,
} from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'wouter';
import type { TournamentMatch } from '../../api/contract/tournament';
import { DEFAULT_PER_PAGE } from '../../domain/constants';
import { PageSelector } from '../../ui/PagedTable/PageSelector';
import { DataTable } from '../../ui/DataTable/DataTable';
import { scoreLine, sideName } from '../../shared/matches/matchSides';

const column = createColumnHelper<TournamentMatch>();
const columns = [
  column.accessor('matchNumber', { header: 'MATCH', cell: (c) => <Text size="sm" fw={700}>{c.getValue()}</Text> }),
  column.accessor('roundName', { header: 'ROUND' }),
  column.display({ id: 'entryA', header: 'ENTRY A', cell: ({ row }) => sideName(row.original, 'A') }),
  column.display({ id: 'entryB', header: 'ENTRY B', cell: ({ row }) => sideName(row.original, 'B') }),
  column.display({
    id: 'score',
    header: 'SCORE',
    cell: ({ row }) => (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" ff="monospace">
          {scoreLine(row.original)}
        </Text>
        {row.original.dispute && (
          <Badge color="red" size="xs">
            DISPUTE
          </Badge>
        )}
      </Group>
    ),
  }),
  column.display({
    id: 'view',
    header: '',
    cell: ({ row }) => (
      <Anchor component={Link} href={`/tournaments/${row.original.tournamentId}/match/${row.original.id}`} fw={600} size="sm">
        VIEW MATCH
      </Anchor>
    ),
  }),
];

/** Searches both entries' names (case-insensitive). */
const byEntryName: FilterFn<TournamentMatch> = (row, _column, term: string) => {
  const q = term.trim().toLowerCase();
  return !q || [sideName(row.original, 'A'), sideName(row.original, 'B')].some((n) => n.toLowerCase().includes(q));
};

/** The admin list of a bracket's matches: client-side search by entry name and pages of 25. */
export function AdminMatchesTable({ matches }: { matches: TournamentMatch[] }) {
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const table = useReactTable({
    data: matches.filter((m) => m.live),
    columns,
    state: { globalFilter: search, pagination: { pageIndex, pageSize: DEFAULT_PER_PAGE } },
    globalFilterFn: byEntryName,
    getRowId: (m) => String(m.id),
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    autoResetPageIndex: false,
  });
  const rows = table.getRowModel().rows;
  return (
    <Stack gap="md">
      <TextInput
        placeholder="Search by entry name"
        aria-label="Search by entry name"
        type="search"
        value={search}
        maw={360}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPageIndex(0);
        }}
      />
      <DataTable
        table={table}
        status={rows.length > 0 ? null : matches.length === 0 ? 'This tournament has no bracket yet' : 'No results found'}
      />
      <PageSelector pageNo={pageIndex + 1} pages={table.getPageCount()} disabled={false} onChange={(p) => setPageIndex(p - 1)} />
    </Stack>
  );
}
