import { useParams } from 'wouter';
import type { Season } from '../../api/contract/season';
import { getSeason, getSeasonPreview } from '../../api/endpoints/seasons';
import { DataLoader } from '../../ui/DataLoader/DataLoader';
import { NotFound } from '../../ui/NotFound/NotFound';
import { orNotFound, parseId } from '../../ui/routeParams';
import { isStaffRole, useSessionUser } from '../../ui/session';
import { SeasonView } from './SeasonView';

/**
 * /seasons/{seasonId}. Staff see a CLOSED season through its preview (the divisions and groups the saved splits
 * would make: View Season Preview), everyone else the season as it stands.
 */
export function SeasonPage() {
  const id = parseId(useParams<{ seasonId: string }>().seasonId);
  const staff = isStaffRole(useSessionUser()?.role);
  if (id === null) return <NotFound />;
  const load = async () => {
    const season = await getSeason(id);
    return staff && season.seasonType === 'CLOSED' ? getSeasonPreview(id) : season;
  };
  return (
    <DataLoader<Season | null> key={`${id}-${staff}`} load={orNotFound(load)}>
      {(season, reload) => (season ? <SeasonView season={season} reload={reload} /> : <NotFound />)}
    </DataLoader>
  );
}
