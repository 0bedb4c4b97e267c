import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLoader } from './useLoader';

interface DataLoaderProps<T> {
  load: () => Promise<T>;
  children: (data: T, reload: () => void) => ReactNode;
  /** Shown while loading (default a spinner with "Loading..."). */
  loading?: ReactNode;
}

/** Renders `children` with the loaded data; "Loading..." meanwhile; a retry button when it failed. */
export function DataLoader<T>({ load, children, loading }: DataLoaderProps<T>) {
  const state = useLoader(load);
  if (state.loading) {
    return (
      loading ?? (
        <Center py="xl">
          <Stack align="center" gap="xs">
            <Loader size="sm" />
            <Text c="dimmed" size="sm">
              Loading...
            </Text>
          </Stack>
        </Center>
      )
    );
  }
  if (!state.ready) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Text c="dimmed">This could not be loaded.</Text>
          <Button variant="light" onClick={state.retry}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  return <>{children(state.data as T, state.reload)}</>;
}
