import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';

export function NotFound() {
  return (
    <Stack align="center" py={80} gap="md">
      <title>Page not found · Clutch</title>
      <Title order={1} fz={72} c="clutch.4">
        404
      </Title>
      <Title order={2}>Page not found</Title>
      <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
      <Button component={Link} href="/" size="md">
        Home
      </Button>
    </Stack>
  );
}
