import { Anchor, Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import type { UserTeam } from '../../../api/contract/tournament';
import { PlayerAvatar } from '../../../ui/PlayerAvatar/PlayerAvatar';

/** The viewer's registered team in this tournament, its members and a View Team link. */
export function UserTeamCard({ tournamentId, team }: { tournamentId: number; team: UserTeam }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Your team">
      <Group justify="space-between" mb="sm">
        <Group gap="sm">
          <Avatar src={team.logoUrl} alt="" radius="sm" size="lg">
            {team.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Your team
            </Text>
            <Title order={3} size="h4">
              {team.name}
            </Title>
          </Stack>
        </Group>
        <Button component={Link} href={`/tournaments/${tournamentId}/${team.id}`} variant="light" size="xs">
          View Team
        </Button>
      </Group>
      <Stack gap="xs">
        {team.users.map((m) => (
          <Group key={m.id} gap="sm" wrap="nowrap">
            <PlayerAvatar userId={m.id} name={m.discordName} picture={m.picture} size="sm" />
            <Anchor component={Link} href={`/players/${m.id}`} c="inherit">
              {m.discordName}
            </Anchor>
            {m.teamRole && (
              <Badge size="xs" variant={m.teamRole === 'CAPTAIN' ? 'filled' : 'light'}>
                {m.teamRole}
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
