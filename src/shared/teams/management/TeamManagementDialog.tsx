import { Button, Center, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { AppModal } from '../../../ui/AppModal/AppModal';
import { useRef } from 'react';
import { notifyClientError, notifyError, notifySuccess } from '../../../ui/notify';
import { useMachineWith } from '../../../ui/useMachineWith';
import { ERRORS } from '../../../domain/messages';
import { teamManagementMachine, type TeamKind, type TeamManagementOutcome } from '../../../../machines/flows/teamManagementMachine';
import { ConfirmTeamAction } from './ConfirmTeamAction';
import { InvitePlayer } from './InvitePlayer';
import { ManagementRows } from './ManagementRows';
import { SubstitutesEditor } from './SubstitutesEditor';
import { TeamLogoSection } from './TeamLogoSection';
import { TeamNameForm } from './TeamNameForm';
import { successNotice } from './teamActionNotices';
import { TransferPaymentDialog } from '../../payment/TransferPaymentDialog';

interface TeamManagementDialogProps {
  kind: TeamKind;
  teamId: number;
  viewerId: number;
  asAdmin: boolean;
  onFinish: (outcome: TeamManagementOutcome) => void;
}

/**
 * The team management dialog of a tournament team or a league team (captain, or staff through Manage Team (Admin)),
 * driven by teamManagementMachine.
 */
export function TeamManagementDialog({ kind, teamId, viewerId, asAdmin, onFinish }: TeamManagementDialogProps) {
  const [snapshot, send] = useMachineWith(teamManagementMachine, {
    input: { kind, teamId, viewerId, asAdmin },
    actions: {
      notifyDone: (_, { action, team }) => notifySuccess(successNotice(action, team, kind, asAdmin)),
      notifyInvalidUser: () => notifyClientError(ERRORS.invalidUser.title, ERRORS.invalidUser.message),
      reportError: (_, { error }) => notifyError(error),
      finish: (_, { outcome }) => onFinish(outcome),
    },
  });
  // What the viewer may do is read from the last ready snapshot, so controls stay put (disabled) while a call runs.
  const readyRef = useRef(snapshot);
  if (snapshot.matches('ready')) readyRef.current = snapshot;
  const caps = readyRef.current;
  const { team } = snapshot.context;
  const busy = !snapshot.matches('ready');
  return (
    <AppModal
      opened
      onClose={() => send({ type: 'dialog.done' })}
      title={team ? `Manage ${team.name}${asAdmin ? ' (Admin)' : ''}` : 'Manage Team'}
      large
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {!team ? (
        snapshot.matches('failed') ? (
          <Stack align="center" py="lg">
            <Text c="dimmed">This team could not be loaded.</Text>
            <Button variant="light" onClick={() => send({ type: 'team.reload' })}>
              Try again
            </Button>
          </Stack>
        ) : (
          <Center py="xl">
            <Loader size="sm" aria-label="Loading..." />
          </Center>
        )
      ) : (
        <Stack gap="lg" aria-busy={busy}>
          <TeamNameForm key={team.name} team={team} error={snapshot.context.errors.name} busy={busy} send={send} />
          <TeamLogoSection team={team} caps={caps} busy={busy} send={send} />
          {caps.can({ type: 'user.invite' }) && <InvitePlayer snapshot={snapshot} asAdmin={asAdmin} busy={busy} send={send} />}
          <ManagementRows rows={snapshot.context.rows} teamSize={team.teamSize} caps={caps} busy={busy} send={send} />
          {team.tournament?.tournamentType === 'SWITCHEROO' && (
            <SubstitutesEditor
              key={team.freeSubstitutes.join('\n')}
              team={team}
              error={snapshot.context.errors.substitutes}
              busy={busy}
              send={send}
            />
          )}
          <Divider />
          <Group justify="space-between">
            {caps.can({ type: 'team.disband' }) ? (
              <Button color="red" variant="subtle" disabled={busy} onClick={() => send({ type: 'team.disband' })}>
                Disband team
              </Button>
            ) : (
              <span />
            )}
            <Button onClick={() => send({ type: 'dialog.done' })} disabled={busy && !snapshot.matches('confirming')}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmTeamAction snapshot={snapshot} send={send} />
      <TransferPaymentDialog
        request={snapshot.context.fee?.request ?? null}
        amount={snapshot.context.fee?.amount ?? 0}
        description={`remove ${snapshot.context.fee?.name ?? ''}`}
        onDone={() => send({ type: 'fee.done' })}
      />
    </AppModal>
  );
}
