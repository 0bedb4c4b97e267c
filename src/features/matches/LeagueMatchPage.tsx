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
  // Another match, or another viewer (sign-in, sign-out, a new team), starts the flow afresh.
  return <MatchScreen key={`${matchId}/${user?.id ?? 0}/${isStaff}/${user?.teamId ?? 0}/${user?.teamRole}`} tournamentId={null} matchId={matchId} isStaff={isStaff} />;
}
