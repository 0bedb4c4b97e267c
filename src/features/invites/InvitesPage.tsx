import { Stack } from '@mantine/core';
import { getMyInvites } from '../../api/endpoints/invites';
import { DataLoader } from '../../ui/DataLoader/DataLoader';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { EmptyMessage } from '../../ui/EmptyMessage/EmptyMessage';
import { InviteCard } from './InviteCard';

/** /invites: the signed-in user's team invites, each with Accept and Reject. */
export function InvitesPage() {
  return (
    <>
      <PageTitle>Team Invites</PageTitle>
      <DataLoader load={getMyInvites}>
        {(invites, reload) =>
          invites.length === 0 ? (
            <EmptyMessage>You have no pending invites.</EmptyMessage>
          ) : (
            <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {invites.map((invite) => (
                <InviteCard key={`${invite.tournamentTitle == null ? 'team' : 'tournament'}-${invite.id}`} invite={invite} onAnswered={reload} />
              ))}
            </Stack>
          )
        }
      </DataLoader>
    </>
  );
}
