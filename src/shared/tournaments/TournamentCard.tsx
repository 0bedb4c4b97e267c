import { Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import type { Tournament } from '../../api/contract/tournament';
import { GAME_LABELS } from '../../domain/constants';
import { formatDate } from '../../domain/dates';
import { isStaffRole, useSessionUser } from '../../ui/session';
import { SITE_ARTWORK } from '../../ui/siteArtwork';
import { useSiteImage } from '../../ui/siteImages';
import { formatCount } from '../../domain/counts';
import { entriesCount, registrationState } from '../../domain/tournamentRules';
import { formatFee, typeLabel } from '../../domain/tournamentLabels';
import { RegistrationBadge } from './registration/RegistrationBadge';
import classes from './TournamentCard.module.css';

/**
 * A tournament in a list: goes to /tournaments/{id}/details. ENTRIES for ADMIN/OWNER, BRACKET when active,
 * and JOINED, REGISTER or CLOSED. REGISTER opens the detail page (where the join dialog is), or /login for guests.
 */
export function TournamentCard({ tournament: t }: { tournament: Tournament }) {
  const user = useSessionUser();
  const defaultImage = useSiteImage('TOURNAMENT_IMAGE');
  const [, navigate] = useLocation();
  const details = `/tournaments/${t.id}/details`;
  const registration = registrationState(t, Date.now());
  return (
    <Card withBorder radius="md" padding="lg" className={classes.card} component="article" aria-label={t.title}>
      <Card.Section component={Link} href={details} aria-label={`${t.title} details`} tabIndex={-1}>
        <Image src={t.graphicUrl ?? defaultImage} fallbackSrc={SITE_ARTWORK.TOURNAMENT_IMAGE!} h={140} alt="" />
      </Card.Section>
      <Stack gap={6} mt="md" className={classes.body}>
        <Group justify="space-between" wrap="nowrap" align="start">
          <Text component={Link} href={details} fw={800} size="lg" lineClamp={2} className={classes.title}>
            {t.title}
          </Text>
          <Badge color={t.entryFee > 0 ? 'yellow' : 'green'} variant="light" style={{ flexShrink: 0 }}>
            {formatFee(t.entryFee)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {t.subTitle}
        </Text>
        <Text size="sm">
          {GAME_LABELS[t.game]} · {formatDate(t.startDate)} {t.startTime}
        </Text>
        <Text size="sm" c="dimmed">
          {formatCount(entriesCount(t))} / {formatCount(t.signUpLimit)} entries · {typeLabel(t)}
        </Text>
      </Stack>
      <Group mt="md" gap="xs">
        {isStaffRole(user?.role) && (
          <Button component={Link} href={`/tournaments/${t.id}/entries`} variant="default" size="xs">
            ENTRIES
          </Button>
        )}
        {t.status === 'ACTIVE' && (
          <Button component={Link} href={`/tournaments/${t.id}`} variant="light" size="xs">
            BRACKET
          </Button>
        )}
        {registration === 'open' ? (
          <Button size="xs" onClick={() => navigate(user ? details : '/login')}>
            REGISTER
          </Button>
        ) : (
          <RegistrationBadge state={registration} size="xs" />
        )}
      </Group>
    </Card>
  );
}
