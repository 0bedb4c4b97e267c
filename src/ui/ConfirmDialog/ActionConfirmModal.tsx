import { Text } from '@mantine/core';
import type { Confirmation } from '../../../machines/rules/lifecycleActions';
import { ConfirmModal } from './ConfirmModal';

interface ActionConfirmModalProps {
  /** The action's confirmation (its lifecycle table, machines/rules/*Actions.ts); null: the action asks nothing. */
  confirmation: Confirmation | null;
  /** The admin table's machine waits for the answer (its `confirming` state). */
  asking: boolean;
  /** The confirmed action runs (its `working` state): the dialog stays, its button spinning. */
  working: boolean;
  /** What the action is about: the season's name, the tournament's title. */
  subject: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirmation of a lifecycle action on an admin table: "**name**: text", open while asking and while it runs. */
export function ActionConfirmModal({ confirmation, asking, working, subject, onConfirm, onCancel }: ActionConfirmModalProps) {
  return (
    <ConfirmModal
      opened={(asking || working) && confirmation !== null}
      title={confirmation?.title ?? ''}
      confirmLabel={confirmation?.label ?? ''}
      danger={confirmation?.danger ?? false}
      busy={working}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <Text span fw={700}>
        {subject}
      </Text>
      : {confirmation?.text}
    </ConfirmModal>
  );
}
