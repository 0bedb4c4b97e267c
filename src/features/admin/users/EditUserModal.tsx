import { NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { AppModal } from '../../../ui/AppModal/AppModal';
import { FormActions } from '../../../ui/FormActions/FormActions';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { AdminUserPatch, AdminUserRow } from '../../../api/contract/user';
import { editUser } from '../../../api/endpoints/adminUsers';
import { SUCCESS } from '../../../domain/messages';
import { notifyError, notifySuccess } from '../../../ui/notify';

const COUNTS = [
  ['katanaRank', 'KR'],
  ['wins', 'Wins'],
  ['losses', 'Losses'],
  ['gold', 'Gold'],
  ['silver', 'Silver'],
  ['bronze', 'Bronze'],
] as const;

type Counts = Record<(typeof COUNTS)[number][0], number | string>;

interface EditUserModalProps {
  user: AdminUserRow;
  onClose: () => void;
  onSaved: () => void;
}

/** The Edit User dialog: Activision ID, KR, wins, losses, gold, silver, bronze → "User Edited". */
export function EditUserModal({ user, onClose, onSaved }: EditUserModalProps) {
  const [busy, setBusy] = useState(false);
  const form = useForm<{ battleTag: string } & Counts>({
    initialValues: {
      battleTag: user.battleTag ?? '',
      ...(Object.fromEntries(COUNTS.map(([key]) => [key, user[key]])) as Counts),
    },
    validate: Object.fromEntries(
      COUNTS.map(([key]) => [key, (v: number | string) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? null : 'Please enter a whole number')]),
    ),
  });
  const submit = form.onSubmit((values) => {
    const body: AdminUserPatch = { ...(values as Required<Omit<AdminUserPatch, 'battleTag'>>), battleTag: values.battleTag.trim() || null };
    setBusy(true);
    editUser(user.id, body).then(
      () => {
        notifySuccess(SUCCESS.userEdited);
        onSaved();
      },
      (error) => {
        setBusy(false);
        notifyError(error);
      },
    );
  });
  return (
    <AppModal opened onClose={onClose} title={`Edit User: ${user.discordName}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Activision ID" maxLength={64} {...form.getInputProps('battleTag')} />
          <SimpleGrid cols={3}>
            {COUNTS.map(([key, label]) => (
              <NumberInput key={key} label={label} min={0} allowDecimal={false} allowNegative={false} {...form.getInputProps(key)} />
            ))}
          </SimpleGrid>
          <FormActions onCancel={onClose} busy={busy} submitLabel="Save" />
        </Stack>
      </form>
    </AppModal>
  );
}
