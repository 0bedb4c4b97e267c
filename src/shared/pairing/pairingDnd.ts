import {
  closestCenter,
  pointerWithin,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import type { DropTarget } from '../../../machines/rules/pairingBoard';

/** What a draggable player and a droppable place carry. */
export interface PlayerData {
  userId: number;
  name: string;
}
export interface PlaceData {
  target: DropTarget;
  label: string;
  free: boolean;
}

export const POOL_ID = 'pool';
export const slotId = (teamKey: string, slot: number) => `${teamKey}:${slot}`;

/** The pointer's place when it is over one, else the place nearest to the dragged player (keyboard). */
export const collisionDetection: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : closestCenter(args);
};

/**
 * Keyboard dragging jumps from place to place in reading order (the ENTRIES column, then each team's slots)
 * instead of moving 25 px per key press.
 */
export const jumpBetweenPlaces: KeyboardCoordinateGetter = (event, { context }) => {
  const forward = event.code === 'ArrowDown' || event.code === 'ArrowRight';
  const backward = event.code === 'ArrowUp' || event.code === 'ArrowLeft';
  const { droppableContainers, droppableRects, over, collisionRect } = context;
  if ((!forward && !backward) || !collisionRect) return undefined;
  event.preventDefault();
  const ids = droppableContainers
    .getEnabled()
    .map((c) => c.id)
    .filter((id) => droppableRects.has(id));
  if (ids.length === 0) return undefined;
  const at = over ? ids.indexOf(over.id) : -1;
  const step = forward ? 1 : -1;
  const next = ids[at < 0 ? (forward ? 0 : ids.length - 1) : (at + step + ids.length) % ids.length];
  const rect = droppableRects.get(next)!;
  return {
    x: rect.left + rect.width / 2 - collisionRect.width / 2,
    y: rect.top + rect.height / 2 - collisionRect.height / 2,
  };
};

const nameOf = (data: unknown) => (data as PlayerData | undefined)?.name ?? 'The player';
const placeOf = (data: unknown) => data as PlaceData | undefined;

/** What a screen reader hears while a player is moved. */
export const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${nameOf(active.data.current)}.`,
  onDragOver: ({ active, over }) => {
    const place = placeOf(over?.data.current);
    if (!place) return `${nameOf(active.data.current)} is not over a place.`;
    return `${nameOf(active.data.current)} is over ${place.label}${place.free ? '' : ', which is taken'}.`;
  },
  onDragEnd: ({ active, over }) => {
    const place = placeOf(over?.data.current);
    if (!place) return `${nameOf(active.data.current)} was put back.`;
    return place.free ? `${nameOf(active.data.current)} was placed in ${place.label}.` : `${place.label} is taken: ${nameOf(active.data.current)} was not moved.`;
  },
  onDragCancel: ({ active }) => `Moving ${nameOf(active.data.current)} was cancelled.`,
};

export const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'To pick up a player, press space or enter. Use the arrow keys to move between the ENTRIES column and the team slots, then press space or enter to drop the player there, or escape to cancel.',
};
