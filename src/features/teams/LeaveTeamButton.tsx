import { Button } from '@mantine/core';
import type { Team } from '../../api/contract/team';
import { leaveTeam } from '../../api/endpoints/teams';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useSessionActor, useSessionUser } from '../../ui/session';
import { SUCCESS } from '../../domain/messages';
import { confirmAction } from '../../ui/ConfirmDialog/confirmAction';

/**
 * Leave Team, for a player of this team. Not while the team plays a season (transferMode): there a roster change is
 * a transfer an admin approves (later work).
 */
export function LeaveTeamButton({ team, reload }: { team: Team; reload: () => void }) {
  const user = useSessionUser();
  const session = useSessionActor();
  if (!user || team.transferMode || !team.users.some((u) => u.id === user.id)) return null;
  const last = team.users.length === 1;
  const leave = () =>
    confirmAction({
      title: 'Leave Team',
      message: last
        ? `You are the last member of ${team.name}. Leaving locks the team for good.`
        : `Leave ${team.name}? You will need a new invite to join it again.`,
      confirmLabel: 'Leave Team',
      onConfirm: () =>
        leaveTeam(team.id).then(() => {
          notifySuccess(SUCCESS.teamLeft(team.name));
          // The session's user carries teamId and teamRole.
          session.send({ type: 'session.refresh' });
          reload();
        }, notifyError),
    });
  return (
    <Button color="red" variant="light" onClick={leave}>
      Leave Team
    </Button>
  );
}
