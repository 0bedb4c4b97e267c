/*
 * Reset Bracket on a bracket page (bracketPageMachine: a tournament's; divisionPageMachine: a division's playoffs):
 * staff ask, the irreversible confirmation answers, then the page's own `resetting` state makes its call. The page
 * machine names the guard `canReset` (staff, and the lifecycle allows it).
 */

export type ResetConfirmationEvent = { type: 'reset.request' } | { type: 'reset.confirm' } | { type: 'reset.cancel' };

/** The reset region's asking states; spread into the region beside its `resetting` state. */
export const resetAskStates = {
  idle: { on: { 'reset.request': { guard: 'canReset', target: 'confirming' } } },
  confirming: { on: { 'reset.confirm': 'resetting', 'reset.cancel': 'idle' } },
} as const;
