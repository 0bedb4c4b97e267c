import { Button, Group, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { TermsCheckbox } from '../../ui/TermsCheckbox/TermsCheckbox';
import { useForm } from '@mantine/form';
import { guestPaymentProblems, type PaymentRequest } from '../../api/contract/billing';
import { PAYMENT_MAX_EUROS, PAYMENT_MIN_EUROS, PAYMENT_REFERENCE_MAX } from '../../domain/constants';
import { VALIDATION } from '../../domain/messages';
import { formatCount } from '../../domain/counts';

interface GuestPaymentValues {
  email: string;
  amount: number | string;
  reference: string;
  terms: boolean;
}

const amountOf = (value: number | string) => (value === '' ? undefined : Number(value));

/** The guest payment form: email, amount, reference and the terms box; Send Payment stays disabled until ticked. */
export function GuestPaymentForm({ onSubmit }: { onSubmit: (payment: PaymentRequest) => void }) {
  const form = useForm<GuestPaymentValues>({
    initialValues: { email: '', amount: '', reference: '', terms: false },
    validate: (values) => ({
      ...guestPaymentProblems({ ...values, amount: amountOf(values.amount) }),
      ...(values.terms ? {} : { terms: VALIDATION.terms }),
    }),
  });
  const submit = form.onSubmit((values) =>
    onSubmit({ email: values.email.trim(), amount: Number(values.amount), reference: values.reference.trim() }),
  );
  return (
    <Paper withBorder radius="md" p="xl">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            Pay an amount you were asked for (an invoice, a sponsorship, a league fee) against the reference you were
            given. No account needed.
          </Text>
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <NumberInput
            label="Amount"
            description={`In euros, from €${PAYMENT_MIN_EUROS.toFixed(2)} to €${formatCount(PAYMENT_MAX_EUROS)}`}
            required
            prefix="€"
            decimalScale={2}
            allowNegative={false}
            clampBehavior="none"
            hideControls
            inputMode="decimal"
            {...form.getInputProps('amount')}
          />
          <TextInput
            label="Reference"
            description="The reference given to you by the provider"
            required
            maxLength={PAYMENT_REFERENCE_MAX}
            {...form.getInputProps('reference')}
          />
          <TermsCheckbox
            {...form.getInputProps('terms', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={!form.values.terms}>
              Send Payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
