import { Anchor, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { getUpcomingTournaments } from '../../api/endpoints/tournaments';
import { GAMES, GAME_LABELS, type Game } from '../../domain/constants';
import { DataLoader } from '../../ui/DataLoader/DataLoader';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { EmptyMessage } from '../../ui/EmptyMessage/EmptyMessage';
import { TournamentGrid } from '../../shared/tournaments/TournamentGrid';

const ALL = 'ALL';
const GAME_OPTIONS = [{ value: ALL, label: 'All games' }, ...GAMES.map((g) => ({ value: g, label: GAME_LABELS[g] }))];

/** Upcoming tournaments, filtered by game, with links to all tournaments and the hall of fame. */
export function UpcomingTournamentsPage() {
  const [game, setGame] = useState<Game | null>(null);
  return (
    <>
      <PageTitle
        actions={
          <>
            <Anchor component={Link} href="/tournaments/all">
              All tournaments
            </Anchor>
            <Anchor component={Link} href="/tournaments/hall-of-fame">
              Hall of fame
            </Anchor>
          </>
        }
      >
        Upcoming Tournaments
      </PageTitle>
      <Group mb="lg">
        <Select
          label="Game"
          data={GAME_OPTIONS}
          value={game ?? ALL}
          onChange={(v) => setGame(v && v !== ALL ? (v as Game) : null)}
          allowDeselect={false}
          w={320}
          // The options' list is made when it opens, not hidden in the page from the start (a positioned popover
          // measured with the first render: style and layout forced in the middle of the page's first screen).
          comboboxProps={{ keepMounted: false }}
        />
      </Group>
      {/* A new game filter remounts the loader, which loads that game's list. */}
      <DataLoader key={game ?? ALL} load={() => getUpcomingTournaments(game)}>
        {(tournaments) =>
          tournaments.length === 0 ? (
            <EmptyMessage>No Upcoming Tournaments</EmptyMessage>
          ) : (
            <TournamentGrid tournaments={tournaments} />
          )
        }
      </DataLoader>
    </>
  );
}
