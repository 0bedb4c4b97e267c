import { Button, Stack, Text, Title } from '@mantine/core';
import { SITE } from '../../ui/siteLinks';

export function BannedPage() {
  return (
    <Stack align="center" py={80} gap="lg">
      <title>Banned · Clutch</title>
      <Title order={1} c="red" fz={48} lts={4}>
        BANNED
      </Title>
      <Text c="dimmed" ta="center" maw={480}>
        Your account has been banned from Clutch. If you think this is a mistake, contact our support team.
      </Text>
      <Button component="a" href={SITE.supportTickets} target="_blank" rel="noopener" size="md">
        Contact Us
      </Button>
    </Stack>
  );
}
