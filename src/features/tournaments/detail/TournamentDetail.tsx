import { Anchor, Badge, Button, Grid, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import type { Tournament } from '../../../api/contract/tournament';
import { useSessionUser } from '../../../ui/session';
import { SITE_ARTWORK } from '../../../ui/siteArtwork';
import { useSiteImage } from '../../../ui/siteImages';
import { GAME_LABELS } from '../../../domain/constants';
import { TournamentActions } from './TournamentActions';
import { TournamentInfoTable } from './TournamentInfoTable';
import { UserTeamCard } from './UserTeamCard';
import classes from './TournamentDetail.module.css';

interface TournamentDetailProps {
  tournament: Tournament;
  reload: () => void;
}

/** The tournament detail: banner, texts, rules link, info table, the actions and the viewer's team. */
export function TournamentDetail({ tournament: t, reload }: TournamentDetailProps) {
  const user = useSessionUser();
  const defaultImage = useSiteImage('TOURNAMENT_IMAGE');
  return (
    <Stack gap="lg">
      <title>{`${t.title} · Clutch`}</title>
      <Image src={t.graphicUrl ?? defaultImage} fallbackSrc={SITE_ARTWORK.TOURNAMENT_IMAGE!} alt={`${t.title} banner`} className={classes.banner} radius="md" />
      <Group justify="space-between" align="start" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            {t.title}
          </Title>
          <Text c="dimmed" size="lg">
            {t.subTitle}
          </Text>
          <Group gap="xs">
            <Badge variant="light">{GAME_LABELS[t.game]}</Badge>
            <Badge variant="outline" color="gray">
              {t.status}
            </Badge>
          </Group>
        </Stack>
        <TournamentActions tournament={t} reload={reload} />
      </Group>
      {!user && (
        <Paper withBorder p="md" radius="md" className={classes.prompt}>
          <Group justify="space-between">
            <Text>Sign in to register for this tournament and see your team.</Text>
            <Button component={Link} href="/login" variant="light">
              Login
            </Button>
          </Group>
        </Paper>
      )}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Title order={2} size="h3">
              About
            </Title>
            <Text className={classes.description}>{t.description}</Text>
            <Anchor href={t.rules} target="_blank" rel="noopener noreferrer" fw={600}>
              Read the tournament rules
            </Anchor>
            {t.userTeam && <UserTeamCard tournamentId={t.id} team={t.userTeam} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <TournamentInfoTable tournament={t} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
