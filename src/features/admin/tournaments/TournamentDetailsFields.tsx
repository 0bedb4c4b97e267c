import { SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import type { TournamentFormValues } from '../../../../machines/rules/tournamentForm';

const DATE_PROPS = {
  valueFormat: 'DD/MM/YYYY',
  placeholder: 'dd/mm/yyyy',
  withAsterisk: true,
  previousLabel: 'Previous month',
  nextLabel: 'Next month',
} as const;

/** Title, subtitle, description, dates, rules link, prize pool and host. */
export function TournamentDetailsFields({ form }: { form: UseFormReturnType<TournamentFormValues> }) {
  return (
    <>
      <TextInput label="Title" withAsterisk maxLength={120} {...form.getInputProps('title')} />
      <TextInput label="Subtitle" withAsterisk maxLength={200} {...form.getInputProps('subTitle')} />
      <Textarea label="Description" withAsterisk minRows={3} rows={4} resize="vertical" maxLength={5000} {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DatePickerInput label="Start date" {...DATE_PROPS} {...form.getInputProps('startDate')} />
        <TimeInput label="Start time" withAsterisk {...form.getInputProps('startTime')} />
        <DatePickerInput label="End date" {...DATE_PROPS} {...form.getInputProps('endDate')} />
        <DatePickerInput label="Sign ups close" {...DATE_PROPS} {...form.getInputProps('signUpClose')} />
      </SimpleGrid>
      <TextInput
        label="Rules"
        description="Link to the rules page"
        placeholder="https://"
        type="url"
        withAsterisk
        {...form.getInputProps('rules')}
      />
      <Textarea label="Prize pool info" withAsterisk rows={2} resize="vertical" maxLength={500} {...form.getInputProps('prizePoolInfo')} />
      <TextInput label="Host" withAsterisk maxLength={120} {...form.getInputProps('host')} />
    </>
  );
}
