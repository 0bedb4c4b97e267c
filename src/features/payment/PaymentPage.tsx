import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { PaymentRequest } from '../../api/contract/billing';
import { createGuestPayment } from '../../api/endpoints/billing';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { formatEuros } from './formatEuros';
import { GuestPaymentForm } from './GuestPaymentForm';
import { PaymentDialog } from './PaymentDialog';

/** /payment: any visitor pays a stated amount against a reference; on success the form closes and thanks them. */
export function PaymentPage() {
  const [paying, setPaying] = useState<PaymentRequest | null>(null);
  const [paid, setPaid] = useState<PaymentRequest | null>(null);
  return (
    <Stack maw={560} w="100%" mx="auto">
      <PageTitle>Payment</PageTitle>
      {paid ? (
        <PaymentThanks payment={paid} onAgain={() => setPaid(null)} />
      ) : (
        <GuestPaymentForm onSubmit={setPaying} />
      )}
      {paying && (
        <PaymentDialog
          opened
          create={() => createGuestPayment(paying)}
          amount={paying.amount}
          description={`Reference ${paying.reference}`}
          onSucceeded={() => {
            setPaid(paying);
            setPaying(null);
          }}
          onClose={() => setPaying(null)}
        />
      )}
    </Stack>
  );
}

function PaymentThanks({ payment, onAgain }: { payment: PaymentRequest; onAgain: () => void }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <Title order={2}>Thank you!</Title>
        <Text>
          Your payment of {formatEuros(payment.amount)} for reference {payment.reference} has been received.
        </Text>
        <Text c="dimmed" size="sm">
          Keep the reference for your records. Questions about a payment? Contact support with your email address.
        </Text>
        <Button variant="light" onClick={onAgain}>
          Make another payment
        </Button>
      </Stack>
    </Paper>
  );
}
