import { SimpleGrid } from '@mantine/core';
import type { Tournament } from '../../api/contract/tournament';
import { TournamentCard } from './TournamentCard';

/** Tournament cards, three to a row on wide screens. */
export function TournamentGrid({ tournaments }: { tournaments: Tournament[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="lg">
      {tournaments.map((t) => (
        <TournamentCard key={t.id} tournament={t} />
      ))}
    </SimpleGrid>
  );
}
