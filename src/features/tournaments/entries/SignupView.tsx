import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { Tournament } from '../../../api/contract/tournament';
import { getAdminEntries } from '../../../api/endpoints/tournaments';
import { formatDate } from '../../../domain/dates';
import { signupsOpen } from '../../../domain/tournamentRules';
import { DataLoader } from '../../../ui/DataLoader/DataLoader';
import { entriesCount } from '../../../domain/tournamentLabels';
import { EntriesTable } from './EntriesTable';
import { entryColumns } from './entryColumns';
import { hasStarted } from './entriesView';
import { ResultsView } from './ResultsView';

/**
 * Sign-ups: how many places are taken, when sign-ups close, and everyone who signed up (staff, from the admin list).
 * Once the tournament has started, the standings and the bracket link take the place of the sign-up list.
 */
export function SignupView({ tournament: t, staff }: { tournament: Tournament; staff: boolean }) {
  if (hasStarted(t)) {
    return (
      <Stack gap="lg">
        <SignupSummary tournament={t} taken={entriesCount(t)} />
        <ResultsView tournament={t} staff={staff} />
      </Stack>
    );
  }
  return (
    // Before the start the list is bounded by the sign-up limit: it is read whole.
    <DataLoader load={() => getAdminEntries(t.id)}>
      {(entries, reload) => (
        <Stack gap="lg">
          <SignupSummary tournament={t} taken={entries.filter((e) => !e.refunded).length} />
          <EntriesTable label="Sign-ups" entries={entries} columns={entryColumns(t, { staff, onChanged: reload })} empty="Nobody has signed up yet" />
        </Stack>
      )}
    </DataLoader>
  );
}

function SignupSummary({ tournament: t, taken }: { tournament: Tournament; taken: number }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Sign-ups
        </Title>
        <Text fw={700} aria-label="Places taken">
          {taken} / {t.signUpLimit}
        </Text>
      </Group>
      <Progress value={Math.min(100, (taken / Math.max(1, t.signUpLimit)) * 100)} aria-label="Places taken" />
      <Text size="sm" c="dimmed" mt="xs">
        {signupsOpen(t, Date.now()) ? `Sign-ups close on ${formatDate(t.signUpClose)}.` : 'Sign-ups are closed.'}
      </Text>
    </Paper>
  );
}
