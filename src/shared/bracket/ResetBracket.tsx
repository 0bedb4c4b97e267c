import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfirmModal } from '../../ui/ConfirmDialog/ConfirmModal';

/** Staff's Reset Bracket button (a tournament's bracket, a league division's playoffs). */
export function ResetBracketButton({ canReset, resetting, onReset }: { canReset: boolean; resetting: boolean; onReset: () => void }) {
  return (
    <Button color="red" variant="light" onClick={onReset} disabled={!canReset && !resetting} loading={resetting}>
      Reset Bracket
    </Button>
  );
}

interface ResetBracketDialogProps {
  opened: boolean;
  resetting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The warning: the reset is irreversible. */
  children: ReactNode;
}

/** The confirmation Reset Bracket asks first. */
export function ResetBracketDialog({ opened, resetting, onConfirm, onCancel, children }: ResetBracketDialogProps) {
  return (
    <ConfirmModal opened={opened || resetting} title="Reset Bracket" confirmLabel="Reset Bracket" danger busy={resetting} onConfirm={onConfirm} onCancel={onCancel}>
      {children}
    </ConfirmModal>
  );
}
