import { Anchor, Badge, Group } from '@mantine/core';
import { Link, Redirect, useParams } from 'wouter';
import type { Tournament } from '../../../api/contract/tournament';
import { getTournament } from '../../../api/endpoints/tournaments';
import { NotFound } from '../../../ui/NotFound/NotFound';
import { isStaffRole, useSessionUser } from '../../../ui/session';
import { DataLoader } from '../../../ui/DataLoader/DataLoader';
import { PageTitle } from '../../../ui/PageTitle/PageTitle';
import { orNotFound, parseId } from '../../../ui/routeParams';
import { entriesView } from './entriesView';
import { EntriesListView } from './EntriesListView';
import { GeneralEntriesView } from './GeneralEntriesView';
import { PairingView } from './PairingView';
import { ResultsView } from './ResultsView';
import { SignupView } from './SignupView';

/** /tournaments/{tournamentId}/entries: the view the spec gives this viewer for the tournament's type and status. */
export function TournamentEntriesPage() {
  const id = parseId(useParams<{ tournamentId: string }>().tournamentId);
  if (id === null) return <NotFound />;
  return (
    <DataLoader<Tournament | null> key={id} load={orNotFound(() => getTournament(id))}>
      {(tournament) => (tournament ? <TournamentEntries tournament={tournament} /> : <NotFound />)}
    </DataLoader>
  );
}

function TournamentEntries({ tournament: t }: { tournament: Tournament }) {
  const user = useSessionUser();
  const staff = isStaffRole(user?.role);
  const view = entriesView(t, staff);
  if (view === 'redirect') return <Redirect to="/tournaments" replace />;
  return (
    <>
      <PageTitle documentTitle={`${t.title} entries`}>Entries</PageTitle>
      <Group gap="sm" mt={-12} mb="lg">
        <Anchor component={Link} href={`/tournaments/${t.id}/details`} fw={600}>
          {t.title}
        </Anchor>
        <Badge variant="outline" color="gray">
          {t.status}
        </Badge>
      </Group>
      {view === 'signup' && <SignupView tournament={t} staff={staff} />}
      {view === 'entries' && <EntriesListView tournament={t} staff={staff} />}
      {view === 'results' && <ResultsView tournament={t} staff={staff} />}
      {view === 'pairing' && <PairingView tournament={t} />}
      {view === 'general' && <GeneralEntriesView tournament={t} />}
    </>
  );
}
