import { and, fromPromise } from 'xstate';
import { sendLifecycleAction } from '../../src/api/endpoints/lifecycleActions';
import { actionUrl, type LifecycleAction } from '../rules/lifecycleActions';

/*
 * What the admin tables of the lifecycles (adminSeasonsMachine, adminTournamentsMachine) share: a row's OPTIONS
 * action asks first when its table row has a confirmation, runs at once when it has none, and is ignored when the
 * lifecycle does not allow it. Each table machine names the guards `isAllowed` and `needsConfirmation`, the action
 * `select` (remember the row and the action) and `clear`, and a `working` state that runs the call.
 */

/** The actor that sends a row's action, as the lifecycle's table names its call (resource `/season`, `/tournament`). */
export function lifecycleActionActor<Action extends string>(resource: string, table: Record<Action, LifecycleAction<never, unknown>>) {
  return fromPromise<unknown, { id: number; action: Action }>(({ input }) => {
    const { endpoint } = table[input.action];
    return sendLifecycleAction(actionUrl(resource, input.id, endpoint), endpoint.method);
  });
}

/** `row.act` in the idle table: confirm first, or run at once; nothing when the lifecycle refuses. */
export const rowActTransitions = [
  { guard: and(['isAllowed', 'needsConfirmation']), target: 'confirming', actions: 'select' },
  { guard: 'isAllowed', target: 'working', actions: 'select' },
] as const;

/** The confirmation dialog's state: confirm runs the action, cancel forgets it. */
export const confirmingState = {
  on: { 'action.confirm': 'working', 'action.cancel': { target: 'idle', actions: 'clear' } },
} as const;
