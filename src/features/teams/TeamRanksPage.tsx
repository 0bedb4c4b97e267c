import { Anchor, Avatar, Button, Group } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'wouter';
import { TeamSummary } from '../../api/contract/team';
import { PagedTable } from '../../ui/PagedTable/PagedTable';
import { usePagedList } from '../../ui/PagedTable/usePagedList';
import { Trophies } from '../../ui/Trophies/Trophies';
import { PageTitle } from '../../ui/PageTitle/PageTitle';

const column = createColumnHelper<TeamSummary>();
const columns = [
  column.accessor('name', {
    header: 'NAME',
    cell: ({ row }) => (
      <Group gap="sm" wrap="nowrap">
        <Avatar src={row.original.logoUrl} alt="" radius="sm" size="sm">
          {row.original.name.slice(0, 1)}
        </Avatar>
        <Anchor component={Link} href={`/teams/${row.original.id}`} fw={600}>
          {row.original.name}
        </Anchor>
      </Group>
    ),
  }),
  column.accessor('wins', { header: 'WINS' }),
  column.accessor('losses', { header: 'LOSSES' }),
  column.display({ id: 'trophies', header: 'TROPHIES', cell: ({ row }) => <Trophies {...row.original} /> }),
  column.display({
    id: 'view',
    header: '',
    cell: ({ row }) => (
      <Button component={Link} href={`/teams/${row.original.id}`} size="xs" variant="light" aria-label={`View ${row.original.name}`}>
        VIEW
      </Button>
    ),
  }),
];

/** TEAM RANKS: paged and searchable. */
export function TeamRanksPage() {
  const list = usePagedList('/team', TeamSummary);
  return (
    <>
      <PageTitle documentTitle="Team Ranks">TEAM RANKS</PageTitle>
      <PagedTable list={list} columns={columns} searchPrompt="Search teams" getRowId={(t) => String(t.id)} />
    </>
  );
}
