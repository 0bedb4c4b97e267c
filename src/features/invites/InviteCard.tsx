import { Anchor, Avatar, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { TeamInvite, TransferRequestBody } from '../../api/contract/team';
import { answerInvite, isTournamentInvite } from '../../api/endpoints/invites';
import { requestTransfer } from '../../api/endpoints/transfers';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useSessionActor, useSessionUser } from '../../ui/session';
import { SUCCESS } from '../../domain/messages';
import { TransferPaymentDialog } from '../../shared/payment/TransferPaymentDialog';

interface InviteCardProps {
  invite: TeamInvite;
  onAnswered: () => void;
}

/**
 * One invite: team logo and name, the tournament for a tournament team, Accept and Reject. Accepting a transfer-type
 * invite (the team plays a season) asks to join (POST /v1/transfer/{teamId}/{own id}); when the league charges for
 * transfers the fee is paid first (method ADD), and the card says Approval Pending.
 */
export function InviteCard({ invite, onAnswered }: InviteCardProps) {
  const me = useSessionUser();
  const [busy, setBusy] = useState<'accept' | 'reject' | null>(null);
  const [pendingApproval, setPendingApproval] = useState(false);
  const [fee, setFee] = useState<{ request: TransferRequestBody; amount: number } | null>(null);
  const [, navigate] = useLocation();
  const session = useSessionActor();
  const awaitApproval = () => {
    notifySuccess(SUCCESS.approvalPendingJoin);
    setPendingApproval(true);
  };
  const failed = (error: unknown) => {
    setBusy(null);
    notifyError(error);
  };
  const askToJoin = (userId: number) =>
    requestTransfer(invite.teamId, userId).then(({ amountDue }) => {
      setBusy(null);
      if (amountDue > 0) setFee({ request: { teamId: invite.teamId, addPlayer: true, userId }, amount: amountDue });
      else awaitApproval();
    }, failed);
  const answer = (kind: 'accept' | 'reject') => {
    setBusy(kind);
    if (kind === 'accept' && invite.isTransfer && me) return askToJoin(me.id);
    answerInvite(invite, kind).then(() => {
      setBusy(null);
      if (kind === 'reject') notifySuccess(SUCCESS.inviteRejected);
      else {
        notifySuccess(SUCCESS.teamJoined);
        if (!isTournamentInvite(invite)) {
          // Joined a league team: the session's user now carries its teamId, and the player lands on their team.
          session.send({ type: 'session.refresh' });
          navigate(`/teams/${invite.teamId}`);
          return;
        }
      }
      onAnswered();
    }, failed);
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
      <TransferPaymentDialog
        request={fee?.request ?? null}
        amount={fee?.amount ?? 0}
        description={`join ${invite.teamName}`}
        onDone={(sent) => {
          setFee(null);
          if (sent) awaitApproval();
          else onAnswered();
        }}
      />
    </Paper>
  );
}
