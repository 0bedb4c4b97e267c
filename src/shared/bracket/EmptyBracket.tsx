import { Paper, Stack, Text, Title } from '@mantine/core';
import type { TournamentStatus } from '../../domain/constants';
import { hasStarted } from '../../domain/tournamentRules';

function NoBracket({ title, text }: { title: string; text: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed" ta="center">
          {text}
        </Text>
      </Stack>
    </Paper>
  );
}

/** A tournament without a bracket: before it starts, or a completed one whose bracket was not kept. */
export function EmptyBracket({ status }: { status: TournamentStatus }) {
  return hasStarted({ status }) ? (
    <NoBracket title="No bracket to show" text="This tournament has no bracket on record." />
  ) : (
    <NoBracket title="No bracket yet" text="The bracket appears when the tournament starts." />
  );
}

/** A league division before its playoffs exist. */
export function EmptyPlayoffs() {
  return <NoBracket title="No playoff bracket yet" text="The bracket appears when the group stage ends." />;
}
