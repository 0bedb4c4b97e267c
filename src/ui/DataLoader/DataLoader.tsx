import type { ReactNode } from 'react';
import { useLoader } from './useLoader';
import { LoadFailedState, LoadingState } from './LoadStates';

interface DataLoaderProps<T> {
  load: () => Promise<T>;
  children: (data: T, reload: () => void) => ReactNode;
  /** Shown while loading (default a spinner with "Loading..."). */
  loading?: ReactNode;
}

/** Renders `children` with the loaded data; "Loading..." meanwhile; a retry button when it failed. */
export function DataLoader<T>({ load, children, loading }: DataLoaderProps<T>) {
  const state = useLoader(load);
  if (state.loading) return loading ?? <LoadingState />;
  if (!state.ready) return <LoadFailedState onRetry={state.retry} />;
  return <>{children(state.data as T, state.reload)}</>;
}
