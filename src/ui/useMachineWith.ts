import { useState } from 'react';
import { useMachine } from '@xstate/react';
import type { AnyStateMachine, InputFrom } from 'xstate';

type Implementations<TMachine extends AnyStateMachine> = NonNullable<Parameters<TMachine['provide']>[0]>;

export type MachineWith<TMachine extends AnyStateMachine> = (undefined extends InputFrom<TMachine>
  ? { input?: InputFrom<TMachine> }
  : { input: InputFrom<TMachine> }) & {
  /** The machine's named effects (notifications, navigation, telling the parent view). */
  actions?: Implementations<TMachine>['actions'];
  /** Replacement actors (an endpoint chosen by the view). */
  actors?: Implementations<TMachine>['actors'];
};

/**
 * Runs `machine` with the view's implementations of its stub actions. The implementations are taken once, when the
 * view mounts (like `useMachine`'s logic): remount with a React `key` to run with others.
 */
export function useMachineWith<TMachine extends AnyStateMachine>(machine: TMachine, options: MachineWith<TMachine>) {
  const { input, actions, actors } = options as { input?: unknown } & MachineWith<TMachine>;
  const [logic] = useState(() => machine.provide({ actions, actors } as Implementations<TMachine>) as TMachine);
  return useMachine(logic as AnyStateMachine, { input }) as ReturnType<typeof useMachine<TMachine>>;
}
