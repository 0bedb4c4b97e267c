import { Anchor, Stack } from '@mantine/core';
import { Link, useParams } from 'wouter';
import type { Tournament } from '../../api/contract/tournament';
import type { User } from '../../api/contract/user';
import { getPastTournaments, getUser } from '../../api/endpoints/users';
import { NotFound } from '../../ui/NotFound/NotFound';
import { DataLoader } from '../../ui/DataLoader/DataLoader';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { orNotFound, parseId } from '../../ui/routeParams';
import { useSessionUser } from '../../ui/session';
import { EmptyMessage } from '../../ui/EmptyMessage/EmptyMessage';
import { TournamentGrid } from '../../shared/tournaments/TournamentGrid';

interface PastData {
  user: User;
  tournaments: Tournament[];
}

/** /players/{id}/past-tournaments: the tournaments a player took part in that are over. */
export function PastTournamentsPage() {
  const id = parseId(useParams<{ id: string }>().id);
  const signedIn = useSessionUser() !== null;
  if (id === null) return <NotFound />;
  const load = orNotFound(async () => ({ user: await getUser(id), tournaments: await getPastTournaments(id, signedIn) }));
  return (
    <DataLoader<PastData | null> key={`${id}:${signedIn}`} load={load}>
      {(data) =>
        data ? (
          <Stack gap="md">
            <PageTitle documentTitle={`${data.user.discordName} · Past Tournaments`}>PAST TOURNAMENTS</PageTitle>
            <Anchor component={Link} href={`/players/${data.user.id}`} fw={600}>
              {data.user.discordName}
            </Anchor>
            {data.tournaments.length ? (
              <TournamentGrid tournaments={data.tournaments} />
            ) : (
              <EmptyMessage>No Past Tournaments</EmptyMessage>
            )}
          </Stack>
        ) : (
          <NotFound />
        )
      }
    </DataLoader>
  );
}
