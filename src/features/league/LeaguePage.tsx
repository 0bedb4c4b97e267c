import { AspectRatio, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { SITE } from '../../app/siteLinks';
import { Link } from 'wouter';
import groupsImage from './league-groups.svg';

/** League info: the explainer video, the groups image, the chat-community and schedule links. */
export function LeaguePage() {
  return (
    <Stack gap="lg">
      <PageTitle>The League</PageTitle>
      <Text>
        Clutch League seasons run in two stages. Teams are split into divisions and play a group stage (Group A and
        Group B); the best teams of each division then meet in a double-elimination playoff bracket.
      </Text>
      <AspectRatio ratio={16 / 9}>
        <iframe
          src={SITE.leagueVideo}
          title="How Clutch League works"
          style={{ border: 0, borderRadius: 8 }}
          allow="accelerometer; encrypted-media; picture-in-picture"
          allowFullScreen
        />
      </AspectRatio>
      <Paper withBorder radius="md" p="md">
        <Title order={3} mb="sm">
          Divisions and groups
        </Title>
        <Image src={groupsImage} alt="A division: Group A and Group B feed the playoff bracket" radius="sm" />
      </Paper>
      <Group>
        <Button component="a" href={SITE.discordInvite} target="_blank" rel="noopener" color="#5865F2">
          Join our Discord community
        </Button>
        <Button component="a" href={SITE.schedule} target="_blank" rel="noopener" variant="light">
          Season schedule
        </Button>
        <Button component={Link} href="/seasons" variant="default">
          Browse seasons
        </Button>
      </Group>
    </Stack>
  );
}
