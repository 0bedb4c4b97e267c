import { Avatar, Menu, Skeleton, Tooltip, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import { isStaffRole, useSessionActor, useSessionChecking, useSessionUser } from '../../ui/session';

/** The avatar: a menu when signed in (Admin Dashboard for staff, Profile, Team Invites, Logout), else a link to /login. */
export function ProfileMenu() {
  const user = useSessionUser();
  const session = useSessionActor();
  const checking = useSessionChecking();
  const [, navigate] = useLocation();
  // While the server is asked who is signed in: a neutral placeholder, not the guest's Sign in avatar.
  if (!user && checking) return <Skeleton circle height={38} role="status" aria-label="Checking sign-in" />;
  if (!user) {
    return (
      <Tooltip label="Sign in">
        <UnstyledButton component={Link} href="/login" aria-label="Sign in">
          <Avatar radius="xl" color="gray" />
        </UnstyledButton>
      </Tooltip>
    );
  }
  // The header is sticky, so the avatar never scrolls away: the menu has no reason to hide as "detached" (a check
  // that also misfires where there is no layout, such as jsdom).
  return (
    <Menu position="bottom-end" width={200} withArrow hideDetached={false}>
      <Menu.Target>
        <UnstyledButton aria-label={`Profile menu for ${user.discordName}`}>
          <Avatar src={user.picture} alt={user.discordName} radius="xl" color="clutch">
            {user.discordName.slice(0, 1).toUpperCase()}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.discordName}</Menu.Label>
        {isStaffRole(user.role) && (
          <Menu.Item component={Link} href="/admin">
            Admin Dashboard
          </Menu.Item>
        )}
        <Menu.Item component={Link} href={`/players/${user.id}`}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} href="/invites">
          Team Invites
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          onClick={() => {
            session.send({ type: 'session.signOut' });
            navigate('/');
          }}
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
