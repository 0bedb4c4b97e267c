import { Badge, Stack, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { Entry, type Tournament } from '../../../api/contract/tournament';
import { adminEntriesEndpoint } from '../../../api/endpoints/tournaments';
import { hasStarted } from '../../../domain/tournamentRules';
import type { Columns } from '../../../ui/DataTable/DataTable';
import { PagedTable } from '../../../ui/PagedTable/PagedTable';
import { usePagedList } from '../../../ui/PagedTable/usePagedList';
import { entryName } from '../../../domain/entryName';

const column = createColumnHelper<Entry>();

const COLUMNS: Columns<Entry> = [
  column.accessor((e) => entryName(e), { id: 'name', header: 'ENTRY' }),
  column.accessor((e) => e.playing === true, {
    id: 'playing',
    header: 'PLAYING',
    cell: ({ getValue }) =>
      getValue() ? (
        <Badge color="green">PLAYING</Badge>
      ) : (
        <Badge color="gray" variant="light">
          NOT PLAYING
        </Badge>
      ),
  }),
];

/**
 * The maps screen's entries with their "playing" flag (seasons-and-admin §3): the entries the bracket seeded, or, before
 * the start, those the start will seed; a SWITCHEROO player plays through the team they are paired into.
 */
export function MapsEntries({ tournament }: { tournament: Tournament }) {
  const list = usePagedList(adminEntriesEndpoint(tournament.id), Entry, { perPage: 10 });
  const { definedUsers, definedTeams } = tournament.definedEntries;
  const predefined = [...definedUsers, ...definedTeams].filter((e) => e.name.trim() !== '').length;
  return (
    <Stack gap="xs" component="section" aria-label="Entries" mt="xl" maw={600}>
      <PagedTable title="Entries" list={list} columns={COLUMNS} searchPrompt="Search entries" showTotal getRowId={(e) => String(e.id)} />
      <Text size="sm" c="dimmed">
        {hasStarted(tournament)
          ? 'PLAYING: seeded in the bracket.'
          : 'PLAYING: seeded in the bracket when the tournament starts (a SWITCHEROO player once paired into a team).'}
        {!hasStarted(tournament) && predefined > 0 && ` The ${predefined} predefined entries play too; they are listed once it starts.`}
      </Text>
    </Stack>
  );
}
