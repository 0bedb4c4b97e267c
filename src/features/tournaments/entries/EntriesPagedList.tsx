import { Stack, Title } from '@mantine/core';
import { Entry, type Tournament } from '../../../api/contract/tournament';
import { publicEntriesEndpoint, type EntryKind } from '../../../api/endpoints/tournaments';
import { PagedTable } from '../../../ui/PagedTable/PagedTable';
import { usePagedList } from '../../../ui/PagedTable/usePagedList';
import { entryColumns } from './entryColumns';

interface EntriesPagedListProps {
  tournament: Tournament;
  /** The section's heading and accessible name ("Standings", "Teams", "Players"). */
  label: string;
  staff: boolean;
  /** Number the rows by record (not while searching: a hit's place in the results is not its rank). */
  ranked: boolean;
  kind?: EntryKind;
}

/**
 * One public entries list of a started tournament, a page at a time (a bracket can hold a thousand entries),
 * searchable, with its total.
 */
export function EntriesPagedList({ tournament: t, label, staff, ranked, kind }: EntriesPagedListProps) {
  const list = usePagedList(publicEntriesEndpoint(t.id), Entry, kind ? { extra: { kind } } : {});
  const columns = entryColumns(t, { staff, ranked: ranked && list.search.trim() === '', onChanged: list.reload });
  return (
    <Stack gap="sm" component="section" aria-label={label}>
      <Title order={2} size="h4">
        {label}
      </Title>
      <PagedTable list={list} columns={columns} searchPrompt={`Search ${label.toLowerCase()}`} showTotal getRowId={(e) => String(e.id)} />
    </Stack>
  );
}
