import { Anchor, Avatar, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { PlayerAvatar } from '../../ui/PlayerAvatar/PlayerAvatar';
import type { SideView } from '../../shared/matches/matchSides';
import classes from './MatchPage.module.css';

const COLORS = { winner: 'green', loser: 'red' } as const;

/** One side of a match: logo or picture (or the first letter), the name linking to the team or player, the score. */
export function MatchSideCard({ view, report }: { view: SideView; report: string | null }) {
  const color = view.outcome ? COLORS[view.outcome] : undefined;
  const struck = view.outcome === 'loser';
  const placeholder = view.kind === 'bye' || view.kind === 'unknown' || view.kind === 'none';
  const label = `Entry ${view.side}${view.outcome ? ` (${view.outcome})` : ''}`;
  return (
    <Paper withBorder radius="md" p="lg" className={classes.side} data-outcome={view.outcome ?? undefined} aria-label={label} component="section">
      <Stack align="center" gap="sm">
        {view.kind === 'user' ? (
          <PlayerAvatar userId={view.userId ?? undefined} name={view.name} picture={view.imageUrl} size={72} />
        ) : (
          <Avatar src={view.imageUrl} alt={placeholder ? undefined : view.name} radius="xl" size={72} color="clutch">
            {view.kind === 'unknown' ? '?' : placeholder ? '–' : view.name.slice(0, 1).toUpperCase()}
          </Avatar>
        )}
        {view.href ? (
          <Anchor component={Link} href={view.href} fw={700} fz="lg" c={color} td={struck ? 'line-through' : undefined} ta="center">
            {view.name}
          </Anchor>
        ) : (
          <Text fw={700} fz="lg" c={color ?? (placeholder ? 'dimmed' : undefined)} td={struck ? 'line-through' : undefined} ta="center">
            {view.name}
          </Text>
        )}
        <Text className={classes.score} c={color} aria-label={`Score of entry ${view.side}`}>
          {view.score ?? '–'}
        </Text>
        {report && (
          <Text size="sm" c="dimmed" ta="center">
            {report}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
