import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { PaymentRequest } from '../../api/contract/billing';
import { createGuestPayment } from '../../api/endpoints/billing';
import { SUCCESS } from '../../domain/messages';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { formatEuros } from '../../domain/formatEuros';
import { GuestPaymentForm } from '../../shared/payment/GuestPaymentForm';
import { PaymentDialog } from '../../shared/payment/PaymentDialog';

/** How the last payment ended: received, or still with the bank (it completes on its own). */
interface Outcome {
  payment: PaymentRequest;
  processing: boolean;
}

/** /payment: any visitor pays a stated amount against a reference; on success the form closes and thanks them. */
export function PaymentPage() {
  const [paying, setPaying] = useState<PaymentRequest | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <Stack maw={560} w="100%" mx="auto" gap={0}>
      <PageTitle>Payment</PageTitle>
      {outcome ? (
        <PaymentOutcome {...outcome} onAgain={() => setOutcome(null)} />
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
            setOutcome({ payment: paying, processing: false });
            setPaying(null);
          }}
          onClose={({ processing }) => {
            // A payment the bank is still deciding must not look unpaid: paying again would charge twice.
            if (processing) setOutcome({ payment: paying, processing: true });
            setPaying(null);
          }}
        />
      )}
    </Stack>
  );
}

function PaymentOutcome({ payment, processing, onAgain }: Outcome & { onAgain: () => void }) {
  const amount = formatEuros(payment.amount);
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <Title order={2}>{processing ? SUCCESS.paymentProcessing.title : 'Thank you!'}</Title>
        <Text>
          {processing
            ? `Your payment of ${amount} for reference ${payment.reference} is being confirmed by your bank. There is no need to pay again: it completes on its own in a few moments.`
            : `Your payment of ${amount} for reference ${payment.reference} has been received.`}
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
