import { loaderMachine } from '../../../machines/flows/loaderMachine';
import { notifyError } from '../notify';
import { useLoadingMachineWith } from '../useMachineWith';

/**
 * Loads data for a view through the loader machine. Remount (React `key`) to load something else.
 * Failures go through the shared error handler.
 */
export function useLoader<T>(load: () => Promise<T>) {
  const [snapshot, send] = useLoadingMachineWith(
    loaderMachine,
    { input: { load }, actions: { reportError: (_, { error }) => notifyError(error) } },
    (s) => s.context.data,
  );
  return {
    data: snapshot.context.data as T | null,
    loading: snapshot.matches('loading'),
    ready: snapshot.matches('ready') || snapshot.matches('reloading'),
    failed: snapshot.matches('failed'),
    retry: () => send({ type: 'load.retry' }),
    reload: () => send({ type: 'load.reload' }),
  };
}
