import { Text } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import { PlayerAvatar } from '../../ui/PlayerAvatar/PlayerAvatar';
import type { PairingPlayer } from '../../../machines/rules/pairingBoard';
import type { PlayerData } from './pairingDnd';
import classes from './PairingScreen.module.css';

/** A player that can be dragged (pointer, touch or keyboard) into a team slot or back to ENTRIES. */
export function PairingPlayerChip({ player, disabled }: { player: PairingPlayer; disabled?: boolean }) {
  const data: PlayerData = { userId: player.userId, name: player.name };
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: `player-${player.userId}`, data, disabled });
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  return (
    <div
      ref={setNodeRef}
      className={classes.chip}
      style={style}
      data-dragging={isDragging || undefined}
      {...attributes}
      {...listeners}
      aria-label={player.name}
    >
      <PlayerAvatar userId={player.userId} name={player.name} picture={player.picture} size="sm" />
      <Text size="sm" fw={600} truncate flex={1}>
        {player.name}
      </Text>
      <Text size="xs" c="dimmed">
        {player.rank}
      </Text>
    </div>
  );
}
