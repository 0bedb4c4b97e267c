import type { TestPath } from '@xstate/graph';
import { isUnchanged } from './testMachine';

type AnyPath = TestPath<any, any>;

/**
 * "from --event--> to" for every step of a path (the first step is the machine starting in `start`), or null when a
 * step changed nothing (an event the machine ignores there: such paths test nothing more).
 */
export function transitionsOf(
  path: AnyPath,
  start: string,
  describeEvent: (event: any) => string,
  describeState: (snapshot: any) => unknown = (s) => s.value,
): string[] | null {
  const steps = path.steps;
  if (steps.some((step) => isUnchanged(step.state))) return null;
  return steps.map((step, i) => {
    const to = JSON.stringify(describeState(step.state));
    if (i === 0) return `${start} --> ${to}`;
    return `${JSON.stringify(describeState(steps[i - 1].state))} --${describeEvent(step.event)}--> ${to}`;
  });
}

/**
 * Keeps, in order, the paths that take at least one transition no earlier kept path took: together they still take
 * every transition the given paths take, in far fewer runs through the real view.
 */
export function coverTransitions<P extends { path: AnyPath; transitions: string[] | null }>(
  candidates: P[],
): { kept: (P & { transitions: string[] })[]; all: Set<string> } {
  const seen = new Set<string>();
  const real = candidates.filter((c): c is P & { transitions: string[] } => c.transitions !== null);
  const all = new Set(real.flatMap((c) => c.transitions));
  const kept = real.filter((c) => {
    const fresh = c.transitions.filter((t) => !seen.has(t));
    fresh.forEach((t) => seen.add(t));
    return fresh.length > 0;
  });
  return { kept, all };
}
