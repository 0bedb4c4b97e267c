import { Anchor, Stack } from '@mantine/core';
import { Link, useParams } from 'wouter';
import { getTournamentMatches } from '../../api/endpoints/matches';
import { getTournament } from '../../api/endpoints/tournaments';
import { NotFound } from '../../ui/NotFound/NotFound';
import { DataLoader } from '../../ui/DataLoader/DataLoader';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { parseId } from '../../ui/routeParams';
import { AdminMatchesTable } from './AdminMatchesTable';

/** /tournaments/{tournamentId}/matches (ADMIN/OWNER): every match of the bracket, searchable by entry name. */
export function AdminMatchesPage() {
  const id = parseId(useParams<{ tournamentId: string }>().tournamentId);
  if (id === null) return <NotFound />;
  return (
    <DataLoader key={id} load={() => Promise.all([getTournament(id), getTournamentMatches(id)])}>
      {([tournament, matches]) => (
        <Stack gap="md">
          <Anchor component={Link} href={`/tournaments/${id}`} fw={600}>
            {tournament.title}
          </Anchor>
          <PageTitle documentTitle={`All matches · ${tournament.title}`}>All matches</PageTitle>
          <AdminMatchesTable matches={matches} />
        </Stack>
      )}
    </DataLoader>
  );
}
