import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

interface FormActionsProps {
  onCancel: () => void;
  /** The main button's label ("Save Changes", "Create Team"). */
  submitLabel: ReactNode;
  /** What the main button does; without it, it submits its form. */
  onSubmit?: () => void;
  /** While the work runs: the main button spins and Cancel waits. */
  busy?: boolean;
  /** The main button cannot be used yet (the form is not complete). */
  disabled?: boolean;
  /** The main button destroys or refuses something (red). */
  danger?: boolean;
  mt?: MantineSpacing;
}

/** The foot of a dialog's form: Cancel, then the main action, on the right. */
export function FormActions({ onCancel, submitLabel, onSubmit, busy = false, disabled, danger, mt }: FormActionsProps) {
  return (
    <Group justify="flex-end" gap="sm" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button
        type={onSubmit ? 'button' : 'submit'}
        onClick={onSubmit}
        loading={busy}
        disabled={disabled}
        color={danger ? 'red' : undefined}
      >
        {submitLabel}
      </Button>
    </Group>
  );
}
