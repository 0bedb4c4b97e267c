import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { Tournament } from '../../../api/contract/tournament';
import { formatDate } from '../../../domain/dates';
import { signupsOpen } from '../../../domain/tournamentRules';
import { DataLoader } from '../../../ui/DataLoader/DataLoader';
import { EntriesTable } from './EntriesTable';
import { entryColumns } from './entryColumns';
import { loadEntries } from './loadEntries';

/** Sign-ups: how many places are taken, when sign-ups close, and everyone who signed up. */
export function SignupView({ tournament: t, staff }: { tournament: Tournament; staff: boolean }) {
  return (
    <DataLoader load={() => loadEntries(t)}>
      {(entries, reload) => {
        const counted = entries.filter((e) => !e.refunded).length;
        const open = signupsOpen(t, Date.now());
        return (
          <Stack gap="lg">
            <Paper withBorder radius="md" p="md">
              <Group justify="space-between" mb="xs">
                <Title order={2} size="h4">
                  Sign-ups
                </Title>
                <Text fw={700} aria-label="Places taken">
                  {counted} / {t.signUpLimit}
                </Text>
              </Group>
              <Progress value={Math.min(100, (counted / Math.max(1, t.signUpLimit)) * 100)} aria-label="Places taken" />
              <Text size="sm" c="dimmed" mt="xs">
                {open ? `Sign-ups close on ${formatDate(t.signUpClose)}.` : 'Sign-ups are closed.'}
              </Text>
            </Paper>
            <EntriesTable
              label="Sign-ups"
              entries={entries}
              columns={entryColumns(t, { staff, onChanged: reload })}
              empty="Nobody has signed up yet"
            />
          </Stack>
        );
      }}
    </DataLoader>
  );
}
