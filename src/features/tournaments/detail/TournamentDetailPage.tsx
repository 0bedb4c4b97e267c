import { useParams } from 'wouter';
import { getTournament } from '../../../api/endpoints/tournaments';
import { NotFound } from '../../../app/NotFound';
import { DataLoader } from '../../../ui/DataLoader/DataLoader';
import { parseId } from '../params';
import { TournamentDetail } from './TournamentDetail';

/** /tournaments/{tournamentId}/details. */
export function TournamentDetailPage() {
  const id = parseId(useParams<{ tournamentId: string }>().tournamentId);
  if (id === null) return <NotFound />;
  return (
    <DataLoader key={id} load={() => getTournament(id)}>
      {(tournament, reload) => <TournamentDetail tournament={tournament} reload={reload} />}
    </DataLoader>
  );
}
