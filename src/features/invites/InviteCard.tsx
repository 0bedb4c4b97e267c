import { Anchor, Avatar, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { TeamInvite } from '../../api/contract/team';
import { answerInvite, isTournamentInvite } from '../../api/endpoints/invites';
import { notifyError, notifySuccess } from '../../ui/notify';
import { SUCCESS } from '../../domain/messages';
import { useSessionActor } from '../../ui/session';

interface InviteCardProps {
  invite: TeamInvite;
  onAnswered: () => void;
}

/**
 * One invite: team logo and name, the tournament for a tournament team, Accept and Reject. Accepting a transfer-type
 * invite sends it to admin approval, and the card says Approval Pending.
 */
export function InviteCard({ invite, onAnswered }: InviteCardProps) {
  const [busy, setBusy] = useState<'accept' | 'reject' | null>(null);
  const [pendingApproval, setPendingApproval] = useState(false);
  const [, navigate] = useLocation();
  const session = useSessionActor();
  const answer = (kind: 'accept' | 'reject') => {
    setBusy(kind);
    answerInvite(invite, kind).then(
      () => {
        setBusy(null);
        if (kind === 'reject') notifySuccess(SUCCESS.inviteRejected);
        else if (invite.isTransfer) {
          notifySuccess(SUCCESS.approvalPendingJoin);
          setPendingApproval(true);
          return;
        } else if (!isTournamentInvite(invite)) {
          // Joined a league team: the session's user now carries its teamId, and the player lands on their team.
          notifySuccess(SUCCESS.teamJoined);
          session.send({ type: 'session.refresh' });
          navigate(`/teams/${invite.teamId}`);
          return;
        } else notifySuccess(SUCCESS.teamJoined);
        onAnswered();
      },
      (error) => {
        setBusy(null);
        notifyError(error);
      },
    );
  };
  const tournamentHref = invite.tournamentId ? `/tournaments/${invite.tournamentId}/details` : null;
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={`Invite from ${invite.teamName}`}>
      <Group justify="space-between" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar src={invite.teamLogoUrl} alt="" size="lg" radius="md" color="clutch">
            {invite.teamName.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={2}>
            <Text fw={700} size="lg">
              {invite.teamName}
            </Text>
            {invite.tournamentTitle &&
              (tournamentHref ? (
                <Anchor component={Link} href={tournamentHref} size="sm">
                  {invite.tournamentTitle}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  {invite.tournamentTitle}
                </Text>
              ))}
            {invite.isTransfer && !pendingApproval && (
              <Text size="xs" c="dimmed">
                This team is in a season: joining needs admin approval.
              </Text>
            )}
          </Stack>
        </Group>
        {pendingApproval ? (
          <Badge color="yellow" variant="light" size="lg">
            Approval Pending
          </Badge>
        ) : (
          <Group gap="sm">
            <Button variant="default" loading={busy === 'reject'} disabled={busy !== null} onClick={() => answer('reject')}>
              Reject
            </Button>
            <Button loading={busy === 'accept'} disabled={busy !== null} onClick={() => answer('accept')}>
              Accept
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
