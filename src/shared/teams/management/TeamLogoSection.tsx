import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { ManagedTeam, TeamManagementEvent, teamManagementMachine } from '../../../../machines/flows/teamManagementMachine';

interface TeamLogoSectionProps {
  team: ManagedTeam;
  caps: SnapshotFrom<typeof teamManagementMachine>;
  busy: boolean;
  send: (event: TeamManagementEvent) => void;
}

const probeFile = new Blob() as File;

/** The logo: upload (the captain only; "Square image under 5MB") or remove (captain or staff). */
export function TeamLogoSection({ team, caps, busy, send }: TeamLogoSectionProps) {
  const canUpload = caps.can({ type: 'logo.upload', file: probeFile });
  const canRemove = caps.can({ type: 'logo.remove' }) && team.logoUrl !== null;
  if (!canUpload && !canRemove) return null;
  return (
    <Group gap="md" wrap="nowrap">
      <Avatar src={team.logoUrl} alt={`${team.name} logo`} size={64} radius="md" color="clutch">
        {team.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Stack gap={6}>
        <Group gap="sm">
          {canUpload && (
            <FileButton
              accept="image/png,image/jpeg,image/gif,image/webp"
              inputProps={{ 'aria-label': 'Logo image file' }}
              onChange={(file) => file && send({ type: 'logo.upload', file })}>
              {(props) => (
                <Button {...props} variant="light" disabled={busy}>
                  Upload logo
                </Button>
              )}
            </FileButton>
          )}
          {canRemove && (
            <Button variant="subtle" color="red" disabled={busy} onClick={() => send({ type: 'logo.remove' })}>
              Remove logo
            </Button>
          )}
        </Group>
        {canUpload && (
          <Text size="xs" c="dimmed">
            Square image under 5MB
          </Text>
        )}
      </Stack>
    </Group>
  );
}
