import { useParams } from 'wouter';
import { getUser } from '../../api/endpoints/users';
import { getTeam } from '../../api/endpoints/teams';
import { NotFound } from '../../ui/NotFound/NotFound';
import { DataLoader } from '../../ui/DataLoader/DataLoader';
import { orNotFound, parseId } from '../../ui/routeParams';
import { PlayerProfile, type ProfileData } from './PlayerProfile';

/** The player and, when they have one, their league team (for its name). */
async function loadProfile(id: number): Promise<ProfileData> {
  const user = await getUser(id);
  const team = user.teamId === null ? null : await orNotFound(() => getTeam(user.teamId as number))();
  return { user, team };
}

/** /players/{id}: a player's profile; the player themselves also edits it here. */
export function PlayerProfilePage() {
  const id = parseId(useParams<{ id: string }>().id);
  if (id === null) return <NotFound />;
  return (
    <DataLoader<ProfileData | null> key={id} load={orNotFound(() => loadProfile(id))}>
      {(data, reload) => (data ? <PlayerProfile data={data} reload={reload} /> : <NotFound />)}
    </DataLoader>
  );
}
