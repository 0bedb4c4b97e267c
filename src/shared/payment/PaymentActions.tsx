import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** ready: the customer may pay; busy: the payment is being processed; locked: it failed (the dialog offers a retry). */
export type PaymentFormState = 'ready' | 'busy' | 'locked';

/** The buttons under a payment form: the dialog's own (Cancel, Try again), then Pay. */
export function PaymentActions({ state, payDisabled, children }: { state: PaymentFormState; payDisabled: boolean; children: ReactNode }) {
  return (
    <Group justify="flex-end" mt="sm">
      {children}
      {state !== 'locked' && (
        <Button type="submit" loading={state === 'busy'} disabled={payDisabled || state === 'busy'}>
          Pay
        </Button>
      )}
    </Group>
  );
}
