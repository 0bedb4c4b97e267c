import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The "nothing here" line of a list ("No Upcoming Tournaments"). */
export function EmptyMessage({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Text ta="center" c="dimmed" fw={600} role="status">
        {children}
      </Text>
    </Paper>
  );
}
