import { Anchor, Badge } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'wouter';
import type { Season } from '../../../api/contract/season';
import { formatDate } from '../../../domain/dates';
import { seasonWeeks } from '../../../domain/season/seasonDates';
import { formatEuros } from '../../../domain/formatEuros';
import { SeasonActionsMenu } from './SeasonActionsMenu';
import { SEASON_STATE_COLOR } from '../../../../machines/rules/seasonActions';

const column = createColumnHelper<Season>();

/** Columns of the admin seasons table (NAME, WEEKS, FEE, START DATE, STATE, TEAMS, OPTIONS). */
export function seasonColumns(handlers: Omit<Parameters<typeof SeasonActionsMenu>[0], 'season'>) {
  return [
    column.accessor('name', {
      header: 'NAME',
      cell: ({ row }) => (
        <Anchor component={Link} href={`/seasons/${row.original.id}`} fw={600}>
          {row.original.name}
        </Anchor>
      ),
    }),
    column.display({ id: 'weeks', header: 'WEEKS', cell: ({ row }) => seasonWeeks(row.original.startDate, row.original.grandFinalDueBy) }),
    column.accessor('entryFee', { header: 'FEE', cell: ({ getValue }) => formatEuros(getValue()) }),
    column.accessor('startDate', { header: 'START DATE', cell: ({ getValue }) => formatDate(getValue()) }),
    column.accessor('seasonType', {
      header: 'STATE',
      cell: ({ getValue }) => (
        <Badge color={SEASON_STATE_COLOR[getValue()]} variant="light" miw="max-content">
          {getValue()}
        </Badge>
      ),
    }),
    column.display({
      id: 'teams',
      header: 'TEAMS',
      cell: ({ row }) => (
        <Anchor component={Link} href={`/seasons/${row.original.id}/teams`}>
          {row.original.joinedTeamsCount}
        </Anchor>
      ),
    }),
    column.display({ id: 'options', header: 'OPTIONS', cell: ({ row }) => <SeasonActionsMenu season={row.original} {...handlers} /> }),
  ];
}
