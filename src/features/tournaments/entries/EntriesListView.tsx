import { Stack, Text } from '@mantine/core';
import { Entry, type Tournament } from '../../../api/contract/tournament';
import { adminEntriesEndpoint } from '../../../api/endpoints/tournaments';
import { PagedTable } from '../../../ui/PagedTable/PagedTable';
import { usePagedList } from '../../../ui/PagedTable/usePagedList';
import { entryColumns } from './entryColumns';

/** Entries of a tournament without sign-ups, before it starts: the paged, searchable admin list. */
export function EntriesListView({ tournament: t, staff }: { tournament: Tournament; staff: boolean }) {
  const list = usePagedList(adminEntriesEndpoint(t.id), Entry);
  const columns = entryColumns(t, { staff, onChanged: list.reload });
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Sign-ups are turned off for this tournament: its entries are set by the staff.
      </Text>
      <PagedTable list={list} columns={columns} searchPrompt="Search entries" showTotal getRowId={(e) => String(e.id)} />
    </Stack>
  );
}
