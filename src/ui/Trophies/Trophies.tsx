import { Group, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';

const MEDALS = [
  { key: 'bronze', label: 'Bronze', color: '#cd7f32' },
  { key: 'silver', label: 'Silver', color: '#c0c0c0' },
  { key: 'gold', label: 'Gold', color: '#ffd43b' },
] as const;

/**
 * One medal's count; its tooltip ("Gold trophies") is made when the pointer first comes over it, not with the page:
 * a ranks page has three per row, each a set of floating-ui hooks run on the first render for a hint few look at.
 */
function Medal({ medal, count }: { medal: (typeof MEDALS)[number]; count: number }) {
  const [hovered, setHovered] = useState(false);
  const text = (
    <Text size="sm" aria-label={`${count} ${medal.label.toLowerCase()}`} c={count ? undefined : 'dimmed'} onPointerEnter={hovered ? undefined : () => setHovered(true)}>
      <span aria-hidden style={{ color: medal.color }}>
        ●
      </span>{' '}
      {count}
    </Text>
  );
  return hovered ? (
    <Tooltip label={`${medal.label} trophies`} defaultOpened>
      {text}
    </Tooltip>
  ) : (
    text
  );
}

/** Trophy counts in the spec's order: bronze, silver, gold. */
export function Trophies({ bronze, silver, gold }: { bronze: number; silver: number; gold: number }) {
  const counts = { bronze, silver, gold };
  return (
    <Group gap={10} wrap="nowrap">
      {MEDALS.map((m) => (
        <Medal key={m.key} medal={m} count={counts[m.key]} />
      ))}
    </Group>
  );
}
