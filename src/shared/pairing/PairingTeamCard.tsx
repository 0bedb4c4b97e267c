import { ActionIcon, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import { SLOT_LETTERS, type PairingPlayer, type PairingTeam } from '../../../machines/rules/pairingBoard';
import { slotId, type PlaceData } from './pairingDnd';
import { PairingPlayerChip } from './PairingPlayerChip';
import { PAIRING } from '../../domain/messages';
import classes from './PairingScreen.module.css';

interface Props {
  team: PairingTeam;
  index: number;
  showNameError: boolean;
  disabled: boolean;
  onRename: (name: string) => void;
  onRemove: () => void;
}

/** A team of the pairing board: its name and its slots (A to D for singles, A and B for doubles). */
export function PairingTeamCard({ team, index, showNameError, disabled, onRename, onRemove }: Props) {
  const label = team.name.trim() || `Team ${index + 1}`;
  return (
    <Card withBorder padding="sm" radius="md">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          flex={1}
          size="sm"
          label={`Team ${index + 1} name`}
          withAsterisk
          maxLength={40}
          value={team.name}
          onChange={(e) => onRename(e.currentTarget.value)}
          error={showNameError && team.name.trim() === '' ? PAIRING.teamName : undefined}
          disabled={disabled}
        />
        <ActionIcon variant="subtle" color="red" mt={26} aria-label={`Remove ${label}`} onClick={onRemove} disabled={disabled}>
          <span aria-hidden>✕</span>
        </ActionIcon>
      </Group>
      <Stack gap={6} mt="xs">
        {team.slots.map((player, slot) => (
          <PairingSlot key={slot} teamKey={team.key} slot={slot} label={`${label} slot ${SLOT_LETTERS[slot]}`} player={player} disabled={disabled} />
        ))}
      </Stack>
    </Card>
  );
}

function PairingSlot({ teamKey, slot, label, player, disabled }: { teamKey: string; slot: number; label: string; player: PairingPlayer | null; disabled: boolean }) {
  const data: PlaceData = { target: { teamKey, slot }, label, free: player === null };
  const { setNodeRef, isOver } = useDroppable({ id: slotId(teamKey, slot), data });
  return (
    <div ref={setNodeRef} role="group" aria-label={label} className={classes.slot} data-over={isOver || undefined} data-taken={player ? true : undefined}>
      <span className={classes.letter} aria-hidden>
        {SLOT_LETTERS[slot]}
      </span>
      {player ? (
        <PairingPlayerChip player={player} disabled={disabled} />
      ) : (
        <Text size="sm" c="dimmed">
          Free substitute slot
        </Text>
      )}
    </div>
  );
}
