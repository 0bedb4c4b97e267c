import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import type { Tournament } from '../../../api/contract/tournament';
import { isStaffRole, useSessionUser } from '../../../ui/session';
import { hasStarted, registrationState } from '../../../domain/tournamentRules';
import { RegistrationBadge } from '../../../shared/tournaments/registration/RegistrationBadge';
import { prefetchBracket, warmBracketOnIntent } from '../../../shared/bracket/prefetchBracket';
import { JoinTournament } from './JoinTournament';

/** The BRACKET link warms the bracket page's code while the player reads this page, its renderer on intent. */
const prefetchBracketRef = (link: HTMLAnchorElement | null) => {
  if (link) prefetchBracket();
};

interface TournamentActionsProps {
  tournament: Tournament;
  reload: () => void;
}

/**
 * ENTRIES (ADMIN/OWNER, or anyone once the tournament is ACTIVE), BRACKET (ACTIVE or COMPLETED) and JOINED,
 * REGISTER (guests go to /login) or CLOSED.
 */
export function TournamentActions({ tournament: t, reload }: TournamentActionsProps) {
  const user = useSessionUser();
  const [, navigate] = useLocation();
  const registration = registrationState(t, Date.now());
  return (
    <Group gap="sm">
      {(isStaffRole(user?.role) || t.status === 'ACTIVE') && (
        <Button component={Link} href={`/tournaments/${t.id}/entries`} variant="default">
          ENTRIES
        </Button>
      )}
      {hasStarted(t) && (
        <Button
          component={Link}
          href={`/tournaments/${t.id}`}
          variant="light"
          ref={prefetchBracketRef}
          onPointerEnter={warmBracketOnIntent}
          onTouchStart={warmBracketOnIntent}
          onFocus={warmBracketOnIntent}
        >
          BRACKET
        </Button>
      )}
      {registration !== 'open' ? (
        <RegistrationBadge state={registration} />
      ) : user ? (
        <JoinTournament key={user.id} tournament={t} userId={user.id} reload={reload} />
      ) : (
        <Button onClick={() => navigate('/login')}>REGISTER</Button>
      )}
    </Group>
  );
}
