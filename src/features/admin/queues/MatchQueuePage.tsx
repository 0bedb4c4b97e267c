import { Stack, Title } from '@mantine/core';
import { TournamentQueueMatch } from '../../../api/contract/tournament';
import { matchQueueEndpoint, type MatchQueueKind } from '../../../api/endpoints/matches';
import { PagedTable } from '../../../ui/PagedTable/PagedTable';
import { usePagedList } from '../../../ui/PagedTable/usePagedList';
import { PageTitle } from '../../../ui/PageTitle/PageTitle';
import { queueColumns } from './queueColumns';

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

/**
 * An admin queue of matches (disputes, incomplete, overdue). The tournament table is here; the season table joins
 * it as its own section when season matches exist (see docs/decisions.md, Matches).
 */
export function MatchQueuePage({ kind }: { kind: MatchQueueKind }) {
  return (
    <>
      <PageTitle>{TITLES[kind]}</PageTitle>
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
