import { Button, Group } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Columns } from '../../ui/DataTable/DataTable';
import { Trophies } from '../../ui/Trophies/Trophies';

/** What every team table shows of a team. */
export interface TeamRecord {
  id: number;
  name: string;
  wins: number;
  losses: number;
  gold: number;
  silver: number;
  bronze: number;
}

export interface TeamRecordColumnOptions<T> {
  /** The NAME cell (plain text when left out). */
  name?: (team: T) => ReactNode;
  /** Buttons after VIEW in the last column (the admin's Edit). */
  actions?: (team: T) => ReactNode;
}

/**
 * The team tables' columns (TEAM RANKS, the admin Teams page, a season's teams): NAME, WINS, LOSSES, TROPHIES and a
 * VIEW button to /teams/{id}, with room for a custom name cell and more buttons beside VIEW.
 */
export function teamRecordColumns<T extends TeamRecord>({ name, actions }: TeamRecordColumnOptions<T> = {}): Columns<T> {
  const column = createColumnHelper<T>();
  const field = (key: 'wins' | 'losses', header: string) =>
    column.display({ id: key, header, cell: ({ row }) => row.original[key] });
  return [
    column.display({ id: 'name', header: 'NAME', cell: ({ row }) => (name ? name(row.original) : row.original.name) }),
    field('wins', 'WINS'),
    field('losses', 'LOSSES'),
    column.display({ id: 'trophies', header: 'TROPHIES', cell: ({ row }) => <Trophies {...row.original} /> }),
    column.display({
      id: 'view',
      header: '',
      cell: ({ row }) => (
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button component={Link} href={`/teams/${row.original.id}`} size="xs" variant="light" aria-label={`View ${row.original.name}`}>
            VIEW
          </Button>
          {actions?.(row.original)}
        </Group>
      ),
    }),
  ];
}
