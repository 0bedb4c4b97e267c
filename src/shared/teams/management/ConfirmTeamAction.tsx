import { Button, Group, Text } from '@mantine/core';
import { AppModal } from '../../../ui/AppModal/AppModal';
import type { SnapshotFrom } from 'xstate';
import type { TeamManagementEvent, teamManagementMachine } from '../../../../machines/flows/teamManagementMachine';
import { confirmation } from './teamActionNotices';

interface ConfirmTeamActionProps {
  snapshot: SnapshotFrom<typeof teamManagementMachine>;
  send: (event: TeamManagementEvent) => void;
}

/** The confirmation step of the management dialog, above it. */
export function ConfirmTeamAction({ snapshot, send }: ConfirmTeamActionProps) {
  const { pending, team } = snapshot.context;
  const opened = snapshot.matches('confirming') && pending !== null;
  const ask = pending ? confirmation(pending, team) : null;
  return (
    <AppModal opened={opened} onClose={() => send({ type: 'confirm.cancel' })} title={ask?.title} centered zIndex={400}>
      {ask && (
        <>
          <Text size="sm">{ask.message}</Text>
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button variant="default" onClick={() => send({ type: 'confirm.cancel' })}>
              Cancel
            </Button>
            <Button color={ask.danger ? 'red' : undefined} onClick={() => send({ type: 'confirm.accept' })} data-autofocus>
              {ask.confirm}
            </Button>
          </Group>
        </>
      )}
    </AppModal>
  );
}
