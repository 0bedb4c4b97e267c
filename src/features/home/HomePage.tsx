import { Grid, Stack, Text, Title } from '@mantine/core';
import { getFeaturedTournament, getSocialFeed } from '../../api/endpoints/home';
import { DataLoader } from '../../ui/DataLoader/DataLoader';
import { TournamentCard } from '../../shared/tournaments/TournamentCard';
import { HomeBanner } from './HomeBanner';
import { SocialFeed } from './SocialFeed';

/** A tournament card's height with a one-line title (TournamentCard): the featured card's room while it loads. */
const FEATURED_CARD_HEIGHT = 334;

/** Home: the banner (guests are sent to /login), the featured tournament and the social feed's 3 newest posts. */
export function HomePage() {
  return (
    <Stack gap="xl">
      <title>Clutch · Esports league and tournaments</title>
      <HomeBanner />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Title order={2} mb="md">
            Featured tournament
          </Title>
          {/* The card fills its parent's height: a wrapper of its own size keeps it from spilling over the column. Its
              height is kept while the card loads, so the feed below it (on a phone) does not jump down. */}
          <div style={{ minHeight: FEATURED_CARD_HEIGHT }}>
            <DataLoader load={getFeaturedTournament}>
              {(t) =>
                t ? <TournamentCard tournament={t} /> : <Text c="dimmed">No featured tournament right now.</Text>
              }
            </DataLoader>
          </div>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Title order={2} mb="md">
            Latest from the league
          </Title>
          <DataLoader load={getSocialFeed}>{(posts) => <SocialFeed posts={posts} />}</DataLoader>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
