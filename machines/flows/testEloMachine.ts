import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { TestEloBody } from '../../src/api/contract/season';
import { testElo } from '../../src/api/endpoints/seasonMatches';
import { TEST_ELO_PLAYERS_PER_SIDE } from '../../src/domain/constants';
import { MATCH_ERRORS, VALIDATION } from '../../src/domain/messages';

export type EloSide = 'A' | 'B';
/** One side of the form as typed: its team score and up to 6 existing ranks. */
export interface EloSideDraft {
  score: string;
  ranks: string[];
}
export type EloDraft = Record<EloSide, EloSideDraft>;
/** Field messages: `A.score`, `A.rank0`, `form` … */
export type EloErrors = Partial<Record<string, string>>;
/** Calculated ranks per side, in the rows' order (null beside a row that was ignored). */
export type EloResults = Record<EloSide, (number | null)[]>;

const SIDES: EloSide[] = ['A', 'B'];
const emptySide = (): EloSideDraft => ({ score: '', ranks: Array<string>(TEST_ELO_PLAYERS_PER_SIDE).fill('') });
const numberOf = (text: string): number | null => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));

/** Team scores and each side's first rank are required; ranks that are not numbers are ignored; no draw. */
export function eloErrors(draft: EloDraft): EloErrors {
  const errors: EloErrors = {};
  for (const side of SIDES) {
    if (numberOf(draft[side].score) === null) errors[`${side}.score`] = VALIDATION.required;
    if (numberOf(draft[side].ranks[0]) === null) errors[`${side}.rank0`] = VALIDATION.required;
  }
  if (Object.keys(errors).length === 0 && Number(draft.A.score) === Number(draft.B.score)) errors.form = MATCH_ERRORS.draw;
  return errors;
}

const average = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * One call per player (seasons-and-admin §7): its own KR against the other side's average KR, increase for the
 * side that scored higher and decrease for the other. Each call carries the two team scores as typed.
 */
export function eloCalls(draft: EloDraft): { side: EloSide; row: number; direction: 'increase' | 'decrease'; body: TestEloBody }[] {
  const teamAScore = Number(draft.A.score);
  const teamBScore = Number(draft.B.score);
  const ranks = (side: EloSide) => draft[side].ranks.map(numberOf);
  return SIDES.flatMap((side) => {
    const other = ranks(side === 'A' ? 'B' : 'A').filter((r): r is number => r !== null);
    const won = side === 'A' ? teamAScore > teamBScore : teamBScore > teamAScore;
    return ranks(side).flatMap((kr, row) =>
      kr === null ? [] : [{ side, row, direction: won ? ('increase' as const) : ('decrease' as const), body: { teamAScore, teamBScore, kr, averageKr: average(other) } }],
    );
  });
}

async function calculate(draft: EloDraft): Promise<EloResults> {
  const results: EloResults = { A: draft.A.ranks.map(() => null), B: draft.B.ranks.map(() => null) };
  const answers = await Promise.all(eloCalls(draft).map(async (c) => ({ ...c, rank: await testElo(c.direction, c.body) })));
  for (const a of answers) results[a.side][a.row] = a.rank;
  return results;
}

export type TestEloEvent =
  | { type: 'score.change'; side: EloSide; value: string }
  | { type: 'rank.change'; side: EloSide; row: number; value: string }
  | { type: 'elo.calculate' };

/** The Test Elo screen: type two sides, calculate (one call per player), read the calculated ranks. */
export const testEloMachine = setup({
  types: { context: {} as { draft: EloDraft; errors: EloErrors; results: EloResults | null }, events: {} as TestEloEvent },
  actors: { calculateRanks: fromPromise<EloResults, EloDraft>(({ input }) => calculate(input)) },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    /** Typing clears the messages and the old results (they were for other ranks). */
    edit: assign(({ context, event }) => {
      assertEvent(event, ['score.change', 'rank.change']);
      const side = context.draft[event.side];
      const next =
        event.type === 'score.change' ? { ...side, score: event.value } : { ...side, ranks: side.ranks.map((r, i) => (i === event.row ? event.value : r)) };
      return { draft: { ...context.draft, [event.side]: next }, results: null, errors: {} };
    }),
    showErrors: assign({ errors: ({ context }) => eloErrors(context.draft) }),
  },
  guards: { isValid: ({ context }) => Object.keys(eloErrors(context.draft)).length === 0 },
}).createMachine({
  id: 'testElo',
  context: { draft: { A: emptySide(), B: emptySide() }, errors: {}, results: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'score.change': { actions: 'edit' },
        'rank.change': { actions: 'edit' },
        'elo.calculate': [{ guard: 'isValid', target: 'calculating', actions: assign({ errors: {} }) }, { actions: 'showErrors' }],
      },
    },
    calculating: {
      invoke: {
        src: 'calculateRanks',
        input: ({ context }) => context.draft,
        onDone: { target: 'editing', actions: assign({ results: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
