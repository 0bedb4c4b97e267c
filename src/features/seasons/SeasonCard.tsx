import { Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import type { Season } from '../../api/contract/season';
import { countOf } from '../../domain/counts';
import { formatDate } from '../../domain/dates';
import { seasonWeeks } from '../../domain/season/seasonDates';
import { isStaffRole, useSessionUser } from '../../ui/session';
import { SITE_ARTWORK } from '../../ui/siteArtwork';
import { useSiteImage } from '../../ui/siteImages';
import { formatEuros } from '../../domain/formatEuros';
import { JoinSeason } from './JoinSeason';

/**
 * A season in the list: name, start date, length, fee and teams; Join Season while OPEN, Divisions while it is
 * being played, View Ranks once COMPLETE; Teams for staff.
 */
export function SeasonCard({ season: s, reload }: { season: Season; reload: () => void }) {
  const user = useSessionUser();
  const image = useSiteImage('SEASON_IMAGE') ?? SITE_ARTWORK.SEASON_IMAGE!;
  const page = `/seasons/${s.id}`;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={s.name}>
      <Group wrap="nowrap" align="start" gap="md">
        {/* The season image slot (170x209), shown at half size. */}
        <Image src={image} alt="" w={85} h={105} radius="sm" style={{ flexShrink: 0 }} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" align="start">
            <Text component={Link} href={page} fw={800} size="lg" lineClamp={2}>
              {s.name}
            </Text>
            <Badge variant="light" miw="max-content" style={{ flexShrink: 0 }}>
              {s.seasonType}
            </Badge>
          </Group>
          <Text size="sm">
            Starts {formatDate(s.startDate)} · {seasonWeeks(s.startDate, s.grandFinalDueBy)} weeks
          </Text>
          <Text size="sm" c="dimmed">
            Entry fee {formatEuros(s.entryFee)} · {countOf(s.joinedTeamsCount, 'team')}
          </Text>
          <Text size="sm" lineClamp={3}>
            {s.prizePoolInfo}
          </Text>
        </Stack>
      </Group>
      <Group mt="md" gap="xs">
        {isStaffRole(user?.role) && (
          <Button component={Link} href={`${page}/teams`} variant="default" size="xs">
            Teams
          </Button>
        )}
        {s.seasonType === 'OPEN' ? (
          <JoinSeason season={s} reload={reload} />
        ) : (
          <Button component={Link} href={page} variant="light" size="xs">
            {s.seasonType === 'COMPLETE' ? 'View Ranks' : 'Divisions'}
          </Button>
        )}
      </Group>
    </Card>
  );
}
