import { Anchor } from '@mantine/core';
import { Link } from 'wouter';
import { Tournament } from '../../api/contract/tournament';
import { ACTIVE_TOURNAMENTS_ENDPOINT } from '../../api/endpoints/tournaments';
import { DEFAULT_SERVER_PAGE_SIZE } from '../../domain/constants';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { PagedCards } from '../../ui/PagedTable/PagedCards';
import { usePagedList } from '../../ui/PagedTable/usePagedList';
import { TournamentGrid } from '../../shared/tournaments/TournamentGrid';

/** Every tournament as paged cards (the page size comes from the server; 10 until it answers). */
export function AllTournamentsPage() {
  const list = usePagedList(ACTIVE_TOURNAMENTS_ENDPOINT, Tournament, { perPage: DEFAULT_SERVER_PAGE_SIZE });
  return (
    <>
      <PageTitle
        actions={
          <Anchor component={Link} href="/tournaments">
            Upcoming tournaments
          </Anchor>
        }
      >
        All Tournaments
      </PageTitle>
      <PagedCards list={list} failedText="The tournaments could not be loaded." emptyText="No tournaments yet">
        {(tournaments) => <TournamentGrid tournaments={tournaments} />}
      </PagedCards>
    </>
  );
}
