import { Center, Loader, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Redirect } from 'wouter';
import { useSessionActor } from '../../app/session';

/**
 * After sign-in the server lands the browser here. Boot (main.tsx) refreshes the session; when that settles,
 * successful or not, the user goes to / (a banned user is taken to /auth/banned by the session).
 */
export function CallbackPage() {
  const busy = useSelector(useSessionActor(), (s) => s.matches('loading') || s.matches({ signedIn: 'verifying' }));
  if (!busy) return <Redirect to="/" replace />;
  return (
    <Center py={80}>
      <Stack align="center">
        <Loader />
        <Text c="dimmed">Signing you in...</Text>
      </Stack>
    </Center>
  );
}
