import { Button, SimpleGrid } from '@mantine/core';
import { Link } from 'wouter';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { botInviteUrl } from '../../api/endpoints/session';
import { useSessionUser } from '../../ui/session';

const ITEMS = [
  ['Users', '/admin/users'],
  ['Teams', '/admin/teams'],
  ['Staff', '/admin/staff'],
  ['Seasons', '/admin/seasons'],
  ['Tournaments', '/admin/tournaments'],
  ['Pending Transfers', '/admin/transfers'],
  ['Match Disputes', '/admin/disputes'],
  ['Incomplete Matches', '/admin/incomplete'],
  ['Overdue Matches', '/admin/overdue'],
  ['Test Elo', '/admin/test-elo'],
  ['Images', '/admin/images'],
  ['Player Cards', '/admin/player-cards'],
] as const;

/** Only owners read the audit log. */
const OWNER_ITEM = ['Audit Log', '/admin/audit'] as const;

/** The admin portal's dashboard: a menu of buttons, plus the link that invites the chat bot. */
export function AdminDashboard() {
  const items = useSessionUser()?.role === 'OWNER' ? [...ITEMS, OWNER_ITEM] : ITEMS;
  return (
    <>
      <PageTitle documentTitle="Admin Portal">Admin Portal</PageTitle>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md">
        {items.map(([label, href]) => (
          <Button key={href} component={Link} href={href} size="lg" variant="light">
            {label}
          </Button>
        ))}
        <Button component="a" href={botInviteUrl()} target="_blank" rel="noopener" size="lg" color="#5865F2">
          Invite the Discord bot
        </Button>
      </SimpleGrid>
    </>
  );
}
