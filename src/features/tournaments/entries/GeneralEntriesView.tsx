import { Stack, Text } from '@mantine/core';
import type { Tournament } from '../../../api/contract/tournament';
import { getPublicEntries } from '../../../api/endpoints/tournaments';
import { DataLoader } from '../../../ui/DataLoader/DataLoader';
import { EntriesTable } from './EntriesTable';
import { entryColumns } from './entryColumns';
import { hasStarted } from './entriesView';
import { ResultsView } from './ResultsView';

const noop = () => {};

/**
 * A SWITCHEROO for players and guests (the public list, whatever the status): everyone who signed up before it
 * starts; the teams' standings and the players once it has.
 */
export function GeneralEntriesView({ tournament: t }: { tournament: Tournament }) {
  if (hasStarted(t)) return <ResultsView tournament={t} staff={false} />;
  return (
    <DataLoader load={() => getPublicEntries(t.id)}>
      {(entries) => (
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            {`${entries.length} of ${t.signUpLimit} places taken. Players are paired into teams when sign-ups close.`}
          </Text>
          <EntriesTable
            label="Entries"
            entries={entries}
            columns={entryColumns(t, { staff: false, onChanged: noop })}
            empty="Nobody has signed up yet"
          />
        </Stack>
      )}
    </DataLoader>
  );
}
