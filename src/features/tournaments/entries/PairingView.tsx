import { Paper, Text } from '@mantine/core';
import type { Tournament } from '../../../api/contract/tournament';

/** ADMIN/OWNER, CLOSED SWITCHEROO: the pairing screen (drag sign-ups into team slots). */
export function PairingView({ tournament: t }: { tournament: Tournament }) {
  return (
    <section aria-label="Pairing">
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed">The pairing screen for {t.title} is not available yet.</Text>
      </Paper>
    </section>
  );
}
