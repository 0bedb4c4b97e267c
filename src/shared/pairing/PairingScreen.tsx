import { Alert, Button, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DndContext, KeyboardSensor, PointerSensor, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import type { Tournament } from '../../api/contract/tournament';
import { pairingMachine } from '../../../machines/flows/pairingMachine';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useMachineWith } from '../../ui/useMachineWith';
import type { PairingPlayer } from '../../../machines/rules/pairingBoard';
import { announcements, collisionDetection, jumpBetweenPlaces, POOL_ID, screenReaderInstructions, type PlaceData, type PlayerData } from './pairingDnd';
import { PairingPlayerChip } from './PairingPlayerChip';
import { PairingTeamCard } from './PairingTeamCard';
import classes from './PairingScreen.module.css';

export const PAIRING_SAVED = { title: 'Teams Saved', message: 'The pairing for this tournament has been saved' };

/**
 * The SWITCHEROO pairing screen (ADMIN/OWNER, CLOSED): ENTRIES on the left, TEAMS on the right. Players are dragged
 * into team slots (pointer, touch or keyboard); a drop on an occupied slot is ignored. Save stores the pairing.
 */
export function PairingScreen({ tournament }: { tournament: Tournament }) {
  const [snapshot, send] = useMachineWith(pairingMachine, {
    input: { tournament },
    actions: {
      reportError: (_, { error }) => notifyError(error),
      notifySaved: () => notifySuccess(PAIRING_SAVED),
    },
  });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: jumpBetweenPlaces }),
  );
  if (snapshot.matches('loading')) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading..." />
      </Center>
    );
  }
  if (snapshot.matches('failed')) {
    return (
      <Stack align="center" py="xl">
        <Text c="dimmed">The pairing could not be loaded.</Text>
        <Button variant="light" onClick={() => send({ type: 'load.retry' })}>
          Try again
        </Button>
      </Stack>
    );
  }
  const { board, freeSubstituteSlots, showNameErrors } = snapshot.context;
  const saving = snapshot.matches('saving');
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const player = active.data.current as PlayerData | undefined;
    const place = over?.data.current as PlaceData | undefined;
    if (player && place) send({ type: 'player.drop', userId: player.userId, target: place.target });
  };
  return (
    <DndContext sensors={sensors} collisionDetection={collisionDetection} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions }}>
      <Group justify="space-between" mb="md">
        <Text>
          Free substitute slots: <strong>{freeSubstituteSlots}</strong>
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={() => send({ type: 'team.add' })} disabled={saving}>
            Add Team
          </Button>
          <Button onClick={() => send({ type: 'pairing.save' })} loading={saving}>
            Save Teams
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <EntriesColumn players={board.pool} disabled={saving} />
        <Stack gap="sm">
          <Title order={3}>TEAMS</Title>
          {board.teams.length === 0 && <Alert color="gray">No teams yet. Add a team to start pairing.</Alert>}
          {board.teams.map((team, index) => (
            <PairingTeamCard
              key={team.key}
              team={team}
              index={index}
              showNameError={showNameErrors}
              disabled={saving}
              onRename={(name) => send({ type: 'team.rename', key: team.key, name })}
              onRemove={() => send({ type: 'team.remove', key: team.key })}
            />
          ))}
        </Stack>
      </SimpleGrid>
    </DndContext>
  );
}

function EntriesColumn({ players, disabled }: { players: PairingPlayer[]; disabled: boolean }) {
  const data: PlaceData = { target: 'pool', label: 'ENTRIES', free: true };
  const { setNodeRef, isOver } = useDroppable({ id: POOL_ID, data });
  return (
    <Stack gap="sm" className={classes.pool}>
      <Title order={3}>ENTRIES</Title>
      <div ref={setNodeRef} role="group" aria-label="ENTRIES" className={classes.column} data-over={isOver || undefined}>
        <Stack gap={6}>
          {players.length === 0 && (
            <Text size="sm" c="dimmed">
              Every player is in a team.
            </Text>
          )}
          {players.map((p) => (
            <PairingPlayerChip key={p.userId} player={p} disabled={disabled} />
          ))}
        </Stack>
      </div>
    </Stack>
  );
}
