import { NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { AppModal } from '../../../ui/AppModal/AppModal';
import { FormActions } from '../../../ui/FormActions/FormActions';
import { useForm } from '@mantine/form';
import type { AdminTeamPatch, TeamSummary } from '../../../api/contract/team';
import { LEAGUE_TEAM } from '../../../domain/messages';

interface EditTeamModalProps {
  team: TeamSummary;
  busy: boolean;
  onSubmit: (body: AdminTeamPatch) => void;
  onClose: () => void;
}

type Values = Required<AdminTeamPatch>;
const COUNTS = [
  ['wins', 'Wins'],
  ['losses', 'Losses'],
  ['gold', 'Gold'],
  ['silver', 'Silver'],
  ['bronze', 'Bronze'],
] as const;

const countRule = (field: string) => (v: number | string) =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? null : LEAGUE_TEAM.count(field);

/** The Edit Team dialog (seasons-and-admin §2): name, wins, losses, gold, silver, bronze. */
export function EditTeamModal({ team, busy, onSubmit, onClose }: EditTeamModalProps) {
  const form = useForm<Values>({
    initialValues: { name: team.name, wins: team.wins, losses: team.losses, gold: team.gold, silver: team.silver, bronze: team.bronze },
    validate: {
      name: (v) => (!v.trim() ? LEAGUE_TEAM.teamName : v.trim().length > 40 ? LEAGUE_TEAM.teamNameTooLong : null),
      ...Object.fromEntries(COUNTS.map(([field]) => [field, countRule(field)])),
    },
  });
  return (
    <AppModal opened onClose={onClose} title="Edit Team" closeOnClickOutside={!busy} closeOnEscape={!busy}>
      <form noValidate onSubmit={form.onSubmit((values) => onSubmit({ ...values, name: values.name.trim() }))}>
        <Stack gap="sm">
          <TextInput label="Name" withAsterisk maxLength={40} {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
            {COUNTS.map(([field, label]) => (
              <NumberInput key={field} label={label} min={0} allowDecimal={false} allowNegative={false} {...form.getInputProps(field)} />
            ))}
          </SimpleGrid>
          <FormActions onCancel={onClose} busy={busy} mt="md" submitLabel="Save Changes" />
        </Stack>
      </form>
    </AppModal>
  );
}
