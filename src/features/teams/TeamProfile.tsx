import { Avatar, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Team } from '../../api/contract/team';
import { Stat } from '../tournaments/team/TournamentTeam';
import { TeamRoster } from '../tournaments/team/TeamRoster';
import { TeamUpcomingMatches } from './TeamUpcomingMatches';
import { TeamProfileActions } from './TeamProfileActions';

/** Logo, name, active seasons, wins, losses, the roster (captain first) and the upcoming matches per season. */
export function TeamProfile({ team, reload }: { team: Team; reload: () => void }) {
  return (
    <Stack gap="xl">
      <title>{`${team.name} · Clutch`}</title>
      <Group justify="space-between" align="start" wrap="wrap">
        <Group gap="lg" wrap="nowrap">
          <Avatar src={team.logoUrl} alt={`${team.name} logo`} size={96} radius="md" color="clutch">
            <Text fz={40} fw={800}>
              {team.name.slice(0, 1).toUpperCase()}
            </Text>
          </Avatar>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {team.name}
          </Title>
        </Group>
        <TeamProfileActions team={team} reload={reload} />
      </Group>
      <SimpleGrid cols={3} maw={540}>
        <Stat label="Active Seasons" value={team.activeSeasons} />
        <Stat label="Wins" value={team.wins} />
        <Stat label="Losses" value={team.losses} />
      </SimpleGrid>
      <TeamRoster users={team.users} />
      <TeamUpcomingMatches matches={team.upcomingMatches} teamId={team.id} />
    </Stack>
  );
}
