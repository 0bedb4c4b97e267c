import { assign, fromPromise, setup } from 'xstate';
import type { SwitcherooEntries, Tournament } from '../../src/api/contract/tournament';
import { getSwitcherooEntries, saveSwitcherooTeams } from '../../src/api/endpoints/adminTournaments';
import { SWITCHEROO_PAIRING_SLOTS } from '../../src/domain/constants';
import {
  boardFrom,
  emptyTeam,
  isFree,
  movePlayer,
  removeTeam,
  renameTeam,
  toSaveBody,
  type DropTarget,
  type PairingBoard,
} from '../rules/pairingBoard';

interface Context {
  tournament: Tournament;
  slotCount: number;
  board: PairingBoard;
  freeSubstituteSlots: number;
  /** Set when Save found a team without a name (the field then says so). */
  showNameErrors: boolean;
}

type Event =
  | { type: 'player.drop'; userId: number; target: DropTarget }
  | { type: 'team.add' }
  | { type: 'team.remove'; key: string }
  | { type: 'team.rename'; key: string; name: string }
  | { type: 'pairing.save' }
  | { type: 'load.retry' };

const withBoard = (data: SwitcherooEntries, slotCount: number) => ({
  board: boardFrom(data, slotCount),
  freeSubstituteSlots: data.freeSubstituteSlots,
});

/**
 * The SWITCHEROO pairing board: loading → editing ⇄ saving. Players move between the ENTRIES column and team
 * slots; a drop on an occupied slot is ignored. Save sends the whole board and shows what the server kept.
 * The view provides `reportError` and `notifySaved`.
 */
export const pairingMachine = setup({
  types: { context: {} as Context, events: {} as Event, input: {} as { tournament: Tournament } },
  actors: {
    loadBoard: fromPromise<SwitcherooEntries, number>(({ input }) => getSwitcherooEntries(input)),
    saveBoard: fromPromise<SwitcherooEntries, { id: number; board: PairingBoard }>(({ input }) =>
      saveSwitcherooTeams(input.id, toSaveBody(input.board)),
    ),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    notifySaved: () => {},
  },
  guards: {
    isFreeTarget: ({ context, event }) => event.type === 'player.drop' && isFree(context.board, event.target),
    everyTeamNamed: ({ context }) => context.board.teams.every((t) => t.name.trim() !== ''),
  },
}).createMachine({
  id: 'pairing',
  context: ({ input }) => ({
    tournament: input.tournament,
    slotCount: SWITCHEROO_PAIRING_SLOTS[input.tournament.switcherooType],
    board: { pool: [], teams: [] },
    freeSubstituteSlots: 0,
    showNameErrors: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadBoard',
        input: ({ context }) => context.tournament.id,
        onDone: { target: 'editing', actions: assign(({ context, event }) => withBoard(event.output, context.slotCount)) },
        onError: { target: 'failed', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'load.retry': 'loading' } },
    editing: {
      on: {
        'player.drop': {
          guard: 'isFreeTarget',
          actions: assign({ board: ({ context, event }) => movePlayer(context.board, event.userId, event.target) }),
        },
        'team.add': {
          actions: assign({
            board: ({ context: { board, slotCount } }) => ({ ...board, teams: [...board.teams, emptyTeam(board.teams.length, slotCount)] }),
          }),
        },
        'team.remove': { actions: assign({ board: ({ context, event }) => removeTeam(context.board, event.key) }) },
        'team.rename': { actions: assign({ board: ({ context, event }) => renameTeam(context.board, event.key, event.name) }) },
        'pairing.save': [{ guard: 'everyTeamNamed', target: 'saving' }, { actions: assign({ showNameErrors: true }) }],
      },
    },
    saving: {
      invoke: {
        src: 'saveBoard',
        input: ({ context }) => ({ id: context.tournament.id, board: context.board }),
        onDone: {
          target: 'editing',
          actions: [assign(({ context, event }) => ({ ...withBoard(event.output, context.slotCount), showNameErrors: false })), 'notifySaved'],
        },
        onError: { target: 'editing', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
