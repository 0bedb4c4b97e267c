import { Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'wouter';
import { useSessionUser } from '../../ui/session';
import classes from './HomeBanner.module.css';

/** The home banner (1600×290): guests go to /login, players to the tournaments. */
export function HomeBanner() {
  const user = useSessionUser();
  return (
    <UnstyledButton
      component={Link}
      href={user ? '/tournaments' : '/login'}
      className={classes.banner}
      aria-label={user ? 'Browse tournaments' : 'Sign in to compete'}
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
