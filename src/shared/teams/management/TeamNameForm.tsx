import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ManagedTeam, TeamManagementEvent } from '../../../../machines/flows/teamManagementMachine';

interface TeamNameFormProps {
  team: ManagedTeam;
  error: string | undefined;
  busy: boolean;
  send: (event: TeamManagementEvent) => void;
}

/** Rename the team ("Please enter a new team name" when blank). */
export function TeamNameForm({ team, error, busy, send }: TeamNameFormProps) {
  const [name, setName] = useState(team.name);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'team.rename', name });
      }}
    >
      <Group align="start" gap="sm" wrap="nowrap">
        <TextInput
          label="New team name"
          withAsterisk
          maxLength={40}
          value={name}
          error={error}
          onChange={(e) => setName(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit" mt={25} disabled={busy}>
          Rename
        </Button>
      </Group>
    </form>
  );
}
