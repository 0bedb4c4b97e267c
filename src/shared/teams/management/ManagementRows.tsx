import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { TeamManagementRow } from '../../../api/contract/team';
import type { TeamManagementEvent, teamManagementMachine } from '../../../../machines/flows/teamManagementMachine';
import { PlayerAvatar } from '../../../ui/PlayerAvatar/PlayerAvatar';

interface ManagementRowsProps {
  rows: TeamManagementRow[];
  /** Players the team may hold. */
  teamSize: number;
  caps: SnapshotFrom<typeof teamManagementMachine>;
  busy: boolean;
  send: (event: TeamManagementEvent) => void;
}

/** The row label: REJECTED, PENDING REMOVAL, the team role, or INVITEE. */
export function rowLabel(row: TeamManagementRow): string {
  if (row.rejectedReason) return 'REJECTED';
  if (row.isRemoving) return 'PENDING REMOVAL';
  // A player whose join waits for the admins is still an invitee.
  if (row.type === 'INVITE' || row.type === 'TRANSFER') return 'INVITEE';
  return row.teamRole ?? 'PLAYER';
}

/** Members and invitees with Make Captain, Remove, Leave Team and Revoke Invite where the viewer may use them. */
export function ManagementRows({ rows, teamSize, caps, busy, send }: ManagementRowsProps) {
  const members = rows.filter((r) => r.type === 'MEMBER').length;
  return (
    <Stack gap="xs" component="section" aria-label="Members">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Members
        </Title>
        <Text size="sm" c="dimmed">
          {members} of {teamSize} players
        </Text>
      </Group>
      {rows.length === 0 && <Text c="dimmed">All members have left this team.</Text>}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => {
        const label = rowLabel(row);
        return (
          <Paper key={`${row.type}-${row.id}`} component="li" withBorder radius="md" p="xs" aria-label={`${row.discordName} ${label}`}>
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <PlayerAvatar userId={row.id} name={row.discordName} picture={row.picture} size="sm" />
                <Text fw={600}>{row.discordName}</Text>
                <Badge size="sm" variant={label === 'CAPTAIN' ? 'filled' : 'light'} color={label === 'REJECTED' ? 'red' : undefined}>
                  {label}
                </Badge>
              </Group>
              <Group gap="xs" wrap="nowrap">
                {row.rejectedReason && (
                  <Text size="xs" c="red">
                    {row.rejectedReason}
                  </Text>
                )}
                {caps.can({ type: 'transfer.cancel', member: row }) && (
                  <Button size="xs" variant="default" disabled={busy} onClick={() => send({ type: 'transfer.cancel', member: row })}>
                    Ok
                  </Button>
                )}
                {caps.can({ type: 'member.promote', member: row }) && (
                  <Button size="xs" variant="default" disabled={busy} onClick={() => send({ type: 'member.promote', member: row })}>
                    Make Captain
                  </Button>
                )}
                {caps.can({ type: 'member.remove', member: row }) && (
                  <Button size="xs" color="red" variant="light" disabled={busy} onClick={() => send({ type: 'member.remove', member: row })}>
                    Remove
                  </Button>
                )}
                {row.id === caps.context.viewerId && caps.can({ type: 'team.leave' }) && (
                  <Button size="xs" color="red" variant="light" disabled={busy} onClick={() => send({ type: 'team.leave' })}>
                    Leave Team
                  </Button>
                )}
                {caps.can({ type: 'invite.revoke', member: row }) && (
                  <Button size="xs" variant="default" disabled={busy} onClick={() => send({ type: 'invite.revoke', member: row })}>
                    Revoke Invite
                  </Button>
                )}
              </Group>
            </Group>
          </Paper>
        );
      })}
      </Stack>
    </Stack>
  );
}
