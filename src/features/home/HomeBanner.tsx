import { Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'wouter';
import { useSessionUser } from '../../ui/session';
import { useSiteImage } from '../../ui/siteImages';
import classes from './HomeBanner.module.css';

/** The home banner (1600×290): guests go to /login, players to the tournaments. Its text is its name (label in name). */
export function HomeBanner() {
  const user = useSessionUser();
  // The uploaded banner (1600x290) replaces the built-in gradient; the text stays on it.
  const image = useSiteImage('HOME_PAGE_BANNER');
  return (
    <UnstyledButton
      component={Link}
      href={user ? '/tournaments' : '/login'}
      className={classes.banner}
      data-image={image ? '' : undefined}
      style={image ? { backgroundImage: `linear-gradient(90deg, rgba(0, 0, 0, 0.55), transparent 70%), url("${image}")` } : undefined}
    >
      <Title order={1} className={classes.headline}>
        COMPETE. CLIMB. CONQUER.
      </Title>
      <Text className={classes.sub}>
        {user ? `Welcome back, ${user.discordName}. Find your next tournament →` : 'Sign in with Discord to join tournaments and seasons →'}
      </Text>
    </UnstyledButton>
  );
}
