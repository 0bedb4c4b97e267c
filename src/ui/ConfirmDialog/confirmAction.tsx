import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { modalWidth } from '../AppModal/AppModal';

interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
}

/** Asks before an action that cannot be taken back (remove, refund, leave). */
export function confirmAction({ title, message, confirmLabel, danger = true, onConfirm }: ConfirmOptions) {
  modals.openConfirmModal({
    title,
    centered: true,
    size: modalWidth(),
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: confirmLabel, cancel: 'Cancel' },
    confirmProps: { color: danger ? 'red' : undefined },
    onConfirm,
  });
}
