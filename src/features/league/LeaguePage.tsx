import { Link } from 'wouter';
import { AspectRatio, Button, Group, Image, List, Paper, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { SITE } from '../../ui/siteLinks';
import { useSiteImage } from '../../ui/siteImages';
import groupsImage from './league-groups.svg';
import explainerVideo from './league-explainer.webm';
import explainerPoster from './league-explainer-poster.webp';

/** What the explainer video shows, for anyone who cannot watch it (it has no sound). */
const VIDEO_STEPS = [
  'Sign up your team: the captain pays the entry fee for the whole team; sign-ups close 3 days before the season starts.',
  "Group stage: play your group's matches week by week; standings are wins minus losses.",
  'Double-elimination playoffs: the best teams of each group go through; lose twice and you are out.',
  'Champions and trophies: gold, silver and bronze stay on your team and player ranks.',
];

/** League info: the explainer video, the groups image, the chat-community and schedule links. */
export function LeaguePage() {
  // The league info image (800x163) heads the page once staff upload one; the page's own artwork stays below.
  const infoImage = useSiteImage('LEAGUE_INFO_IMAGE');
  return (
    <>
      <PageTitle>The League</PageTitle>
      <Stack gap="lg">
        {infoImage && <Image src={infoImage} alt="Clutch League" maw={800} w="100%" mx="auto" radius="md" />}
        <Text>
          Clutch League seasons run in two stages. Teams are split into divisions and play a group stage (Group A and
          Group B); the best teams of each division then meet in a double-elimination playoff bracket.
        </Text>
        {/* Served with the site, so it plays offline and sets no third-party cookies. */}
        <AspectRatio ratio={16 / 9} w="100%" maw={960} mx="auto">
          <video
            src={explainerVideo}
            poster={explainerPoster}
            controls
            preload="metadata"
            playsInline
            aria-label="How Clutch League works"
            aria-describedby="league-video-steps"
            style={{ borderRadius: 8, background: 'var(--mantine-color-dark-7)' }}
          >
            Your browser cannot play this video.
          </video>
        </AspectRatio>
        <Paper withBorder radius="md" p="md">
          <Title order={3} mb="sm">
            A season in four steps
          </Title>
          <List type="ordered" spacing={4} size="sm" id="league-video-steps">
            {VIDEO_STEPS.map((s) => (
              <List.Item key={s}>{s}</List.Item>
            ))}
          </List>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={3} mb="sm">
            Divisions and groups
          </Title>
          <Image src={groupsImage} alt="A division: Group A and Group B feed the playoff bracket" radius="sm" />
        </Paper>
        <Group>
          {/* The header has no SEASONS item (spec): the league page is where players find the seasons. */}
          <Button component={Link} href="/seasons">
            Seasons
          </Button>
          <Button component="a" href={SITE.discordInvite} target="_blank" rel="noopener" color="#5865F2">
            Join our Discord community
          </Button>
          <Button component="a" href={SITE.schedule} target="_blank" rel="noopener" variant="light">
            Season schedule
          </Button>
        </Group>
      </Stack>
    </>
  );
}
