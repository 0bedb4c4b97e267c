import { assign, createMachine, type AnyStateMachine } from 'xstate';

type NodeConfig = {
  invoke?: InvokeConfig | InvokeConfig[];
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, NodeConfig>;
  [key: string]: unknown;
};
type InvokeConfig = { id?: string; onDone?: unknown; onError?: unknown };

/**
 * The machine's own graph, in the form @xstate/graph walks (it refuses invocations and delays): each invocation
 * becomes the events it ends with (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`) and each delay the event
 * `xstate.after.<delay>`, with the same transitions, guards and actions. Nothing is copied by hand, so the model
 * cannot drift from the machine the app runs.
 */
export function toTestMachine<T extends AnyStateMachine>(machine: T): T {
  const convert = (node: NodeConfig): NodeConfig => {
    const { invoke, after, on, states, entry, ...rest } = node;
    const events: Record<string, unknown> = { ...on };
    for (const inv of ([] as InvokeConfig[]).concat(invoke ?? [])) {
      if (!inv.id) throw new Error('toTestMachine: give every invocation an id');
      if (inv.onDone) events[`xstate.done.actor.${inv.id}`] = inv.onDone;
      if (inv.onError) events[`xstate.error.actor.${inv.id}`] = inv.onError;
    }
    for (const [delay, transition] of Object.entries(after ?? {})) events[`xstate.after.${delay}`] = transition;
    // Entering such a state starts I/O (a request, a timer): count entries, so re-entering it (a reload while
    // loading) is a transition of its own and not "nothing changed".
    const io = invoke !== undefined || after !== undefined;
    const entries = ([] as unknown[]).concat(entry ?? [], io ? [countEntry] : []);
    return {
      ...rest,
      ...(entries.length > 0 ? { entry: entries } : {}),
      ...(Object.keys(events).length > 0 ? { on: events } : {}),
      ...(states ? { states: Object.fromEntries(Object.entries(states).map(([k, v]) => [k, convert(v)])) } : {}),
    };
  };
  const test = createMachine(convert(machine.config as NodeConfig) as never, machine.implementations as never) as unknown as T;
  // @xstate/graph also offers events without our cases (page.change with no page): mark what changed nothing.
  const transition = test.transition;
  (test as { transition: unknown }).transition = (snapshot: object, event: never, scope: never) => {
    const next = transition(snapshot as never, event, scope);
    return next === snapshot ? { ...next, [UNCHANGED]: true } : next;
  };
  return test;
}

const countEntry = assign(({ context }: { context: Record<string, unknown> }) => ({
  testEntries: ((context.testEntries as number | undefined) ?? 0) + 1,
}));

const UNCHANGED = Symbol('unchanged');
/** Whether this snapshot came from an event that changed nothing. */
export const isUnchanged = (snapshot: object) => UNCHANGED in snapshot;

/**
 * Serializes a step as "state reached via event from previous state", so shortest paths cover every transition,
 * self-transitions included (the default only tells transitions apart when the state value changes).
 */
export function transitionKey(keyOf: (snapshot: any) => unknown, describeEvent: (event: any) => string = (e) => e.type) {
  return (state: any, event: { type: string } | undefined, prev: any) => {
    // An event that changed nothing gets its own node, reached only by paths ending in it (transitionsOf drops them).
    if (event && isUnchanged(state)) return `${JSON.stringify(keyOf(state))} unchanged`;
    return JSON.stringify(keyOf(state)) + (event && prev ? ` via ${describeEvent(event)} from ${JSON.stringify(keyOf(prev))}` : '');
  };
}
