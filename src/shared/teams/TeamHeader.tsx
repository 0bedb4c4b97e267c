import { Avatar, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Stat } from '../../ui/Stat/Stat';

interface TeamHeaderProps {
  name: string;
  logoUrl: string | null;
  /** Under the name (a temporary team's tournament). */
  subtitle?: ReactNode;
  /** On the right: what the viewer may do with the team. */
  actions: ReactNode;
  /** The team's numbers under the header. */
  stats: { label: string; value: number }[];
}

/** The head of a team page (league or tournament team): logo, name, the viewer's actions, and the team's numbers. */
export function TeamHeader({ name, logoUrl, subtitle, actions, stats }: TeamHeaderProps) {
  return (
    <>
      <Group justify="space-between" align="start" wrap="wrap">
        <Group gap="lg" wrap="nowrap">
          <Avatar src={logoUrl} alt={`${name} logo`} size={96} radius="md" color="clutch">
            <Text fz={40} fw={800}>
              {name.slice(0, 1).toUpperCase()}
            </Text>
          </Avatar>
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {name}
            </Title>
            {subtitle}
          </Stack>
        </Group>
        {actions}
      </Group>
      <SimpleGrid cols={stats.length} maw={180 * stats.length}>
        {stats.map((s) => (
          <Stat key={s.label} {...s} />
        ))}
      </SimpleGrid>
    </>
  );
}
