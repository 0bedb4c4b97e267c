// The pure entry does not load Stripe.js on import: local test mode never contacts js.stripe.com.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};
const publishableKey = env.VITE_STRIPE_PUBLISHABLE_KEY ?? '';

/** Whether this build takes real payments through Stripe (VITE_STRIPE_PUBLISHABLE_KEY was set). */
export const stripeEnabled = publishableKey !== '';

let stripePromise: Promise<Stripe | null> | null = null;

/** Stripe.js, loaded the first time a Stripe payment form opens. */
export const getStripe = () => (stripePromise ??= loadStripe(publishableKey));

/** The local test provider's client secrets start with lpi_ (Stripe's with pi_): the form follows the server. */
export const isLocalSecret = (clientSecret: string) => clientSecret.startsWith('lpi_');
