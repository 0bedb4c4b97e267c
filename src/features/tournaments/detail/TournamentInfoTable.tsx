import { Paper, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Tournament } from '../../../api/contract/tournament';
import { PLATFORM_LABELS } from '../../../domain/constants';
import { formatDate } from '../../../domain/dates';
import { formatCount } from '../../../domain/counts';
import { entriesCount } from '../../../domain/tournamentRules';
import { formatFee, typeLabel } from '../../../domain/tournamentLabels';
import { teamSizeLabel } from '../format';

/** The facts of a tournament as a two-column table. */
export function TournamentInfoTable({ tournament: t }: { tournament: Tournament }) {
  const rows: [string, ReactNode][] = [
    ['Start date', `${formatDate(t.startDate)} ${t.startTime}`.trim()],
    ['End date', formatDate(t.endDate)],
    ['Sign-ups close', formatDate(t.signUpClose)],
    ['Entry fee', formatFee(t.entryFee)],
    ['Type', typeLabel(t)],
    ['Team size', teamSizeLabel(t)],
    ['Sign-up limit', t.signUpLimit],
    ['Entries', formatCount(entriesCount(t))],
    ['Platforms', t.platforms.map((p) => PLATFORM_LABELS[p]).join(', ')],
    ['Host', t.host],
    ['Prize pool', t.prizePoolInfo],
    ['Status', t.status],
  ];
  return (
    <Paper withBorder radius="md">
      <Table verticalSpacing="xs" aria-label="Tournament information">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w="42%">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
