import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link, useLocation, useParams } from 'wouter';
import { PageTitle } from '../../../ui/PageTitle/PageTitle';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useMachineWith } from '../../../ui/useMachineWith';
import { SUCCESS } from '../../../domain/messages';
import { tournamentSnapshotFor } from '../../../../machines/rules/tournamentMachine';
import { definedEntriesMachine } from '../../../../machines/flows/definedEntriesMachine';
import { DefinedEntriesEditor } from './DefinedEntriesEditor';
import { DefinedEntriesList } from './DefinedEntriesList';
import { ConfirmModal } from '../../../ui/ConfirmDialog/ConfirmModal';
import { LoadFailedState, LoadingState } from '../../../ui/DataLoader/LoadStates';

/**
 * /admin/tournaments/:id/entries: the predefined entries editor (custom players or teams). Before the bracket
 * exists it edits and saves; afterwards it shows the list read only. Unsaved changes ask before leaving.
 */
export function DefinedEntriesPage() {
  const { id } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachineWith(definedEntriesMachine, {
    input: { id: Number(id) },
    actions: {
      reportError: (_, { error }) => notifyError(error),
      notifySaved: () => notifySuccess(SUCCESS.tournamentUpdated),
      leave: (_, { href }) => navigate(href),
    },
  });
  const { tournament, draft } = snapshot.context;
  if (snapshot.matches('loading')) {
    return <LoadingState />;
  }
  if (snapshot.matches('failed') || !tournament) {
    return <LoadFailedState message="This tournament could not be loaded." onRetry={() => send({ type: 'load.retry' })} />;
  }
  const lifecycle = tournamentSnapshotFor(tournament.status);
  // The bracket is generated on start: from then on the predefined entries are part of it.
  const editable = lifecycle.matches('open') || lifecycle.matches('closed');
  const saving = snapshot.matches('saving');
  const dirty = snapshot.matches({ editing: 'dirty' }) || snapshot.matches('confirmingLeave');
  return (
    <>
      <PageTitle documentTitle={`Predefined Entries · ${tournament.title}`}>Predefined Entries</PageTitle>
      <Group justify="space-between" mb="lg">
        <Anchor component={Link} href={`/tournaments/${tournament.id}/details`} fw={700}>
          {tournament.title}
        </Anchor>
        {editable && dirty && (
          <Text size="sm" c="yellow" role="status">
            Unsaved changes
          </Text>
        )}
      </Group>
      {editable ? (
        <DefinedEntriesEditor draft={draft} disabled={saving} onEdit={(edit) => send(edit)} />
      ) : (
        <Stack>
          <Alert color="gray">This tournament has started: its predefined entries are part of the bracket.</Alert>
          <DefinedEntriesList definedEntries={tournament.definedEntries} />
        </Stack>
      )}
      <Group justify="space-between" mt="xl">
        <Button component={Link} href="/admin/tournaments" variant="default">
          Back to Tournaments
        </Button>
        {editable && (
          <Button onClick={() => send({ type: 'entries.save' })} loading={saving}>
            Save
          </Button>
        )}
      </Group>
      <ConfirmModal
        opened={snapshot.matches('confirmingLeave')}
        title="Unsaved Changes"
        confirmLabel="Leave"
        cancelLabel="Stay"
        danger
        onConfirm={() => send({ type: 'leave.confirm' })}
        onCancel={() => send({ type: 'leave.cancel' })}
      >
        The predefined entries have changes that are not saved. Leave this page and lose them?
      </ConfirmModal>
    </>
  );
}
