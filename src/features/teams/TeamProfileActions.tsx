import { Button, Group } from '@mantine/core';
import { Suspense, useState } from 'react';
import type { Team } from '../../api/contract/team';
import { isStaffRole, useSessionActor, useSessionUser } from '../../ui/session';
import type { TeamManagementOutcome } from '../../../machines/flows/teamManagementMachine';
import { LeaveTeamButton } from './LeaveTeamButton';

// Its code (the payment form included) loads when a captain or staff member opens it, not with every team page.
import { TeamManagementDialog } from '../../shared/teams/management/TeamManagementDialog';

/**
 * The team profile's buttons by role: Manage Team (its captain), Manage Team (Admin) (ADMIN/OWNER) and Leave Team
 * (a player of this team). A team nobody is left on is locked: nothing to manage.
 */
export function TeamProfileActions({ team, reload }: { team: Team; reload: () => void }) {
  const user = useSessionUser();
  const session = useSessionActor();
  const [managing, setManaging] = useState<'captain' | 'admin' | null>(null);
  if (!user || team.users.length === 0) return null;
  const isCaptain = team.users.some((u) => u.id === user.id && u.teamRole === 'CAPTAIN');
  const finish = (outcome: TeamManagementOutcome) => {
    setManaging(null);
    // Leaving or handing the team over changes the viewer's own teamId / teamRole.
    if (outcome !== 'done') session.send({ type: 'session.refresh' });
    reload();
  };
  return (
    <Group gap="sm">
      {isCaptain && <Button onClick={() => setManaging('captain')}>Manage Team</Button>}
      {isStaffRole(user.role) && (
        <Button variant="light" onClick={() => setManaging('admin')}>
          Manage Team (Admin)
        </Button>
      )}
      <LeaveTeamButton team={team} reload={reload} />
      {managing && (
        <Suspense fallback={null}>
          <TeamManagementDialog kind="league" teamId={team.id} viewerId={user.id} asAdmin={managing === 'admin'} onFinish={finish} />
        </Suspense>
      )}
    </Group>
  );
}
