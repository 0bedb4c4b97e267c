import { Group, Stack } from '@mantine/core';
import type { Team } from '../../api/contract/team';
import { TeamRoster } from '../../shared/teams/TeamRoster';
import { TeamHeader } from '../../shared/teams/TeamHeader';
import { TeamUpcomingMatches } from './TeamUpcomingMatches';
import { TeamProfileActions } from './TeamProfileActions';
import { AddToCalendarMenu } from '../../ui/AddToCalendar/AddToCalendarMenu';

/** Logo, name, active seasons, wins, losses, the roster (captain first) and the upcoming matches per season. */
export function TeamProfile({ team, reload }: { team: Team; reload: () => void }) {
  return (
    <Stack gap="xl">
      <title>{`${team.name} · Clutch`}</title>
      <TeamHeader
        name={team.name}
        logoUrl={team.logoUrl}
        actions={
          <Group gap="sm">
            <TeamProfileActions team={team} reload={reload} />
            <AddToCalendarMenu owner="team" id={team.id} name={team.name} />
          </Group>
        }
        stats={[
          { label: 'Active Seasons', value: team.activeSeasons },
          { label: 'Wins', value: team.wins },
          { label: 'Losses', value: team.losses },
        ]}
      />
      <TeamRoster users={team.users} />
      <TeamUpcomingMatches matches={team.upcomingMatches} teamId={team.id} />
    </Stack>
  );
}
