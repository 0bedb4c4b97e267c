import { assign, fromPromise, setup } from 'xstate';
import type { SeasonTeam } from '../../src/api/contract/season';
import { setMemberKr } from '../../src/api/endpoints/seasons';

export interface MemberKrContext {
  team: SeasonTeam | null;
  userId: number | null;
  /** The KR as typed ('' while empty). */
  kr: number | '';
}

export type MemberKrEvent =
  | { type: 'team.open'; team: SeasonTeam }
  | { type: 'member.select'; userId: number }
  | { type: 'kr.change'; kr: number | '' }
  | { type: 'kr.save' }
  | { type: 'kr.close' };

const memberKr = (team: SeasonTeam, userId: number) => team.users.find((u) => u.id === userId)?.katanaRank ?? '';

/**
 * Staff edit a member's KR by clicking a team on the season page (seasons-and-admin §6): closed → editing (pick a
 * member, type the KR) → saving → closed. The view provides `notifySaved`, `reportError` and `reload` (the season,
 * whose averages change).
 */
export const memberKrMachine = setup({
  types: { context: {} as MemberKrContext, events: {} as MemberKrEvent },
  actors: {
    saveKr: fromPromise<void, { userId: number; kr: number }>(({ input }) => setMemberKr(input.userId, input.kr)),
  },
  actions: {
    notifySaved: () => {},
    reportError: (_, _params: { error: unknown }) => {},
    reload: () => {},
  },
  guards: {
    isComplete: ({ context }) => context.userId !== null && context.kr !== '' && context.kr >= 0,
  },
}).createMachine({
  id: 'memberKr',
  context: { team: null, userId: null, kr: '' },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'team.open': {
          target: 'editing',
          actions: assign(({ event }) => {
            const first = event.team.users[0]?.id ?? null;
            return { team: event.team, userId: first, kr: first === null ? '' : memberKr(event.team, first) };
          }),
        },
      },
    },
    editing: {
      on: {
        'member.select': { actions: assign({ userId: ({ event }) => event.userId, kr: ({ context, event }) => memberKr(context.team!, event.userId) }) },
        'kr.change': { actions: assign({ kr: ({ event }) => event.kr }) },
        'kr.save': { guard: 'isComplete', target: 'saving' },
        'kr.close': 'closed',
      },
    },
    saving: {
      invoke: {
        src: 'saveKr',
        input: ({ context }) => ({ userId: context.userId!, kr: Number(context.kr) }),
        onDone: { target: 'closed', actions: ['notifySaved', 'reload'] },
        onError: { target: 'editing', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
