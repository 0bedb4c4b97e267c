/*
 * Steps of "time to bracket" on the page's performance timeline, read by `npm run bench:time-to-bracket`. Each name
 * holds only its latest entry (a polled bracket does not pile them up); a timeline that refuses (old browsers, test
 * environments) is ignored.
 */
export const BRACKET_TIMING = {
  /** The bracket's data is parsed and validated (main thread). */
  data: 'bracket:data',
  /** Parsing and validating the body (measured where it ran: main thread or worker). */
  parse: 'bracket:parse',
  /** The answer turned into the canvas's matches. */
  convert: 'bracket:convert',
  /** The engine took the data: layout and packing. */
  layout: 'bracket:layout',
  /** The canvas's renderer is up (it starts while the bracket loads). */
  rendererReady: 'bracket:renderer-ready',
  /** The first frame drawn with that data. */
  firstFrame: 'bracket:first-frame',
} as const;

type Step = (typeof BRACKET_TIMING)[keyof typeof BRACKET_TIMING];

const timeline = (): Performance | null =>
  typeof performance !== 'undefined' && typeof performance.mark === 'function' && typeof performance.measure === 'function' ? performance : null;

/** Marks the moment `step` happened. */
export function markBracket(step: Step): void {
  const p = timeline();
  if (!p) return;
  try {
    p.clearMarks(step);
    p.mark(step);
  } catch {
    // Timing is never worth an error.
  }
}

/** Records `step` as running from `start` (performance.now() time) for `duration` ms, or until now. */
export function measureBracket(step: Step, start: number, duration?: number): void {
  const p = timeline();
  if (!p) return;
  try {
    p.clearMeasures(step);
    p.measure(step, duration === undefined ? { start, end: p.now() } : { start, duration });
  } catch {
    // Timing is never worth an error.
  }
}

/** performance.now(), or 0 where there is no timeline. */
export const nowMs = (): number => timeline()?.now() ?? 0;
