import { Group, Text, Tooltip } from '@mantine/core';

const MEDALS = [
  { key: 'bronze', label: 'Bronze', color: '#cd7f32' },
  { key: 'silver', label: 'Silver', color: '#c0c0c0' },
  { key: 'gold', label: 'Gold', color: '#ffd43b' },
] as const;

/** Trophy counts in the spec's order: bronze, silver, gold. */
export function Trophies({ bronze, silver, gold }: { bronze: number; silver: number; gold: number }) {
  const counts = { bronze, silver, gold };
  return (
    <Group gap={10} wrap="nowrap">
      {MEDALS.map((m) => (
        <Tooltip key={m.key} label={`${m.label} trophies`}>
          <Text size="sm" aria-label={`${counts[m.key]} ${m.label.toLowerCase()}`} c={counts[m.key] ? undefined : 'dimmed'}>
            <span aria-hidden style={{ color: m.color }}>
              ●
            </span>{' '}
            {counts[m.key]}
          </Text>
        </Tooltip>
      ))}
    </Group>
  );
}
