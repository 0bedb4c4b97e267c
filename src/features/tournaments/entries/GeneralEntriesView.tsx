import { Stack, Text } from '@mantine/core';
import type { Tournament } from '../../../api/contract/tournament';
import { getPublicEntries } from '../../../api/endpoints/tournaments';
import { DataLoader } from '../../../ui/DataLoader/DataLoader';
import { EntriesTable } from './EntriesTable';
import { entryColumns } from './entryColumns';

const noop = () => {};

/** A SWITCHEROO for players and guests: everyone who signed up (the public list, whatever the status). */
export function GeneralEntriesView({ tournament: t }: { tournament: Tournament }) {
  return (
    <DataLoader load={() => getPublicEntries(t.id)}>
      {(entries) => (
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            {t.status === 'OPEN' || t.status === 'CLOSED'
              ? `${entries.length} of ${t.signUpLimit} places taken. Players are paired into teams when sign-ups close.`
              : `${entries.length} entries.`}
          </Text>
          <EntriesTable
            label="Entries"
            entries={entries}
            columns={entryColumns(t, { staff: false, ranked: t.status === 'ACTIVE' || t.status === 'COMPLETED', onChanged: noop })}
            empty="Nobody has signed up yet"
          />
        </Stack>
      )}
    </DataLoader>
  );
}
