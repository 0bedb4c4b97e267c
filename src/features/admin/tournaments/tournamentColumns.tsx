import { Anchor, Badge } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'wouter';
import type { Tournament } from '../../../api/contract/tournament';
import type { TournamentStatus } from '../../../domain/constants';
import { formatCount } from '../../../domain/counts';
import { formatDate } from '../../../domain/dates';
import { entriesCount, predefinedEntryCount } from '../../../domain/tournamentRules';
import { TournamentActionsMenu } from './TournamentActionsMenu';
import type { RowAction } from '../../../../machines/flows/adminTournamentsMachine';

const STATUS_COLOR: Record<TournamentStatus, string> = { OPEN: 'green', CLOSED: 'yellow', ACTIVE: 'blue', COMPLETED: 'gray' };

const typeLabel = (t: Tournament) =>
  t.tournamentType === 'SWITCHEROO' ? `SWITCHEROO ${t.switcherooType}` : t.teamLimit > 1 ? `TOURNAMENT ${t.teamLimit}v${t.teamLimit}` : 'TOURNAMENT 1v1';

const column = createColumnHelper<Tournament>();

/** Columns of the admin tournaments table; the OPTIONS menu reports to the page's machine. */
export function tournamentColumns(handlers: { onEdit: (t: Tournament) => void; onAction: (t: Tournament, a: RowAction) => void }) {
  return [
    column.accessor('title', {
      header: 'TITLE',
      cell: ({ row }) => (
        <Anchor component={Link} href={`/tournaments/${row.original.id}/details`} fw={600}>
          {row.original.title}
        </Anchor>
      ),
    }),
    column.display({ id: 'type', header: 'TYPE', cell: ({ row }) => typeLabel(row.original) }),
    column.accessor('startDate', {
      header: 'START',
      cell: ({ row }) => `${formatDate(row.original.startDate)} ${row.original.startTime}`.trim(),
    }),
    column.accessor('signUpClose', { header: 'SIGN UPS CLOSE', cell: ({ getValue }) => formatDate(getValue()) }),
    column.accessor('status', {
      header: 'STATUS',
      cell: ({ getValue }) => (
        // A narrow table must not squeeze the status into "ACTI…": the badge keeps its whole word.
        <Badge color={STATUS_COLOR[getValue()]} variant="light" miw="max-content">
          {getValue()}
        </Badge>
      ),
    }),
    column.display({
      id: 'entries',
      header: 'ENTRIES',
      cell: ({ row }) => {
        const t = row.original;
        const predefined = predefinedEntryCount(t.definedEntries);
        return `${formatCount(entriesCount(t))} / ${formatCount(t.signUpLimit)}${predefined > 0 ? ` (${formatCount(predefined)} predefined)` : ''}`;
      },
    }),
    column.display({
      id: 'options',
      header: 'OPTIONS',
      cell: ({ row }) => <TournamentActionsMenu tournament={row.original} {...handlers} />,
    }),
  ];
}
