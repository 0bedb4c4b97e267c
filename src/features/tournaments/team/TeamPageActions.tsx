import { Button, Group } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import type { TemporaryTeamDetail } from '../../../api/contract/team';
import { leaveTemporaryTeam } from '../../../api/endpoints/temporaryTeams';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { isStaffRole, useSessionUser } from '../../../ui/session';
import { SUCCESS } from '../../../domain/messages';
import type { TeamManagementOutcome } from '../../../../machines/flows/teamManagementMachine';
import { confirmAction } from '../../../ui/ConfirmDialog/confirmAction';

// Its code (the payment form included) loads when a captain or staff member opens it, not with every team page.
import { TeamManagementDialog } from '../../../shared/teams/management/TeamManagementDialog';

interface TeamPageActionsProps {
  team: TemporaryTeamDetail;
  reload: () => void;
}

/**
 * Manage Team (the captain), Manage Team (Admin) (ADMIN/OWNER) and Leave Team (a member): only while the
 * tournament is OPEN and the team is not locked.
 */
export function TeamPageActions({ team, reload }: TeamPageActionsProps) {
  const user = useSessionUser();
  const [, navigate] = useLocation();
  const [managing, setManaging] = useState<'captain' | 'admin' | null>(null);
  if (!user || team.tournament.status !== 'OPEN' || team.locked) return null;
  const isMember = team.users.some((u) => u.id === user.id);
  const last = isMember && team.users.length === 1;
  const leave = () =>
    confirmAction({
      title: 'Leave Team',
      message: last
        ? `You are the last member of ${team.name}. Leaving locks the team for good and withdraws its entry.`
        : `Leave ${team.name}? You will need a new invite to join it again.`,
      confirmLabel: 'Leave Team',
      onConfirm: () =>
        leaveTemporaryTeam(team.id).then(() => {
          notifySuccess(SUCCESS.teamLeft(team.name));
          reload();
        }, notifyError),
    });
  const finish = (outcome: TeamManagementOutcome) => {
    setManaging(null);
    if (outcome === 'disbanded') navigate(`/tournaments/${team.tournament.id}/details`);
    else reload();
  };
  return (
    <Group gap="sm">
      {team.captainId === user.id && <Button onClick={() => setManaging('captain')}>Manage Team</Button>}
      {isStaffRole(user.role) && (
        <Button variant="light" onClick={() => setManaging('admin')}>
          Manage Team (Admin)
        </Button>
      )}
      {isMember && (
        <Button color="red" variant="light" onClick={leave}>
          Leave Team
        </Button>
      )}
      {managing && (
        <Suspense fallback={null}>
          <TeamManagementDialog kind="temporary" teamId={team.id} viewerId={user.id} asAdmin={managing === 'admin'} onFinish={finish} />
        </Suspense>
      )}
    </Group>
  );
}
