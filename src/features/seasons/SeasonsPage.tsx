import { Center, Loader, SimpleGrid, Stack } from '@mantine/core';
import { Season } from '../../api/contract/season';
import { SEASONS_ENDPOINT } from '../../api/endpoints/seasons';
import { DEFAULT_SERVER_PAGE_SIZE } from '../../domain/constants';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { PageSelector } from '../../ui/PagedTable/PageSelector';
import { usePagedList } from '../../ui/PagedTable/usePagedList';
import { useSessionUser } from '../../ui/session';
import { EmptyMessage } from '../tournaments/EmptyMessage';
import { SeasonCard } from './SeasonCard';

/** /seasons: paged season cards (the page size comes from the server's pageSize; 10 until it answers). */
export function SeasonsPage() {
  const user = useSessionUser();
  const list = usePagedList(SEASONS_ENDPOINT, Season, { perPage: DEFAULT_SERVER_PAGE_SIZE, extra: { userId: user?.id } });
  return (
    <>
      <PageTitle>Seasons</PageTitle>
      <Stack gap="lg" aria-busy={list.loading}>
        {list.loading && list.results.length === 0 ? (
          <Center py="xl">
            <Loader size="sm" aria-label="Loading..." />
          </Center>
        ) : list.failed ? (
          <EmptyMessage>The seasons could not be loaded.</EmptyMessage>
        ) : list.results.length === 0 ? (
          <EmptyMessage>No seasons yet</EmptyMessage>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
            {list.results.map((s) => (
              <SeasonCard key={s.id} season={s} reload={list.reload} />
            ))}
          </SimpleGrid>
        )}
        <PageSelector pageNo={list.pageNo} pages={list.pages} disabled={list.loading} onChange={list.setPage} />
      </Stack>
    </>
  );
}
