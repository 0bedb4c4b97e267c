import type { Team } from '../../api/contract/team';
import { useParams } from 'wouter';
import { getTeam } from '../../api/endpoints/teams';
import { NotFound } from '../../ui/NotFound/NotFound';
import { DataLoader } from '../../ui/DataLoader/DataLoader';
import { orNotFound, parseId } from '../../ui/routeParams';
import { TeamProfile } from './TeamProfile';

/** /teams/{id}: a league team's profile. */
export function TeamProfilePage() {
  const id = parseId(useParams<{ id: string }>().id);
  if (id === null) return <NotFound />;
  return (
    <DataLoader<Team | null> key={id} load={orNotFound(() => getTeam(id))}>
      {(team, reload) => (team ? <TeamProfile team={team} reload={reload} /> : <NotFound />)}
    </DataLoader>
  );
}
