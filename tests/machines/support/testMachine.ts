import { toDirectedGraph, type DirectedGraphEdge, type DirectedGraphNode } from '@xstate/graph';
import { assign, createMachine, type AnyStateMachine, type StateValue } from 'xstate';

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

/** A state node's path as a state value: ['processing', 'polling'] → { processing: 'polling' }. */
const valueAt = (path: string[]): StateValue => path.reduceRight<StateValue>((inner, key) => ({ [key]: inner }), {});

/**
 * Every transition the machine defines, as "from --event--> to" between atomic state values (JSON): each guarded
 * alternative on its own, a transition without a target back to its own state, a target entered at its initial
 * state, and a transition of a parent state from each of its atomic states that does not take the event itself.
 * Read from @xstate/graph's graph of the machine (pass the machine the model walks: toTestMachine's). `start` adds
 * "start --> <the initial state>".
 */
export function definedTransitions(machine: AnyStateMachine, opts: { start?: boolean } = {}): Set<string> {
  const atomicValue = (path: string[]) => JSON.stringify(machine.resolveState({ value: valueAt(path), context: {} }).value);
  // `start`: also the machine starting, as "start --> <its initial state>" (before any eventless transition).
  const out = new Set<string>(opts.start ? [`start --> ${atomicValue([])}`] : []);
  const visit = (node: DirectedGraphNode, inherited: DirectedGraphEdge[]) => {
    const own = new Set(node.edges.map((e) => e.label.text));
    const edges = [...node.edges, ...inherited.filter((e) => !own.has(e.label.text))];
    if (node.children.length === 0) {
      if (node.stateNode.type !== 'atomic') return;
      const from = atomicValue(node.stateNode.path);
      for (const e of edges) out.add(`${from} --${e.label.text}--> ${e.transition.target ? atomicValue(e.target.path) : from}`);
    }
    for (const child of node.children) visit(child, edges);
  };
  visit(toDirectedGraph(machine), []);
  return out;
}
