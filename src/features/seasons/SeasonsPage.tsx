import { SimpleGrid } from '@mantine/core';
import { Season } from '../../api/contract/season';
import { SEASONS_ENDPOINT } from '../../api/endpoints/seasons';
import { DEFAULT_SERVER_PAGE_SIZE } from '../../domain/constants';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { PagedCards } from '../../ui/PagedTable/PagedCards';
import { usePagedList } from '../../ui/PagedTable/usePagedList';
import { useSessionUser } from '../../ui/session';
import { SeasonCard } from './SeasonCard';

/** /seasons: paged season cards (the page size comes from the server's pageSize; 10 until it answers). */
export function SeasonsPage() {
  const user = useSessionUser();
  const list = usePagedList(SEASONS_ENDPOINT, Season, { perPage: DEFAULT_SERVER_PAGE_SIZE, extra: { userId: user?.id } });
  return (
    <>
      <PageTitle>Seasons</PageTitle>
      <PagedCards list={list} failedText="The seasons could not be loaded." emptyText="No seasons yet">
        {(seasons) => (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
            {seasons.map((s) => (
              <SeasonCard key={s.id} season={s} reload={list.reload} />
            ))}
          </SimpleGrid>
        )}
      </PagedCards>
    </>
  );
}
