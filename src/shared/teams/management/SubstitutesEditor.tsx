import { ActionIcon, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { ManagedTeam, TeamManagementEvent } from '../../../../machines/flows/teamManagementMachine';

interface SubstitutesEditorProps {
  team: ManagedTeam;
  error: string | undefined;
  busy: boolean;
  send: (event: TeamManagementEvent) => void;
}

/** SWITCHEROO free substitutes: names filling the seats nobody signed up for ("Please enter a substitute name"). */
export function SubstitutesEditor({ team, error, busy, send }: SubstitutesEditorProps) {
  const [names, setNames] = useState(team.freeSubstitutes);
  const set = (i: number, value: string) => setNames(names.map((n, j) => (j === i ? value : n)));
  return (
    <Stack gap="xs" component="section" aria-label="Free substitutes">
      <Title order={3} size="h5">
        Free substitutes
      </Title>
      {names.length === 0 && (
        <Text size="xs" c="dimmed">
          No free substitutes. Add one to fill a seat nobody signed up for.
        </Text>
      )}
      {names.map((name, i) => (
        <Group key={i} gap="xs" wrap="nowrap" align="start">
          <TextInput
            label={`Substitute ${i + 1}`}
            withAsterisk
            maxLength={40}
            value={name}
            onChange={(e) => set(i, e.currentTarget.value)}
            error={error && !name.trim() ? error : undefined}
            style={{ flex: 1 }}
          />
          <ActionIcon
            mt={28}
            variant="subtle"
            color="red"
            aria-label={`Remove substitute ${i + 1}`}
            onClick={() => setNames(names.filter((_, j) => j !== i))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group justify="space-between">
        <Button variant="subtle" onClick={() => setNames([...names, ''])} disabled={busy}>
          Add substitute
        </Button>
        <Button variant="light" onClick={() => send({ type: 'substitutes.save', names })} disabled={busy}>
          Save substitutes
        </Button>
      </Group>
    </Stack>
  );
}
