import { Redirect } from 'wouter';
import { LoadingState } from '../../ui/DataLoader/LoadStates';
import { useSessionChecking, useSessionUser } from '../../ui/session';

/**
 * /players/me: the spec's player profile "with no id" (players-and-tournaments §2), which `/players` cannot be (it is
 * PLAYER RANKS): signed in, the own profile (/players/{own id}); signed out, the home page.
 */
export function OwnProfileRedirect() {
  const user = useSessionUser();
  const checking = useSessionChecking();
  if (!user && checking) return <LoadingState />;
  return <Redirect to={user ? `/players/${user.id}` : '/'} replace />;
}
