import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link, useLocation, useParams } from 'wouter';
import { PageTitle } from '../../../ui/PageTitle/PageTitle';
import { notifyClientError, notifyError, notifySuccess } from '../../../ui/notify';
import { useMachineWith } from '../../../ui/useMachineWith';
import { SUCCESS } from '../../../domain/messages';
import { tournamentSnapshotFor } from '../../../../machines/rules/tournamentMachine';
import { mapsAndModesMachine } from '../../../../machines/flows/mapsAndModesMachine';
import { ConfirmModal } from '../../../ui/ConfirmDialog/ConfirmModal';
import { LoadFailedState, LoadingState } from '../../../ui/DataLoader/LoadStates';
import { MapsEntries } from './MapsEntries';

/** /admin/tournaments/:id/maps: one input per round; Start when the tournament is CLOSED, otherwise Update. */
export function MapsAndModesPage() {
  const { id } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachineWith(mapsAndModesMachine, {
    input: { id: Number(id) },
    actions: {
      reportError: (_, { error }) => notifyError(error),
      reportRefusal: (_, { title, message }) => notifyClientError(title, message),
      notifyUpdated: () => notifySuccess(SUCCESS.mapsUpdated),
      notifyStarted: () => notifySuccess(SUCCESS.tournamentStarted),
      showTable: () => navigate('/admin/tournaments'),
      showBracket: (_, { tournamentId }) => navigate(`/tournaments/${tournamentId}`),
    },
  });
  const { tournament, rounds, values, showMissing } = snapshot.context;

  if (snapshot.matches('loading') || snapshot.matches('checking') || snapshot.matches('refused')) {
    return <LoadingState />;
  }
  if (snapshot.matches('failed') || !tournament) {
    return <LoadFailedState message="This tournament could not be loaded." onRetry={() => send({ type: 'load.retry' })} />;
  }
  const starts = tournamentSnapshotFor(tournament.status).can({ type: 'tournament.start' });
  const busy = snapshot.matches('saving') || snapshot.matches('starting');
  return (
    <>
      <PageTitle documentTitle={`Maps and Modes · ${tournament.title}`}>Update Maps and Modes</PageTitle>
      <Text mb="md">
        <Anchor component={Link} href={`/tournaments/${tournament.id}/details`} fw={700}>
          {tournament.title}
        </Anchor>{' '}
        · {tournament.status}
      </Text>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'maps.save' });
        }}
      >
        <Stack gap="sm" maw={600}>
          {rounds.length === 0 && (
            <Alert color="yellow" title="No rounds yet">
              A bracket needs at least 2 entries. Add entries before starting this tournament.
            </Alert>
          )}
          {rounds.map((round) => (
            <TextInput
              key={round}
              label={round}
              withAsterisk
              placeholder="Map and mode"
              value={values[round] ?? ''}
              // After a refused save the empty rounds are marked (the notification says what is missing).
              error={showMissing && !values[round]?.trim()}
              onChange={(e) => send({ type: 'map.change', roundName: round, value: e.currentTarget.value })}
              disabled={busy}
            />
          ))}
          <Group justify="space-between" mt="md">
            <Button component={Link} href="/admin/tournaments" variant="default">
              Back
            </Button>
            <Button type="submit" loading={busy} disabled={rounds.length === 0}>
              {starts ? 'Start' : 'Update'}
            </Button>
          </Group>
        </Stack>
      </form>
      <MapsEntries tournament={tournament} />
      <ConfirmModal
        opened={snapshot.matches('confirming')}
        title="Start Tournament"
        confirmLabel="Start"
        onConfirm={() => send({ type: 'start.confirm' })}
        onCancel={() => send({ type: 'start.cancel' })}
      >
        Starting {tournament.title} saves these maps and modes and generates the bracket from its entries. Sign-ups stay
        closed.
      </ConfirmModal>
    </>
  );
}
