import { Anchor, Avatar, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import type { TemporaryTeamDetail } from '../../../api/contract/team';
import { TeamRoster } from './TeamRoster';
import { TeamPageActions } from './TeamPageActions';

interface TournamentTeamProps {
  team: TemporaryTeamDetail;
  reload: () => void;
}

/** Logo, name, the tournament (links to its details), wins, losses, the roster and the team's actions. */
export function TournamentTeam({ team, reload }: TournamentTeamProps) {
  return (
    <Stack gap="xl">
      <title>{`${team.name} · ${team.tournament.title} · Clutch`}</title>
      <Group justify="space-between" align="start" wrap="wrap">
        <Group gap="lg" wrap="nowrap">
          <Avatar src={team.logoUrl} alt={`${team.name} logo`} size={96} radius="md" color="clutch">
            <Text fz={40} fw={800}>
              {team.name.slice(0, 1).toUpperCase()}
            </Text>
          </Avatar>
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {team.name}
            </Title>
            <Anchor component={Link} href={`/tournaments/${team.tournament.id}/details`} fw={600}>
              {team.tournament.title}
            </Anchor>
          </Stack>
        </Group>
        <TeamPageActions team={team} reload={reload} />
      </Group>
      <SimpleGrid cols={2} maw={360}>
        <Stat label="Wins" value={team.wins} />
        <Stat label="Losses" value={team.losses} />
      </SimpleGrid>
      <TeamRoster users={team.users} substitutes={team.tournament.tournamentType === 'SWITCHEROO' ? team.freeSubstitutes : []} />
    </Stack>
  );
}

/** A big number with its label under it (team pages). */
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
