import { assign, setup } from 'xstate';
import { VALIDATION } from '../src/domain/messages';

export interface JoinSeasonContext {
  agreed: boolean;
  termsError: string | null;
}

export type JoinSeasonEvent =
  | { type: 'join.open' }
  | { type: 'join.cancel' }
  | { type: 'terms.change'; agreed: boolean }
  | { type: 'join.submit' }
  /** The payment dialog: the server confirmed the payment ("Payment Received" is the dialog's own notice). */
  | { type: 'payment.succeeded' }
  /** The payment dialog closed before success (cancelled, failed, or still processing). */
  | { type: 'payment.close' };

/**
 * Joining a season for the viewer's team (seasons-and-admin §4): the dialog with the terms box, then the payment
 * dialog, which makes the join call itself (it answers the payment secret) and says "Payment Received" or
 * "Payment Processing". Whether the viewer may open it at all is `joinBlocker` (the disabled button's tooltip).
 * The view provides `refresh` (re-read the season: the team shows as joined once the payment succeeds).
 */
export const joinSeasonMachine = setup({
  types: { context: {} as JoinSeasonContext, events: {} as JoinSeasonEvent },
  actions: {
    refresh: () => {},
  },
  guards: {
    termsTicked: ({ context }) => context.agreed,
  },
}).createMachine({
  id: 'joinSeason',
  context: { agreed: false, termsError: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'join.open': { target: 'editing', actions: assign({ agreed: false, termsError: null }) } },
    },
    editing: {
      on: {
        'terms.change': { actions: assign({ agreed: ({ event }) => event.agreed, termsError: null }) },
        'join.submit': [{ guard: 'termsTicked', target: 'paying' }, { actions: assign({ termsError: VALIDATION.terms }) }],
        'join.cancel': 'closed',
      },
    },
    paying: {
      on: {
        'payment.succeeded': { target: 'closed', actions: 'refresh' },
        // A payment still processing becomes an entry once it succeeds; re-reading shows it then.
        'payment.close': { target: 'closed', actions: 'refresh' },
      },
    },
  },
});
