import { Stack, Text, Textarea } from '@mantine/core';
import { AppModal } from '../../../ui/AppModal/AppModal';
import { FormActions } from '../../../ui/FormActions/FormActions';
import { useForm } from '@mantine/form';
import type { TransferRequest } from '../../../api/contract/team';
import { TRANSFER_ERRORS } from '../../../domain/messages';
import { canTransfer } from '../../../../machines/rules/transferRequestMachine';

interface RejectTransferModalProps {
  transfer: TransferRequest;
  busy: boolean;
  onSubmit: (rejectedReason: string) => void;
  onClose: () => void;
}

/** Reject a transfer: the reason is required (the team's captain reads it on the REJECTED row). */
export function RejectTransferModal({ transfer, busy, onSubmit, onClose }: RejectTransferModalProps) {
  const form = useForm({
    initialValues: { rejectedReason: '' },
    validate: {
      rejectedReason: (v) =>
        canTransfer(transfer.status ?? 'PENDING', { type: 'transfer.reject', rejectedReason: v }) ? null : TRANSFER_ERRORS.reasonRequired,
    },
  });
  const change = transfer.addPlayer ? `${transfer.userName} joining ${transfer.teamName}` : `${transfer.userName} leaving ${transfer.teamName}`;
  return (
    <AppModal opened onClose={onClose} title="Reject Transfer" closeOnClickOutside={!busy} closeOnEscape={!busy}>
      <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values.rejectedReason.trim()))}>
        <Stack gap="sm">
          <Text size="sm">Reject the transfer of {change}?</Text>
          <Textarea label="Reason" withAsterisk rows={3} maxLength={500} data-autofocus {...form.getInputProps('rejectedReason')} />
          <FormActions onCancel={onClose} busy={busy} danger mt="md" submitLabel="Reject" />
        </Stack>
      </form>
    </AppModal>
  );
}
