import { useMachine } from '@xstate/react';
import { loaderMachine } from '../../../machines/loaderMachine';
import { notifyError } from '../notify';

const withReporting = loaderMachine.provide({
  actions: { reportError: (_, { error }) => notifyError(error) },
});

/**
 * Loads data for a view through the loader machine. Remount (React `key`) to load something else.
 * Failures go through the shared error handler.
 */
export function useLoader<T>(load: () => Promise<T>) {
  const [snapshot, send] = useMachine(withReporting, { input: { load } });
  return {
    data: snapshot.context.data as T | null,
    loading: snapshot.matches('loading'),
    ready: snapshot.matches('ready') || snapshot.matches('reloading'),
    failed: snapshot.matches('failed'),
    retry: () => send({ type: 'load.retry' }),
    reload: () => send({ type: 'load.reload' }),
  };
}
