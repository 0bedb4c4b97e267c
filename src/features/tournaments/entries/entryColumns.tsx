import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'wouter';
import type { Entry, Tournament } from '../../../api/contract/tournament';
import type { Columns } from '../../../ui/DataTable/DataTable';
import { PlayerAvatar } from '../../../ui/PlayerAvatar/PlayerAvatar';
import { entryHref } from '../format';
import { EntryOptionsMenu } from './EntryOptionsMenu';
import { entryName } from '../../../domain/entryName';

function EntryName({ entry }: { entry: Entry }) {
  const name = entryName(entry);
  const team = !entry.userId;
  return (
    <Group gap="sm" wrap="nowrap">
      {team ? (
        <Avatar radius="sm" size="sm" color="clutch" alt="">
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
      ) : (
        <PlayerAvatar userId={entry.userId ?? undefined} name={name} picture={entry.users?.[0]?.picture} size="sm" />
      )}
      <Stack gap={0}>
        <Text fw={600}>{name}</Text>
        {team && entry.users && entry.users.length > 0 && (
          <Text size="xs" c="dimmed">
            {entry.users.map((u) => u.discordName).join(', ')}
          </Text>
        )}
        {entry.refunded && (
          <Text size="xs" c="yellow">
            Refunded
          </Text>
        )}
      </Stack>
    </Group>
  );
}

const column = createColumnHelper<Entry>();

interface ColumnOptions {
  /** ADMIN/OWNER get the options menu. */
  staff: boolean;
  /** Rank numbers (the results view). */
  ranked?: boolean;
  onChanged: () => void;
}

/** Entry lists: name, wins, losses, VIEW (player or team page) and, for staff, the options menu. */
export function entryColumns(t: Tournament, { staff, ranked, onChanged }: ColumnOptions): Columns<Entry> {
  const columns: Columns<Entry> = [
    column.accessor((e) => entryName(e), { id: 'name', header: 'NAME', cell: ({ row }) => <EntryName entry={row.original} /> }),
    column.accessor('wins', { header: 'WINS' }),
    column.accessor('losses', { header: 'LOSSES' }),
    column.display({
      id: 'view',
      header: '',
      cell: ({ row }) => {
        const href = entryHref(t.id, row.original);
        return href ? (
          <Button component={Link} href={href} size="xs" variant="light" aria-label={`View ${entryName(row.original)}`}>
            VIEW
          </Button>
        ) : null;
      },
    }),
  ];
  if (ranked) {
    columns.unshift(
      column.display({
        id: 'rank',
        header: '#',
        cell: ({ row, table }) => ((table.options.meta as { offset?: number } | undefined)?.offset ?? 0) + row.index + 1,
      }),
    );
  }
  if (staff) {
    columns.push(
      column.display({
        id: 'options',
        header: 'OPTIONS',
        cell: ({ row }) => <EntryOptionsMenu tournament={t} entry={row.original} onChanged={onChanged} />,
      }),
    );
  }
  return columns;
}
