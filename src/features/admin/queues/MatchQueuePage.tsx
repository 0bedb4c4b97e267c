import { Button, Stack, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { matchQueueLiveMachine } from '../../../../machines/flows/matchQueueLiveMachine';
import { LiveStatus } from '../../../ui/LiveStatus/LiveStatus';
import { SeasonQueueMatch } from '../../../api/contract/season';
import { TournamentQueueMatch } from '../../../api/contract/tournament';
import { matchQueueEndpoint } from '../../../api/endpoints/matches';
import type { MatchQueueKind } from '../../../domain/constants';
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

interface QueueTableProps {
  kind: MatchQueueKind;
  /** Matches changed since the table was read, and how to show them. */
  changed: number;
  onSeen: () => void;
}

/** "N new": changes the admin asked to see, read on click (rows never move under the pointer by themselves). */
function NewMarker({ changed, onShow }: { changed: number; onShow: () => void }) {
  if (changed === 0) return null;
  return (
    <Button size="compact-xs" variant="light" onClick={onShow} aria-label={`${changed} new: show them`}>
      {changed} new
    </Button>
  );
}

function TournamentMatchQueue({ kind, changed, onSeen }: QueueTableProps) {
  const list = usePagedList(matchQueueEndpoint(kind), TournamentQueueMatch);
  const show = () => {
    onSeen();
    list.reload();
  };
  return (
    <>
      <NewMarker changed={changed} onShow={show} />
      <PagedTable
      list={list}
      columns={queueColumns(kind)}
      searchPrompt="Search tournament matches"
      getRowId={(m) => String(m.id)}
      showTotal
      />
    </>
  );
}

function SeasonMatchQueue({ kind, changed, onSeen }: QueueTableProps) {
  const list = usePagedList(seasonMatchQueueEndpoint(kind), SeasonQueueMatch);
  const show = () => {
    onSeen();
    list.reload();
  };
  return (
    <>
      <NewMarker changed={changed} onShow={show} />
      <PagedTable list={list} columns={seasonQueueColumns(kind)} searchPrompt="Search season matches" getRowId={(m) => String(m.id)} showTotal />
    </>
  );
}

/** An admin queue of matches (disputes, incomplete, overdue): the Season matches table above the tournament one. */
export function MatchQueuePage({ kind }: { kind: MatchQueueKind }) {
  const [live, send] = useMachine(matchQueueLiveMachine);
  const { changed, connection } = live.context;
  return (
    <>
      <PageTitle>{TITLES[kind]}</PageTitle>
      <LiveStatus connection={connection} />
      <Stack gap="sm" component="section" aria-labelledby={`queue-${kind}-seasons`} mb="xl">
        <Title order={2} size="h3" id={`queue-${kind}-seasons`}>
          Season matches
        </Title>
        <SeasonMatchQueue key={kind} kind={kind} changed={changed.season} onSeen={() => send({ type: 'queue.seen', table: 'season' })} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby={`queue-${kind}-tournaments`}>
        <Title order={2} size="h3" id={`queue-${kind}-tournaments`}>
          Tournament matches
        </Title>
        <TournamentMatchQueue key={kind} kind={kind} changed={changed.tournament} onSeen={() => send({ type: 'queue.seen', table: 'tournament' })} />
      </Stack>
    </>
  );
}

export const DisputesPage = () => <MatchQueuePage kind="dispute" />;
export const IncompletePage = () => <MatchQueuePage kind="incomplete" />;
export const OverduePage = () => <MatchQueuePage kind="overdue" />;
