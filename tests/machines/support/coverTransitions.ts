import type { TestPath } from '@xstate/graph';

type AnyPath = TestPath<any, any>;

/** "from --event--> to" for every step of a path (the first step is the machine starting in `start`). */
export function transitionsOf(path: AnyPath, start: string, describeEvent: (event: any) => string): string[] {
  return path.steps.map((step, i) => {
    const to = JSON.stringify(step.state.value);
    if (i === 0) return `${start} --> ${to}`;
    return `${JSON.stringify(path.steps[i - 1].state.value)} --${describeEvent(step.event)}--> ${to}`;
  });
}

/**
 * Keeps, in order, the paths that take at least one transition no earlier kept path took: together they still take
 * every transition the given paths take, in far fewer runs through the real view.
 */
export function coverTransitions<P extends { path: AnyPath; transitions: string[] }>(candidates: P[]): { kept: P[]; all: Set<string> } {
  const seen = new Set<string>();
  const all = new Set(candidates.flatMap((c) => c.transitions));
  const kept = candidates.filter((c) => {
    const fresh = c.transitions.filter((t) => !seen.has(t));
    fresh.forEach((t) => seen.add(t));
    return fresh.length > 0;
  });
  return { kept, all };
}
