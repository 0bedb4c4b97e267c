import { Group, Loader, Text } from '@mantine/core';
import type { LiveConnection } from '../../../machines/flows/liveEvents';

/** "Reconnecting…" while a page's live stream is down (what it shows may be behind until it catches up). */
export function LiveStatus({ connection }: { connection: LiveConnection | null }) {
  if (connection !== 'reconnecting') return null;
  return (
    <Group gap={6} role="status" aria-live="polite">
      <Loader size={12} />
      <Text size="sm" c="dimmed">
        Reconnecting…
      </Text>
    </Group>
  );
}
