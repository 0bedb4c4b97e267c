import { Checkbox, NumberInput, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { AppModal } from '../../../ui/AppModal/AppModal';
import { FormActions } from '../../../ui/FormActions/FormActions';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import type { Season, SeasonBody } from '../../../api/contract/season';
import { DUE_DATES, parseTypedDate, toBody, validationRules, valuesOf, type SeasonFormValues } from './seasonForm';
import { webhookChange } from '../../../../machines/rules/webhookForm';
import { DiscordAnnouncements } from '../announcements/DiscordAnnouncements';

interface SeasonFormModalProps {
  /** The season to edit, or null to add one. */
  season: Season | null;
  busy: boolean;
  /** The season's fields, and what to do with its Discord webhook (a URL, null to remove it, undefined to leave it). */
  onSubmit: (body: SeasonBody, webhook: string | null | undefined) => void;
  onClose: () => void;
}

const DATE_PROPS = { valueFormat: 'DD/MM/YYYY', placeholder: 'dd/mm/yyyy', dateParser: parseTypedDate, withAsterisk: true } as const;

/** The Add/Edit Season dialog: every season field and the eight due dates, validated on submit (spec §5). */
export function SeasonFormModal({ season, busy, onSubmit, onClose }: SeasonFormModalProps) {
  const form = useForm<SeasonFormValues>({ initialValues: valuesOf(season), validate: validationRules });
  return (
    <AppModal opened onClose={onClose} large title={season ? `Edit ${season.name}` : 'Add Season'} closeOnClickOutside={!busy} closeOnEscape={!busy}>
      <form noValidate onSubmit={form.onSubmit((values) => onSubmit(toBody(values, season), webhookChange(values)))}>
        <Stack gap="sm">
          <TextInput label="Name" withAsterisk maxLength={120} {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <DateInput label="Start Date" {...DATE_PROPS} {...form.getInputProps('startDate')} />
            <NumberInput label="Group Stage Weeks" withAsterisk min={1} allowDecimal={false} {...form.getInputProps('playoffWeeks')} />
            <NumberInput label="Entry Fee" withAsterisk min={0} decimalScale={2} prefix="€" {...form.getInputProps('entryFee')} />
          </SimpleGrid>
          <Textarea label="Prize Pool Info" withAsterisk rows={2} maxLength={500} {...form.getInputProps('prizePoolInfo')} />
          <Textarea label="Season Info" withAsterisk rows={3} maxLength={5000} {...form.getInputProps('seasonInfo')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {DUE_DATES.map(({ field, label }) => (
              <DateInput key={field} label={label} {...DATE_PROPS} {...form.getInputProps(field)} />
            ))}
          </SimpleGrid>
          <Checkbox label="Published" {...form.getInputProps('published', { type: 'checkbox' })} />
          <DiscordAnnouncements
            owner={season && { kind: 'season', id: season.id }}
            input={form.getInputProps('discordWebhook')}
            remove={form.getInputProps('removeWebhook', { type: 'checkbox' })}
          />
          <FormActions onCancel={onClose} busy={busy} mt="md" submitLabel={season ? 'Save Changes' : 'Add Season'} />
        </Stack>
      </form>
    </AppModal>
  );
}
