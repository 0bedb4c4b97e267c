import { NumberInput, Select, Stack } from '@mantine/core';
import { AppModal } from '../../ui/AppModal/AppModal';
import { FormActions } from '../../ui/FormActions/FormActions';
import type { SnapshotFrom } from 'xstate';
import type { MemberKrEvent, memberKrMachine } from '../../../machines/flows/memberKrMachine';

interface MemberKrModalProps {
  snapshot: SnapshotFrom<typeof memberKrMachine>;
  send: (event: MemberKrEvent) => void;
}

/** Staff: pick a member of the clicked team and set their KR. */
export function MemberKrModal({ snapshot, send }: MemberKrModalProps) {
  const { team, userId, kr } = snapshot.context;
  const saving = snapshot.matches('saving');
  return (
    <AppModal opened={!snapshot.matches('closed')} onClose={() => send({ type: 'kr.close' })} title={`Edit KR: ${team?.name ?? ''}`} centered>
      <Stack gap="sm">
        <Select
          label="Member"
          data={(team?.users ?? []).map((u) => ({ value: String(u.id), label: u.discordName }))}
          value={userId === null ? null : String(userId)}
          onChange={(v) => v && send({ type: 'member.select', userId: Number(v) })}
          allowDeselect={false}
        />
        <NumberInput label="KR" min={0} allowDecimal={false} value={kr} onChange={(v) => send({ type: 'kr.change', kr: v === '' ? '' : Number(v) })} />
        <FormActions onCancel={() => send({ type: 'kr.close' })} onSubmit={() => send({ type: 'kr.save' })} busy={saving} disabled={!snapshot.can({ type: 'kr.save' })} submitLabel="Save" />
      </Stack>
    </AppModal>
  );
}
