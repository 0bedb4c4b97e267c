import { useParams } from 'wouter';
import { NotFound } from '../../ui/NotFound/NotFound';
import { parseId } from '../../ui/routeParams';
import { isStaffRole, useSessionUser } from '../../ui/session';
import { MatchScreen } from './MatchPage';

/** /match/{matchId}: a league (season) match, with the same score flows as a tournament match. */
export function LeagueMatchPage() {
  const matchId = parseId(useParams<{ matchId: string }>().matchId);
  const user = useSessionUser();
  if (matchId === null) return <NotFound />;
  const isStaff = isStaffRole(user?.role);
  const captainOf = user?.teamRole === 'CAPTAIN' ? (user.teamId ?? null) : null;
  return <MatchScreen key={`${matchId}/${user?.id ?? 0}/${isStaff}/${captainOf}`} tournamentId={null} matchId={matchId} isStaff={isStaff} captainOf={captainOf} />;
}
