import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { EntrantSearch } from './EntrantSearch';
import { FitIcon, FullscreenIcon, ZoomInIcon, ZoomOutIcon } from './icons';
import type { ViewMatch } from './model';
import type { BracketEngine } from './renderer/createBracketEngine';

export interface BracketControlsProps {
  engine: BracketEngine | null;
  matches: readonly ViewMatch[];
  fullscreen: boolean;
  onToggleFullscreen: () => void;
}

const ZOOM_STEP = 1.4;

function Tool({ label, onClick, disabled, pressed, children }: { label: string; onClick: () => void; disabled?: boolean; pressed?: boolean; children: ReactNode }) {
  return (
    <Tooltip label={label} withArrow openDelay={400}>
      <ActionIcon variant="default" size="md" aria-label={label} aria-pressed={pressed} onClick={onClick} disabled={disabled}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Jump buttons, entrant search, zoom and fullscreen. */
export function BracketControls({ engine, matches, fullscreen, onToggleFullscreen }: BracketControlsProps) {
  const hasLosers = matches.some((m) => m.track === 'losers' && m.live);
  const zoom = (factor: number) => engine?.zoomBy(factor);
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={() => engine?.jumpTo('winners')} disabled={!engine}>
          Winners
        </Button>
        <Button variant="default" size="xs" onClick={() => engine?.jumpTo('losers')} disabled={!engine || !hasLosers}>
          Losers
        </Button>
      </Group>
      <EntrantSearch matches={matches} engine={engine} />
      <Group gap={4}>
        <Tool label="Zoom out" onClick={() => zoom(1 / ZOOM_STEP)} disabled={!engine}>
          <ZoomOutIcon />
        </Tool>
        <Tool label="Fit" onClick={() => engine?.jumpTo('fit')} disabled={!engine}>
          <FitIcon />
        </Tool>
        <Tool label="Zoom in" onClick={() => zoom(ZOOM_STEP)} disabled={!engine}>
          <ZoomInIcon />
        </Tool>
        <Tool label="Fullscreen" onClick={onToggleFullscreen} pressed={fullscreen}>
          <FullscreenIcon exit={fullscreen} />
        </Tool>
      </Group>
    </Group>
  );
}
