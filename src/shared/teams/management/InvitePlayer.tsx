import { Button, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { TeamManagementEvent, teamManagementMachine } from '../../../../machines/flows/teamManagementMachine';

interface InvitePlayerProps {
  snapshot: SnapshotFrom<typeof teamManagementMachine>;
  asAdmin: boolean;
  busy: boolean;
  send: (event: TeamManagementEvent) => void;
}

/** Search players (a search term first), pick one, then Send Invite (captain) or Force Add (staff). */
export function InvitePlayer({ snapshot, asAdmin, busy, send }: InvitePlayerProps) {
  const { search, results, selected } = snapshot.context;
  const searching = snapshot.matches('searching');
  return (
    <Stack gap="xs" component="section" aria-label={asAdmin ? 'Add a player' : 'Invite a player'}>
      <Title order={3} size="h5">
        {asAdmin ? 'Add a player' : 'Invite a player'}
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'search.submit' });
        }}
      >
        <Group align="end" gap="sm" wrap="nowrap">
          <TextInput
            label="Search players"
            placeholder="Discord name"
            value={search}
            onChange={(e) => send({ type: 'search.change', search: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default" loading={searching} disabled={busy && !searching || !search.trim()}>
            Search
          </Button>
        </Group>
      </form>
      {results.length > 0 ? (
        <Radio.Group
          label="Players found"
          value={selected ? String(selected.id) : null}
          onChange={(v) => send({ type: 'user.select', user: results.find((u) => String(u.id) === v) ?? null })}
        >
          <Stack gap={6} mt={6}>
            {results.map((u) => (
              <Radio key={u.id} value={String(u.id)} label={u.discordName} disabled={busy} />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Text size="xs" c="dimmed">
          Search for a player by name, then pick them from the results.
        </Text>
      )}
      <Group justify="flex-end">
        <Button onClick={() => send({ type: 'user.invite' })} disabled={busy}>
          {asAdmin ? 'Force Add' : 'Send Invite'}
        </Button>
      </Group>
    </Stack>
  );
}
