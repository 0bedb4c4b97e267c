import { Paper, Text } from '@mantine/core';

/** A big number with its label under it (team and player pages). */
export function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder radius="md" p="md" ta="center">
      <Text fz={28} fw={800} aria-label={`${label}: ${value}`}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} aria-hidden>
        {label}
      </Text>
    </Paper>
  );
}
