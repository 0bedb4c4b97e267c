import { Stack, Title } from '@mantine/core';
import { SeasonQueueMatch } from '../../../api/contract/season';
import { TournamentQueueMatch } from '../../../api/contract/tournament';
import { matchQueueEndpoint, type MatchQueueKind } from '../../../api/endpoints/matches';
import { PagedTable } from '../../../ui/PagedTable/PagedTable';
import { usePagedList } from '../../../ui/PagedTable/usePagedList';
import { PageTitle } from '../../../ui/PageTitle/PageTitle';
import { seasonMatchQueueEndpoint } from '../../../api/endpoints/seasonMatches';
import { queueColumns, seasonQueueColumns } from './queueColumns';

const TITLES: Record<MatchQueueKind, string> = {
  dispute: 'Match Disputes',
  incomplete: 'Incomplete Matches',
  overdue: 'Overdue Matches',
};

function TournamentMatchQueue({ kind }: { kind: MatchQueueKind }) {
  const list = usePagedList(matchQueueEndpoint(kind), TournamentQueueMatch);
  return (
    <PagedTable
      list={list}
      columns={queueColumns(kind)}
      searchPrompt="Search tournament matches"
      getRowId={(m) => String(m.id)}
      showTotal
    />
  );
}

function SeasonMatchQueue({ kind }: { kind: MatchQueueKind }) {
  const list = usePagedList(seasonMatchQueueEndpoint(kind), SeasonQueueMatch);
  return (
    <PagedTable list={list} columns={seasonQueueColumns(kind)} searchPrompt="Search season matches" getRowId={(m) => String(m.id)} showTotal />
  );
}

/** An admin queue of matches (disputes, incomplete, overdue): the Season matches table above the tournament one. */
export function MatchQueuePage({ kind }: { kind: MatchQueueKind }) {
  return (
    <>
      <PageTitle>{TITLES[kind]}</PageTitle>
      <Stack gap="sm" component="section" aria-labelledby={`queue-${kind}-seasons`} mb="xl">
        <Title order={2} size="h3" id={`queue-${kind}-seasons`}>
          Season matches
        </Title>
        <SeasonMatchQueue key={kind} kind={kind} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby={`queue-${kind}-tournaments`}>
        <Title order={2} size="h3" id={`queue-${kind}-tournaments`}>
          Tournament matches
        </Title>
        <TournamentMatchQueue key={kind} kind={kind} />
      </Stack>
    </>
  );
}

export const DisputesPage = () => <MatchQueuePage kind="dispute" />;
export const IncompletePage = () => <MatchQueuePage kind="incomplete" />;
export const OverduePage = () => <MatchQueuePage kind="overdue" />;
