import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';

/** The 404 page. In an embedded bracket (`inFrame`) the way home opens the site in a new tab: the site refuses to be framed. */
export function NotFound({ inFrame = false }: { inFrame?: boolean }) {
  return (
    <Stack align="center" py={80} gap="md">
      <title>Page not found · Clutch</title>
      <Title order={1} fz={72} c="clutch.4">
        404
      </Title>
      <Title order={2}>Page not found</Title>
      <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
      {inFrame ? (
        <Button component="a" href="/" target="_blank" rel="noopener" size="md">
          Home
        </Button>
      ) : (
        <Button component={Link} href="/" size="md">
          Home
        </Button>
      )}
    </Stack>
  );
}
