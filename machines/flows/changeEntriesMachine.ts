import { assign, fromPromise, setup } from 'xstate';
import type { Entry, MatchEntriesPatch, TournamentMatch } from '../../src/api/contract/tournament';
import { changeMatchEntries } from '../../src/api/endpoints/matches';
import { getAdminEntries } from '../../src/api/endpoints/tournaments';
import { matchFacts } from '../../src/api/contract/matchFacts';
import { changeableSides as sidesRule, entriesChangeBlocker } from '../../src/domain/matchRules';

type Side = 'A' | 'B';

/** The sides of a match whose entry staff may change (src/domain/matchRules.ts). */
export const changeableSides = (m: TournamentMatch): Side[] => sidesRule(matchFacts(m));

/** Whether staff may change any entry of this match now: the tournament is ACTIVE or CLOSED and a side can change. */
export const mayChangeEntries = (m: TournamentMatch) => entriesChangeBlocker(matchFacts(m)) === null && changeableSides(m).length > 0;

/** The spec's PATCH body for the chosen entries: userXId for players, teamXId for teams, definedEntryX for names. */
export function entriesPatch(choice: Record<Side, number | null>, entries: readonly Entry[], current: Record<Side, number | null>): MatchEntriesPatch {
  const patch: MatchEntriesPatch = {};
  for (const side of ['A', 'B'] as const) {
    const entry = entries.find((e) => e.id === choice[side]);
    if (!entry || entry.id === current[side]) continue;
    if (entry.userId) patch[`user${side}Id`] = entry.userId;
    else if (entry.teamId) patch[`team${side}Id`] = entry.teamId;
    else patch[`definedEntry${side}`] = entry.name ?? entry.discordName ?? '';
  }
  return patch;
}

export interface ChangeEntriesContext {
  match: TournamentMatch;
  entries: Entry[];
  choice: Record<Side, number | null>;
}

export type ChangeEntriesEvent =
  | { type: 'entries.open' }
  | { type: 'entries.choose'; side: Side; entryId: number | null }
  | { type: 'entries.save' }
  | { type: 'entries.cancel' };

const currentOf = (m: TournamentMatch) => ({ A: m.entryAId, B: m.entryBId });

/** CHANGE TEAMS (staff): load the tournament's entries, pick one per changeable side, save. The view provides the actions. */
export const changeEntriesMachine = setup({
  types: {
    context: {} as ChangeEntriesContext,
    events: {} as ChangeEntriesEvent,
    input: {} as { match: TournamentMatch },
  },
  actors: {
    loadEntries: fromPromise<Entry[], { tournamentId: number }>(({ input }) => getAdminEntries(input.tournamentId)),
    saveEntries: fromPromise<TournamentMatch, { tournamentId: number; matchId: number; patch: MatchEntriesPatch }>(({ input }) =>
      changeMatchEntries(input.tournamentId, input.matchId, input.patch),
    ),
  },
  actions: {
    notifyChanged: () => {},
    changed: (_, _params: { match: TournamentMatch }) => {},
    reportError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    mayChange: ({ context }) => mayChangeEntries(context.match),
    hasChanges: ({ context }) => Object.keys(entriesPatch(context.choice, context.entries, currentOf(context.match))).length > 0,
  },
}).createMachine({
  id: 'changeEntries',
  context: ({ input }) => ({ match: input.match, entries: [], choice: currentOf(input.match) }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'entries.open': { guard: 'mayChange', target: 'loading', actions: assign({ choice: ({ context }) => currentOf(context.match) }) } },
    },
    loading: {
      invoke: {
        id: 'loadEntries',
        src: 'loadEntries',
        input: ({ context }) => ({ tournamentId: context.match.tournamentId }),
        // Refunded entries no longer take part.
        onDone: { target: 'editing', actions: assign({ entries: ({ event }) => event.output.filter((e) => !e.refunded) }) },
        onError: { target: 'closed', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'entries.cancel': 'closed' },
    },
    editing: {
      on: {
        'entries.choose': { actions: assign({ choice: ({ context, event }) => ({ ...context.choice, [event.side]: event.entryId }) }) },
        'entries.save': { guard: 'hasChanges', target: 'saving' },
        'entries.cancel': 'closed',
      },
    },
    saving: {
      invoke: {
        id: 'saveEntries',
        src: 'saveEntries',
        input: ({ context }) => ({
          tournamentId: context.match.tournamentId,
          matchId: context.match.id,
          patch: entriesPatch(context.choice, context.entries, currentOf(context.match)),
        }),
        onDone: {
          target: 'closed',
          actions: [
            assign({ match: ({ event }) => event.output }),
            'notifyChanged',
            { type: 'changed', params: ({ event }) => ({ match: event.output }) },
          ],
        },
        onError: { target: 'editing', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
