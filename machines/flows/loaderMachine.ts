import { assign, fromPromise, setup } from 'xstate';

export interface LoaderContext<T = unknown> {
  load: () => Promise<T>;
  data: T | null;
  error: unknown;
}

export type LoaderEvent = { type: 'load.retry' } | { type: 'load.reload' };

/**
 * Loads one resource for a screen: loading → ready | failed; a failed load can be retried, a loaded one
 * reloaded in the background (the old data stays on screen). The view provides `reportError`.
 */
export const loaderMachine = setup({
  types: {
    context: {} as LoaderContext,
    events: {} as LoaderEvent,
    input: {} as { load: () => Promise<unknown> },
  },
  actors: {
    fetchData: fromPromise<unknown, { load: () => Promise<unknown> }>(({ input }) => input.load()),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'loader',
  context: ({ input }) => ({ load: input.load, data: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchData',
        input: ({ context }) => ({ load: context.load }),
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => event.error }),
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    ready: { on: { 'load.reload': 'reloading' } },
    reloading: {
      invoke: {
        src: 'fetchData',
        input: ({ context }) => ({ load: context.load }),
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: {
          target: 'ready',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { 'load.retry': 'loading' } },
  },
});
