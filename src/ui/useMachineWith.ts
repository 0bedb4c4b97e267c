import { startTransition, useEffect, useState } from 'react';
import { useActorRef, useMachine } from '@xstate/react';
import type { AnyActorRef, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';

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
  const { logic, input } = useProvided(machine, options);
  return useMachine(logic, { input }) as ReturnType<typeof useMachine<TMachine>>;
}

/** The machine with the view's implementations, taken once at mount, and its input. */
function useProvided<TMachine extends AnyStateMachine>(machine: TMachine, options: MachineWith<TMachine>) {
  const { input, actions, actors } = options as { input?: unknown } & MachineWith<TMachine>;
  const [logic] = useState(() => machine.provide({ actions, actors } as Implementations<TMachine>) as AnyStateMachine);
  return { logic, input };
}

/** Nothing to render at length: no data, or an empty list (a failure, no results). */
const isEmpty = (data: unknown) => data == null || (Array.isArray(data) && data.length === 0);

/**
 * `useMachineWith` for a machine that loads what a screen shows (a list, a page's data): a snapshot that brings new
 * `dataOf` (not nothing, not an empty list) is rendered as a transition, in slices of a few milliseconds that let the
 * browser answer input between them, instead of one task (a table's first render is a few hundred milliseconds on a
 * phone). The screen changes all at once when that render is done, so nothing reads half-loaded; every other change
 * (typing, a page number, "Loading...") is rendered at once, as `useMachine` does.
 */
export function useLoadingMachineWith<TMachine extends AnyStateMachine>(machine: TMachine, options: MachineWith<TMachine>, dataOf: (snapshot: SnapshotFrom<TMachine>) => unknown) {
  const { logic, input } = useProvided(machine, options);
  const actorRef = useActorRef(logic, { input }) as AnyActorRef;
  const [snapshot, setSnapshot] = useState(() => actorRef.getSnapshot() as SnapshotFrom<TMachine>);
  useEffect(() => {
    let last = snapshot;
    const show = (next: SnapshotFrom<TMachine>) => {
      if (next === last) return;
      const data = dataOf(next);
      const newData = data !== dataOf(last) && !isEmpty(data);
      last = next;
      if (newData) startTransition(() => setSnapshot(next));
      else setSnapshot(next);
    };
    // What changed before this effect (an answer taken from the preloaded reads arrives that soon), then each change.
    show(actorRef.getSnapshot() as SnapshotFrom<TMachine>);
    const subscription = actorRef.subscribe(show);
    return () => subscription.unsubscribe();
    // The snapshot first rendered, and dataOf as given at mount (like the machine's implementations).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actorRef]);
  return [snapshot, actorRef.send as ReturnType<typeof useMachine<TMachine>>[1], actorRef] as const;
}
