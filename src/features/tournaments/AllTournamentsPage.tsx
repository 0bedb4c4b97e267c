import { Anchor, Center, Loader, Stack } from '@mantine/core';
import { Link } from 'wouter';
import { Tournament } from '../../api/contract/tournament';
import { ACTIVE_TOURNAMENTS_ENDPOINT } from '../../api/endpoints/tournaments';
import { DEFAULT_SERVER_PAGE_SIZE } from '../../domain/constants';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { PageSelector } from '../../ui/PagedTable/PageSelector';
import { usePagedList } from '../../ui/PagedTable/usePagedList';
import { EmptyMessage } from './EmptyMessage';
import { TournamentGrid } from './TournamentGrid';

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
      <Stack gap="lg" aria-busy={list.loading}>
        {list.loading && list.results.length === 0 ? (
          <Center py="xl">
            <Loader size="sm" aria-label="Loading..." />
          </Center>
        ) : list.failed ? (
          <EmptyMessage>The tournaments could not be loaded.</EmptyMessage>
        ) : list.results.length === 0 ? (
          <EmptyMessage>No tournaments yet</EmptyMessage>
        ) : (
          <TournamentGrid tournaments={list.results} />
        )}
        <PageSelector pageNo={list.pageNo} pages={list.pages} disabled={list.loading} onChange={list.setPage} />
      </Stack>
    </>
  );
}
