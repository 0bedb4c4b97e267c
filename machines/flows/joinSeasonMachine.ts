import { assign, fromPromise, setup } from 'xstate';
import type { PaymentSecret } from '../../src/api/contract/billing';
import { joinSeason } from '../../src/api/endpoints/seasons';
import { VALIDATION } from '../../src/domain/messages';

export interface JoinSeasonInput {
  seasonId: number;
  /** The viewer's team (the one they captain). */
  teamId: number;
}

export interface JoinSeasonContext extends JoinSeasonInput {
  agreed: boolean;
  termsError: string | null;
  /** The payment secret the join call answered for a paid season. */
  clientSecret: string | null;
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

type JoinResult = true | PaymentSecret;

/**
 * Joining a season for the viewer's team (seasons-and-admin §4): the dialog with the terms box, the join call, then
 * the payment dialog with the secret it answered ("Payment Received" or "Payment Processing" are the dialog's own).
 * A free season is joined by the call alone. Whether the viewer may open it at all is `joinBlocker` (the disabled
 * button's tooltip); the server answers the same wording if that changed meanwhile. The view provides `refresh`
 * (re-read the season), `notifyJoined` (free seasons) and `reportError`.
 */
export const joinSeasonMachine = setup({
  types: { context: {} as JoinSeasonContext, events: {} as JoinSeasonEvent, input: {} as JoinSeasonInput },
  actors: {
    joinSeason: fromPromise<JoinResult, JoinSeasonInput>(({ input }) => joinSeason(input.seasonId, input.teamId)),
  },
  actions: {
    refresh: () => {},
    notifyJoined: () => {},
    reportError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    termsTicked: ({ context }) => context.agreed,
    isJoined: (_, output: JoinResult) => output === true,
  },
}).createMachine({
  id: 'joinSeason',
  context: ({ input }) => ({ ...input, agreed: false, termsError: null, clientSecret: null }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'join.open': { target: 'editing', actions: assign({ agreed: false, termsError: null, clientSecret: null }) } },
    },
    editing: {
      on: {
        'terms.change': { actions: assign({ agreed: ({ event }) => event.agreed, termsError: null }) },
        'join.submit': [{ guard: 'termsTicked', target: 'joining' }, { actions: assign({ termsError: VALIDATION.terms }) }],
        'join.cancel': 'closed',
      },
    },
    joining: {
      invoke: {
        src: 'joinSeason',
        input: ({ context }) => ({ seasonId: context.seasonId, teamId: context.teamId }),
        onDone: [
          { guard: { type: 'isJoined', params: ({ event }) => event.output }, target: 'closed', actions: ['notifyJoined', 'refresh'] },
          { target: 'paying', actions: assign({ clientSecret: ({ event }) => (event.output === true ? null : event.output.clientSecret) }) },
        ],
        onError: { target: 'editing', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
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
