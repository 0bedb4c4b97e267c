import type { TemporaryTeamDetail } from '../../../api/contract/team';
import { useParams } from 'wouter';
import { getTemporaryTeam } from '../../../api/endpoints/temporaryTeams';
import { NotFound } from '../../../ui/NotFound/NotFound';
import { DataLoader } from '../../../ui/DataLoader/DataLoader';
import { orNotFound, parseId } from '../../../ui/routeParams';
import { TournamentTeam } from './TournamentTeam';

/** /tournaments/{tournamentId}/{teamId}: a tournament team. */
export function TournamentTeamPage() {
  const params = useParams<{ tournamentId: string; teamId: string }>();
  const tournamentId = parseId(params.tournamentId);
  const teamId = parseId(params.teamId);
  if (tournamentId === null || teamId === null) return <NotFound />;
  return (
    <DataLoader<TemporaryTeamDetail | null> key={teamId} load={orNotFound(() => getTemporaryTeam(teamId))}>
      {(team, reload) => (team?.tournamentId === tournamentId ? <TournamentTeam team={team} reload={reload} /> : <NotFound />)}
    </DataLoader>
  );
}
