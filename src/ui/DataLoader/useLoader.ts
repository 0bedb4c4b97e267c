import { useDeferredValue } from 'react';
import { loaderMachine } from '../../../machines/flows/loaderMachine';
import { notifyError } from '../notify';
import { useMachineWith } from '../useMachineWith';

/**
 * Loads data for a view through the loader machine. Remount (React `key`) to load something else.
 * Failures go through the shared error handler.
 */
export function useLoader<T>(load: () => Promise<T>) {
  const [live, send] = useMachineWith(loaderMachine, { input: { load }, actions: { reportError: (_, { error }) => notifyError(error) } });
  // What the data shows is rendered in the background: a machine's update renders at once and in one piece (React
  // cannot slice a store's update), and the data's first render is most of a screen, a long task on a phone (blocking
  // time in Lighthouse). Deferred, React renders it in slices of a few milliseconds, the loading state in view meanwhile.
  const snapshot = useDeferredValue(live);
  return {
    data: snapshot.context.data as T | null,
    loading: snapshot.matches('loading'),
    ready: snapshot.matches('ready') || snapshot.matches('reloading'),
    failed: snapshot.matches('failed'),
    retry: () => send({ type: 'load.retry' }),
    reload: () => send({ type: 'load.reload' }),
  };
}
