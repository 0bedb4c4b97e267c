import { Paper, Stack, Text, Title } from '@mantine/core';
import type { TournamentStatus } from '../../domain/constants';
import { hasStarted } from '../../domain/tournamentRules';

/** A tournament without a bracket: before it starts, or a completed one whose bracket was not kept. */
export function EmptyBracket({ status }: { status: TournamentStatus }) {
  const started = hasStarted({ status });
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs">
        <Title order={2} size="h3">
          {started ? 'No bracket to show' : 'No bracket yet'}
        </Title>
        <Text c="dimmed" ta="center">
          {started ? 'This tournament has no bracket on record.' : 'The bracket appears when the tournament starts.'}
        </Text>
      </Stack>
    </Paper>
  );
}
