import { Alert, Button, Group, Stack } from '@mantine/core';
import { Link } from 'wouter';
import type { Tournament } from '../../../api/contract/tournament';
import { DataLoader } from '../../../ui/DataLoader/DataLoader';
import { EntriesTable } from './EntriesTable';
import { entryColumns } from './entryColumns';
import { loadEntries } from './loadEntries';

/** A tournament in play or finished: entries ranked by record, the winner, and the way to the bracket. */
export function ResultsView({ tournament: t, staff }: { tournament: Tournament; staff: boolean }) {
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        {t.status === 'COMPLETED' && t.winningEntryName ? (
          <Alert color="yellow" variant="light" title="Winner" py="xs">
            {t.winningEntryName}
          </Alert>
        ) : (
          <span />
        )}
        <Button component={Link} href={`/tournaments/${t.id}`} variant="light">
          BRACKET
        </Button>
      </Group>
      <DataLoader load={() => loadEntries(t)}>
        {(entries, reload) => (
          <EntriesTable
            label="Standings"
            entries={entries}
            columns={entryColumns(t, { staff, ranked: true, onChanged: reload })}
            empty="This tournament has no entries"
          />
        )}
      </DataLoader>
    </Stack>
  );
}
