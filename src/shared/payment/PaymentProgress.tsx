import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { SUCCESS } from '../../domain/messages';

/** While the payment is created or confirmed: a spinner and what is happening, announced to screen readers. */
export function PaymentBusy({ label }: { label: string }) {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

/** The bank is still deciding after the dialog stopped checking: the payment completes in the background. */
export function PaymentPending({ onCheck, onClose }: { onCheck: () => void; onClose: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="blue" title={SUCCESS.paymentProcessing.title}>
        {SUCCESS.paymentProcessing.message}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onCheck}>Check again</Button>
      </Group>
    </Stack>
  );
}

/** Shown when the caller keeps the dialog open after a successful payment. */
export function PaymentDone({ onClose }: { onClose: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="green" title={SUCCESS.paymentReceived.title}>
        Thank you, your payment has been received.
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}
