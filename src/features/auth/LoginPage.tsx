import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Redirect, useSearch } from 'wouter';
import { signInUrl } from '../../api/endpoints/session';
import { useSessionUser } from '../../ui/session';
import { SITE } from '../../ui/siteLinks';

/** Why the server sent the browser back here (`/login?error=…`) instead of signing it in. */
const SIGN_IN_ERRORS: Record<string, string> = {
  state: 'Your sign-in expired or was started in another tab. Please try again.',
  discord: 'Discord could not sign you in. Please try again.',
};

/** Sign-in: "Continue with Discord" (a browser redirect to /v1/auth/discord). Signed-in users go home. */
export function LoginPage() {
  const user = useSessionUser();
  const error = new URLSearchParams(useSearch()).get('error');
  if (user) return <Redirect to="/" replace />;
  return (
    <Stack align="center" py={60}>
      <title>Sign in · Clutch</title>
      <Paper withBorder p="xl" radius="lg" maw={420} w="100%">
        <Stack gap="lg">
          <Title order={1} ta="center" fz={28}>
            Sign in to Clutch
          </Title>
          <Text c="dimmed" ta="center" size="sm">
            Join tournaments, form a team and report your scores.
          </Text>
          {error && (
            <Alert color="red" title="Sign-in failed" role="alert">
              {SIGN_IN_ERRORS[error] ?? SIGN_IN_ERRORS.discord}
            </Alert>
          )}
          <Button component="a" href={signInUrl()} size="lg" color="#5865F2" fullWidth>
            Continue with Discord
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            By continuing you agree to our{' '}
            <Anchor href={SITE.terms} target="_blank" rel="noopener" size="xs">
              Terms of Service
            </Anchor>{' '}
            and acknowledge our{' '}
            <Anchor href={SITE.privacy} target="_blank" rel="noopener" size="xs">
              Privacy Policy
            </Anchor>
            .
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
