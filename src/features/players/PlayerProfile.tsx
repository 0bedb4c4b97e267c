import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import type { Team } from '../../api/contract/team';
import type { User } from '../../api/contract/user';
import { PlayerAvatar } from '../../ui/PlayerAvatar/PlayerAvatar';
import { Trophies } from '../../ui/Trophies/Trophies';
import { DateText } from '../../ui/DateText/DateText';
import { useSessionUser } from '../../ui/session';
import { Stat } from '../../ui/Stat/Stat';
import { ProfileForm } from './ProfileForm';
import { CreateTeamButton } from '../../shared/teams/CreateTeamButton';
import { AddToCalendarMenu } from '../../ui/AddToCalendar/AddToCalendarMenu';

export interface ProfileData {
  user: User;
  team: Team | null;
}

/** A player's public profile: rank, record, trophies, socials, team and links; their own form when it is them. */
export function PlayerProfile({ data: { user, team }, reload }: { data: ProfileData; reload: () => void }) {
  const viewer = useSessionUser();
  return (
    <Stack gap="xl">
      <title>{`${user.discordName} · Clutch`}</title>
      <Group gap="lg" wrap="nowrap">
        <PlayerAvatar userId={user.id} name={user.discordName} picture={user.picture} size={96} />
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {user.discordName}
            </Title>
            {user.freeAgent && <Badge variant="light">FREE AGENT</Badge>}
          </Group>
          <Text c="dimmed">Activision ID: {user.battleTag ?? 'not set'}</Text>
          <Text size="sm" c="dimmed">
            Joined <DateText value={user.joined} withTime />
          </Text>
        </Stack>
      </Group>
      <SimpleGrid cols={3} maw={540}>
        <Stat label="KR" value={Math.round(user.katanaRank)} />
        <Stat label="Wins" value={user.wins} />
        <Stat label="Losses" value={user.losses} />
      </SimpleGrid>
      <Group gap="sm">
        <Text fw={600}>Trophies</Text>
        <Trophies {...user} />
      </Group>
      <Socials user={user} />
      <Paper withBorder radius="md" p="md" component="section" aria-label="Team">
        <Title order={2} size="h4" mb="xs">
          Team
        </Title>
        {team ? (
          <Anchor component={Link} href={`/teams/${team.id}`} fw={600}>
            {team.name}
          </Anchor>
        ) : (
          <Group justify="space-between">
            <Text c="dimmed">Not in a team</Text>
            {viewer?.id === user.id && <CreateTeamButton />}
          </Group>
        )}
      </Paper>
      <Group gap="sm">
        <Button component={Link} href={`/players/${user.id}/past-tournaments`} variant="light">
          Past Tournaments
        </Button>
        <Button component={Link} href="/tournaments/hall-of-fame" variant="light">
          Hall of Fame
        </Button>
        <Button component={Link} href="/players/player-cards" variant="light">
          Player Cards
        </Button>
        <AddToCalendarMenu owner="user" id={user.id} name={user.discordName} />
      </Group>
      {viewer?.id === user.id && <ProfileForm user={user} onSaved={reload} />}
    </Stack>
  );
}

const SOCIALS = [
  { key: 'twitterHandle', label: 'Twitter', url: (v: string) => `https://x.com/${handle(v)}` },
  { key: 'twitchName', label: 'Twitch', url: (v: string) => `https://twitch.tv/${handle(v)}` },
  { key: 'youtubeChannel', label: 'YouTube', url: (v: string) => `https://youtube.com/@${handle(v)}` },
] as const;

/** A handle as a URL path segment, without a leading @. */
const handle = (v: string) => encodeURIComponent(v.replace(/^@/, ''));

function Socials({ user }: { user: User }) {
  const set = SOCIALS.filter((s) => user[s.key]);
  if (set.length === 0) return null;
  return (
    <Group gap="md" aria-label="Socials">
      {set.map((s) => (
        <Anchor key={s.key} href={s.url(user[s.key] as string)} target="_blank" rel="noopener noreferrer">
          {s.label}: {user[s.key]}
        </Anchor>
      ))}
    </Group>
  );
}
