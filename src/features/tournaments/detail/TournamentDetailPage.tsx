import type { Tournament } from '../../../api/contract/tournament';
import { useParams } from 'wouter';
import { getTournament } from '../../../api/endpoints/tournaments';
import { NotFound } from '../../../ui/NotFound/NotFound';
import { DataLoader } from '../../../ui/DataLoader/DataLoader';
import { orNotFound, parseId } from '../../../ui/routeParams';
import { TournamentDetail } from './TournamentDetail';

/** /tournaments/{tournamentId}/details. */
export function TournamentDetailPage() {
  const id = parseId(useParams<{ tournamentId: string }>().tournamentId);
  if (id === null) return <NotFound />;
  return (
    <DataLoader<Tournament | null> key={id} load={orNotFound(() => getTournament(id))}>
      {(tournament, reload) => (tournament ? <TournamentDetail tournament={tournament} reload={reload} /> : <NotFound />)}
    </DataLoader>
  );
}
