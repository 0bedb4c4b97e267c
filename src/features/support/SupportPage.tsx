import { Button, List, Paper, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { SITE } from '../../ui/siteLinks';

export function SupportPage() {
  return (
    <>
      <PageTitle>Support</PageTitle>
      <Paper withBorder p="xl" radius="md">
        <Stack gap="md">
          <Text>
            Need help with a match, a payment or your account? Open a support ticket on our Discord server and a member
            of staff will get back to you.
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>Match disputes: include the match link and screenshots of the scoreboard.</List.Item>
            <List.Item>Payments and refunds: include the email you paid with and the date.</List.Item>
            <List.Item>Account problems: include your Discord name.</List.Item>
          </List>
          <div>
            <Button component="a" href={SITE.supportTickets} target="_blank" rel="noopener">
              Open a support ticket
            </Button>
          </div>
        </Stack>
      </Paper>
    </>
  );
}
