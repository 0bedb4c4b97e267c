import { Button, Center, Loader, Stack, Text } from '@mantine/core';

/** The screen-wide loading state: a spinner with "Loading...". */
export function LoadingState() {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text c="dimmed" size="sm">
          Loading...
        </Text>
      </Stack>
    </Center>
  );
}

/** The screen-wide failure state: what could not be loaded and a Try again button. */
export function LoadFailedState({ message = 'This could not be loaded.', onRetry }: { message?: string; onRetry: () => void }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <Text c="dimmed">{message}</Text>
        <Button variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
}
