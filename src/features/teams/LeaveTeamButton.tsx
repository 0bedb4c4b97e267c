import { Button, Text } from '@mantine/core';
import { useRef } from 'react';
import type { Team } from '../../api/contract/team';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useSessionActor, useSessionUser } from '../../ui/session';
import { useMachineWith } from '../../ui/useMachineWith';
import { SUCCESS } from '../../domain/messages';
import { ConfirmModal } from '../../ui/ConfirmDialog/ConfirmModal';
import { leaveTeamMachine } from '../../../machines/flows/leaveTeamMachine';
import { TransferPaymentDialog } from '../../shared/payment/TransferPaymentDialog';
import { leaveQuestion } from '../../shared/teams/management/teamActionNotices';

/**
 * Leave Team, for a player of this team (leaveTeamMachine). While the team plays a season leaving asks the admins
 * ("User removal pending admin approval"); the page then says the removal waits, instead of offering it again.
 */
export function LeaveTeamButton({ team, reload }: { team: Team; reload: () => void }) {
  const user = useSessionUser();
  const session = useSessionActor();
  // The actions are taken at mount; they read the team as it is now.
  const current = useRef(team);
  current.current = team;
  const [snapshot, send] = useMachineWith(leaveTeamMachine, {
    input: { teamId: team.id },
    actions: {
      notifyLeft: () => notifySuccess(SUCCESS.teamLeft(current.current.name)),
      notifyRequested: () => notifySuccess(SUCCESS.approvalPendingRemoval),
      reportError: (_, { error }) => notifyError(error),
      refresh: () => {
        // The session's user carries teamId and teamRole.
        session.send({ type: 'session.refresh' });
        reload();
      },
    },
  });
  if (!user) return null;
  const removal = team.removals.find((r) => r.userId === user.id);
  const ask = { type: 'leave.ask', isMember: team.users.some((u) => u.id === user.id), removalAsked: !!removal } as const;
  const idle = snapshot.matches('idle');
  if (idle && !snapshot.can(ask)) {
    if (!removal || !ask.isMember) return null;
    return (
      <Text size="sm" c="dimmed">
        {removal.status === 'REJECTED' ? 'An admin rejected your removal from this team.' : 'Leaving: your removal is pending admin approval.'}
      </Text>
    );
  }
  const { fee } = snapshot.context;
  return (
    <>
      <Button color="red" variant="light" onClick={() => send(ask)} loading={snapshot.matches('leaving')} disabled={!idle}>
        Leave Team
      </Button>
      <ConfirmModal
        opened={snapshot.matches('confirming')}
        title="Leave Team"
        confirmLabel="Leave Team"
        danger
        onConfirm={() => send({ type: 'leave.confirm' })}
        onCancel={() => send({ type: 'leave.cancel' })}
      >
        {leaveQuestion(team.name, team.transferMode, team.users.length === 1)}
      </ConfirmModal>
      <TransferPaymentDialog
        request={fee?.request ?? null}
        amount={fee?.amount ?? 0}
        description={`leave ${team.name}`}
        onDone={(sent) => send({ type: 'fee.done', sent })}
      />
    </>
  );
}
