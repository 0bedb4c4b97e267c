import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import type { UpcomingMatch } from '../../api/contract/team';
import { DateText } from '../../ui/DateText/DateText';

type Side = UpcomingMatch['teamA'];

/** Up to 3 upcoming matches per season (the server picks them), grouped under the season's name. */
export function TeamUpcomingMatches({ matches, teamId }: { matches: UpcomingMatch[]; teamId: number }) {
  const seasons = [...new Map(matches.map((m) => [m.seasonId, m.seasonName])).entries()];
  return (
    <Stack gap="sm" component="section" aria-label="Upcoming matches">
      <Title order={2} size="h3">
        Upcoming Matches
      </Title>
      {matches.length === 0 && <Text c="dimmed">This team has no upcoming matches</Text>}
      {seasons.map(([seasonId, seasonName]) => (
        <Stack key={seasonId} gap="xs" component="section" aria-label={seasonName}>
          <Title order={3} size="h5">
            {seasonName}
          </Title>
          {matches
            .filter((m) => m.seasonId === seasonId)
            .map((m) => (
              <Paper key={m.id} withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="wrap">
                  <Group gap="xs">
                    <SideName side={m.teamA} teamId={teamId} />
                    <Text c="dimmed">vs</Text>
                    <SideName side={m.teamB} teamId={teamId} />
                  </Group>
                  {m.dueByDate !== null && (
                    <Text size="sm" c="dimmed">
                      Due by <DateText value={m.dueByDate} />
                    </Text>
                  )}
                </Group>
              </Paper>
            ))}
        </Stack>
      ))}
    </Stack>
  );
}

/** The opponent links to its team page; this team and a side still to be decided are plain text. */
function SideName({ side, teamId }: { side: Side; teamId: number }) {
  if (!side) return <Text fw={600}>???</Text>;
  if (side.id === teamId) return <Text fw={600}>{side.name}</Text>;
  return (
    <Anchor component={Link} href={`/teams/${side.id}`} fw={600}>
      {side.name}
    </Anchor>
  );
}
