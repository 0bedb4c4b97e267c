import { Anchor, Group, SegmentedControl, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'wouter';
import { User } from '../../api/contract/user';
import { PagedTable } from '../../ui/PagedTable/PagedTable';
import { usePagedList } from '../../ui/PagedTable/usePagedList';
import { PlayerAvatar } from '../../ui/PlayerAvatar/PlayerAvatar';
import { Trophies } from '../../ui/Trophies/Trophies';
import { PageTitle } from '../../ui/PageTitle/PageTitle';

const column = createColumnHelper<User>();
const columns = [
  column.display({
    id: 'rank',
    header: '#',
    cell: ({ row, table }) => {
      const meta = table.options.meta as { offset: number } | undefined;
      return (meta?.offset ?? 0) + row.index + 1;
    },
  }),
  column.accessor('discordName', {
    header: 'PLAYER',
    cell: ({ row }) => (
      <Group gap="sm" wrap="nowrap">
        <PlayerAvatar userId={row.original.id} name={row.original.discordName} picture={row.original.picture} size="sm" />
        <Anchor component={Link} href={`/players/${row.original.id}`} fw={600}>
          {row.original.discordName}
        </Anchor>
      </Group>
    ),
  }),
  column.accessor('katanaRank', { header: 'KR', cell: (c) => <Text fw={700}>{Math.round(c.getValue())}</Text> }),
  column.accessor('wins', { header: 'WINS' }),
  column.accessor('losses', { header: 'LOSSES' }),
  column.display({ id: 'trophies', header: 'TROPHIES', cell: ({ row }) => <Trophies {...row.original} /> }),
];

/** PLAYER RANKS: every player by rank, searchable, with a free-agent filter. */
export function PlayerRanksPage() {
  const list = usePagedList('/user', User);
  const filter = list.extra.freeAgent === true ? 'free' : 'all';
  return (
    <>
      <PageTitle documentTitle="Player Ranks">PLAYER RANKS</PageTitle>
      <PagedTable
        list={list}
        columns={columns}
        searchPrompt="Search players"
        getRowId={(u) => String(u.id)}
        filters={
          <SegmentedControl
            aria-label="Filter players"
            value={filter}
            onChange={(v) => list.setExtra(v === 'free' ? { freeAgent: true } : {})}
            data={[
              { value: 'all', label: 'All players' },
              { value: 'free', label: 'Free agents' },
            ]}
          />
        }
      />
    </>
  );
}
