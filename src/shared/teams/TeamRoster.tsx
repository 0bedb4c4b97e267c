import { Anchor, Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import type { TeamMember } from '../../api/contract/team';
import { PlayerAvatar } from '../../ui/PlayerAvatar/PlayerAvatar';

/**
 * Members (captain first, as the server sends them) with their CAPTAIN or PLAYER badge and rank, each linking to their
 * profile; SWITCHEROO tournament teams also list free substitutes (rank "???"). Used by tournament and league teams.
 */
export function TeamRoster({ users, substitutes = [] }: { users: TeamMember[]; substitutes?: string[] }) {
  return (
    <Stack gap="sm" component="section" aria-label="Roster">
      <Title order={2} size="h3">
        Roster
      </Title>
      {users.length === 0 && <Text c="dimmed">All members have left this team.</Text>}
      {users.length + substitutes.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {users.map((m) => (
            <Paper key={m.id} withBorder radius="md" p="sm" component="li">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap">
                  <PlayerAvatar userId={m.id} name={m.discordName} picture={m.picture} />
                  <Anchor component={Link} href={`/players/${m.id}`} fw={600} c="inherit">
                    {m.discordName}
                  </Anchor>
                  <Badge size="sm" variant={m.teamRole === 'CAPTAIN' ? 'filled' : 'light'}>
                    {m.teamRole === 'CAPTAIN' ? 'CAPTAIN' : 'PLAYER'}
                  </Badge>
                </Group>
                <Text fw={700} aria-label={`Rank ${Math.round(m.katanaRank)}`}>
                  <Text span size="xs" c="dimmed" fw={600} mr={6} aria-hidden>
                    KR
                  </Text>
                  {Math.round(m.katanaRank)}
                </Text>
              </Group>
            </Paper>
          ))}
          {substitutes.map((name, i) => (
            <Paper key={`sub-${i}`} withBorder radius="md" p="sm" component="li" aria-label={`Free substitute ${name}`}>
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap">
                  <Avatar radius="xl" color="gray">
                    {name.slice(0, 1).toUpperCase()}
                  </Avatar>
                  <Text fw={600}>{name}</Text>
                  <Badge size="sm" color="gray" variant="outline">
                    FREE SUBSTITUTE
                  </Badge>
                </Group>
                <Text fw={700} c="dimmed" aria-label="Rank ???">
                  <Text span size="xs" fw={600} mr={6} aria-hidden>
                    KR
                  </Text>
                  ???
                </Text>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
