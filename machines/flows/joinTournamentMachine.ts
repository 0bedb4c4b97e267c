import { assign, fromPromise, setup } from 'xstate';
import { joinTournament } from '../../src/api/endpoints/tournaments';
import { VALIDATION } from '../../src/domain/messages';

export interface JoinTournamentInput {
  tournamentId: number;
  /** The id the join call is made for: the viewer's user id (see docs/decisions.md, Tournaments). */
  teamOrUserId: number;
  /** Team types (TOURNAMENT with teamLimit > 1) ask for a team name. */
  needsTeamName: boolean;
  /** Euros; above 0 the dialog says a payment follows. */
  entryFee: number;
}

export interface JoinErrors {
  name?: string;
  terms?: string;
}

export interface JoinTournamentContext extends JoinTournamentInput {
  name: string;
  agreed: boolean;
  errors: JoinErrors;
  /** The payment secret the join call answered when a fee is due. */
  clientSecret: string | null;
}

export type JoinTournamentEvent =
  | { type: 'join.open' }
  | { type: 'join.cancel' }
  | { type: 'name.change'; name: string }
  | { type: 'terms.change'; agreed: boolean }
  | { type: 'join.submit' }
  /** The payment dialog: the server confirmed the payment ("Payment Received" is the dialog's own notice). */
  | { type: 'payment.succeeded' }
  /** The payment dialog was closed before the payment succeeded (cancelled, failed, or still processing). */
  | { type: 'payment.close' };

type JoinResult = true | { clientSecret: string };

function validationErrors(c: Pick<JoinTournamentContext, 'needsTeamName' | 'name' | 'agreed'>): JoinErrors {
  const errors: JoinErrors = {};
  if (c.needsTeamName && !c.name.trim()) errors.name = VALIDATION.teamName;
  if (!c.agreed) errors.terms = VALIDATION.terms;
  return errors;
}

/**
 * Registering for a tournament: the form (team name for team types, the terms box), the join call, and the
 * payment step when the call answers a payment secret instead of `true` (the payment dialog shows "Payment
 * Received" / "Payment Processing" itself). The view provides `notifyJoined`, `reportError` and `refresh`
 * (re-read the tournament, which then shows JOINED).
 */
export const joinTournamentMachine = setup({
  types: {
    context: {} as JoinTournamentContext,
    events: {} as JoinTournamentEvent,
    input: {} as JoinTournamentInput,
  },
  actors: {
    joinTournament: fromPromise<JoinResult, { tournamentId: number; teamOrUserId: number; name: string | null }>(
      ({ input }) => joinTournament(input.tournamentId, input.teamOrUserId, input.name),
    ),
  },
  actions: {
    notifyJoined: () => {},
    refresh: () => {},
    reportError: (_, _params: { error: unknown }) => {},
    validate: assign({ errors: ({ context }) => validationErrors(context) }),
    resetForm: assign({ name: '', agreed: false, errors: {}, clientSecret: null }),
  },
  guards: {
    isComplete: ({ context }) => Object.keys(validationErrors(context)).length === 0,
    isJoined: (_, output: JoinResult) => output === true,
  },
}).createMachine({
  id: 'joinTournament',
  context: ({ input }) => ({ ...input, name: '', agreed: false, errors: {}, clientSecret: null }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'join.open': { target: 'editing', actions: 'resetForm' } },
    },
    editing: {
      on: {
        'name.change': {
          actions: assign({
            name: ({ event }) => event.name,
            errors: ({ context }) => ({ ...context.errors, name: undefined }),
          }),
        },
        'terms.change': {
          actions: assign({
            agreed: ({ event }) => event.agreed,
            errors: ({ context }) => ({ ...context.errors, terms: undefined }),
          }),
        },
        'join.submit': [{ guard: 'isComplete', target: 'joining' }, { actions: 'validate' }],
        'join.cancel': 'closed',
      },
    },
    joining: {
      invoke: {
        id: 'joinTournament',
        src: 'joinTournament',
        input: ({ context }) => ({
          tournamentId: context.tournamentId,
          teamOrUserId: context.teamOrUserId,
          name: context.needsTeamName ? context.name.trim() : null,
        }),
        onDone: [
          {
            guard: { type: 'isJoined', params: ({ event }) => event.output },
            target: 'joined',
            actions: ['notifyJoined', 'refresh'],
          },
          {
            target: 'paying',
            actions: assign({
              clientSecret: ({ event }) => (event.output === true ? null : event.output.clientSecret),
            }),
          },
        ],
        onError: {
          target: 'editing',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    paying: {
      on: {
        'payment.succeeded': { target: 'joined', actions: 'refresh' },
        // A payment still processing becomes an entry once it succeeds: re-reading the tournament shows it then.
        // A cancelled or failed one leaves the tournament unjoined, and REGISTER starts a new payment.
        'payment.close': { target: 'closed', actions: 'refresh' },
      },
    },
    joined: { type: 'final' },
  },
});
