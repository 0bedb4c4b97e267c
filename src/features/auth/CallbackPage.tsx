import { Center, Loader, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Redirect } from 'wouter';
import { useSessionActor } from '../../ui/session';

/**
 * After sign-in the server lands the browser here and the session (booted with `signingIn`) re-reads the user; when
 * that settles, successful or not, the user goes to / (a banned user to /auth/banned).
 */
export function CallbackPage() {
  const state = useSelector(useSessionActor(), (s) =>
    s.matches('checking') || s.matches({ signedIn: 'verifying' }) ? 'busy' : s.matches('banned') ? 'banned' : 'settled',
  );
  if (state === 'banned') return <Redirect to="/auth/banned" replace />;
  if (state === 'settled') return <Redirect to="/" replace />;
  return (
    <Center py={80}>
      <Stack align="center">
        <Loader />
        <Text c="dimmed">Signing you in...</Text>
      </Stack>
    </Center>
  );
}
