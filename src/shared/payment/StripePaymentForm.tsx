import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { ReactNode } from 'react';
import type { PaymentMethod } from '../../../machines/flows/paymentMachine';
import { PaymentActions, type PaymentFormState } from './PaymentActions';
import { getStripe } from './stripe';

interface StripePaymentFormProps {
  clientSecret: string;
  state: PaymentFormState;
  canPay: (method: PaymentMethod) => boolean;
  onPay: (method: PaymentMethod) => void;
  actions: ReactNode;
}

/** Stripe's Payment Element in the night theme (spec: the payment form uses a night theme). */
export function StripePaymentForm({ clientSecret, ...form }: StripePaymentFormProps) {
  return (
    <Elements stripe={getStripe()} options={{ clientSecret, appearance: { theme: 'night' } }}>
      <StripeFields {...form} />
    </Elements>
  );
}

function StripeFields({ state, canPay, onPay, actions }: Omit<StripePaymentFormProps, 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  // Stripe.js is still loading until both are there.
  const method: PaymentMethod | null = stripe && elements ? { kind: 'stripe', stripe, elements } : null;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (method && canPay(method)) onPay(method);
      }}
    >
      <PaymentElement options={{ readOnly: state !== 'ready' }} />
      <PaymentActions state={state} payDisabled={!method || !canPay(method)}>
        {actions}
      </PaymentActions>
    </form>
  );
}
