import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { AppModal } from '../../ui/AppModal/AppModal';
import { paymentMachine, type PaymentMethod } from '../../../machines/flows/paymentMachine';
import type { PaymentSecret } from '../../api/contract/billing';
import { notifyClientError, notifySuccess } from '../../ui/notify';
import { useMachineWith } from '../../ui/useMachineWith';
import { ERRORS, SUCCESS } from '../../domain/messages';
import { formatEuros } from '../../domain/formatEuros';
import { PaymentBusy, PaymentDone, PaymentPending } from './PaymentProgress';
import { isLocalSecret, stripeEnabled } from './stripe';
import { StripePaymentForm } from './StripePaymentForm';
import { TestCardForm } from './TestCardForm';
import classes from './PaymentDialog.module.css';

export interface PaymentDialogProps {
  opened: boolean;
  /** A client secret already in hand (join-tournament answers one). */
  clientSecret?: string | null;
  /** Or the call that creates the payment when the dialog opens (guest page, season entry, transfer). */
  create?: () => Promise<PaymentSecret>;
  /** Amount due, in euros. */
  amount: number;
  /** What is being paid for ("Entry: Spring Cup"). */
  description: string;
  /** The server confirmed the payment ("Payment Received" is already shown, "Payment Processing" follows). Close the dialog here. */
  onSucceeded?: () => void;
  /** The customer closed the dialog; `processing`: the bank was still deciding, the payment completes on its own. */
  onClose: (outcome: { processing: boolean }) => void;
}

/**
 * The one payment dialog: Stripe's Payment Element (night theme) when the server uses Stripe and the build has a
 * publishable key, otherwise the local test card form. Driven by the payment machine; mounted only while open, so
 * every opening starts a fresh payment flow.
 */
export function PaymentDialog(props: PaymentDialogProps) {
  return props.opened ? <PaymentFlow {...props} /> : null;
}

function PaymentFlow({ clientSecret, create, amount, description, onSucceeded, onClose }: PaymentDialogProps) {
  const [snapshot, send] = useMachineWith(paymentMachine, {
    input: { clientSecret, create },
    actions: {
      reportSucceeded: () => {
        notifySuccess(SUCCESS.paymentReceived);
        onSucceeded?.();
      },
      reportFailed: (_, { message }) => notifyClientError(ERRORS.paymentError.title, message ?? ERRORS.paymentError.fallback),
      reportProcessing: () => notifySuccess(SUCCESS.paymentProcessing),
    },
  });
  const secret = snapshot.context.clientSecret;
  const busy = snapshot.matches('processing');
  const failed = snapshot.matches('failed');
  const showForm = secret !== null && (snapshot.matches('awaitingConfirmation') || busy || failed);

  const close = () => {
    if (snapshot.can({ type: 'payment.cancel' })) send({ type: 'payment.cancel' });
    onClose({ processing: snapshot.matches('pending') });
  };
  const canPay = (method: PaymentMethod) => snapshot.can({ type: 'payment.submit', method });
  const pay = (method: PaymentMethod) => send({ type: 'payment.submit', method });
  const actions = (
    <>
      <Button variant="default" onClick={close} disabled={busy}>
        Cancel
      </Button>
      {failed && <Button onClick={() => send({ type: 'payment.retry' })}>Try again</Button>}
    </>
  );
  const form = { state: busy ? ('busy' as const) : failed ? ('locked' as const) : ('ready' as const), canPay, onPay: pay, actions };

  return (
    <AppModal
      opened
      onClose={close}
      title="Payment"
      large={stripeEnabled}
      centered
      closeOnClickOutside={false}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" className={classes.summary}>
          <Text size="sm">{description}</Text>
          <Text fw={700}>{formatEuros(amount)}</Text>
        </Group>
        {snapshot.matches('creating') && <PaymentBusy label="Preparing your payment..." />}
        {busy && <PaymentBusy label="Processing your payment..." />}
        {failed && (
          <Alert color="red" title={ERRORS.paymentError.title}>
            {snapshot.context.error ?? ERRORS.paymentError.fallback}
          </Alert>
        )}
        {showForm && secret !== null && isLocalSecret(secret) && <TestCardForm {...form} />}
        {showForm && secret !== null && !isLocalSecret(secret) && stripeEnabled && <StripePaymentForm clientSecret={secret} {...form} />}
        {showForm && secret !== null && !isLocalSecret(secret) && !stripeEnabled && (
          <Alert color="red">Card payments are not available: this site has no Stripe publishable key.</Alert>
        )}
        {failed && secret === null && <Group justify="flex-end">{actions}</Group>}
        {snapshot.matches('pending') && <PaymentPending onCheck={() => send({ type: 'payment.check' })} onClose={close} />}
        {snapshot.matches('succeeded') && <PaymentDone onClose={close} />}
      </Stack>
    </AppModal>
  );
}
