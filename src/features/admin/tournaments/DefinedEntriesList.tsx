import { List, Stack, Text, Title } from '@mantine/core';
import { Redirect } from 'wouter';
import type { DefinedEntries } from '../../../api/contract/tournament';
import { isStaffRole, useSessionUser } from '../../../ui/session';

/**
 * The predefined entries of a tournament, read only. Only staff see it: anyone else is sent to the home page
 * (spec: the read-only view of the predefined list redirects plain users to /).
 */
export function DefinedEntriesList({ definedEntries }: { definedEntries: DefinedEntries }) {
  const user = useSessionUser();
  if (!isStaffRole(user?.role)) return <Redirect to="/" replace />;
  const { definedUsers, definedTeams } = definedEntries;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3}>Custom players</Title>
        {definedUsers.length === 0 ? (
          <Text c="dimmed">No custom players.</Text>
        ) : (
          // Columns: a qualifier can hold a thousand names.
          <List aria-label="Custom players" style={{ columns: '12rem auto', columnGap: 'var(--mantine-spacing-xl)' }}>
            {definedUsers.map((u, i) => (
              <List.Item key={i}>{u.name}</List.Item>
            ))}
          </List>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={3}>Custom teams</Title>
        {definedTeams.length === 0 ? (
          <Text c="dimmed">No custom teams.</Text>
        ) : (
          <List aria-label="Custom teams">
            {definedTeams.map((t, i) => (
              <List.Item key={i}>
                <Text span fw={600}>
                  {t.name}
                </Text>
                {t.definedMembers.length > 0 && <Text span c="dimmed">{`: ${t.definedMembers.join(', ')}`}</Text>}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Stack>
  );
}
