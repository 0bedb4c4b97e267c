import { Menu, Tooltip } from '@mantine/core';
import { useCallback, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { isStaffRole, useSessionActor, useSessionUser } from '../../ui/session';
import { avatarButton } from './ProfileAvatar';

/**
 * ProfileMenu once its code has loaded: the sign-in tooltip, or the account menu. `open`: the avatar was pressed
 * before, so the menu opens at once; `focus`: the avatar it replaces had the focus.
 */
export function ProfilePopover({ open, focus }: { open: boolean; focus: boolean }) {
  const user = useSessionUser();
  const session = useSessionActor();
  const [, navigate] = useLocation();
  // The avatar the user focused before this code arrived was replaced by this one: the focus moves with it, once.
  const focusMoved = useRef(false);
  const ref = useCallback(
    (node: HTMLElement | null) => {
      if (!focus || !node || focusMoved.current) return;
      focusMoved.current = true;
      node.focus();
    },
    [focus],
  );
  if (!user) {
    return (
      <Tooltip label="Sign in">
        {avatarButton(null, { ref })}
      </Tooltip>
    );
  }
  // The header is sticky, so the avatar never scrolls away: the menu has no reason to hide as "detached" (a check
  // that also misfires where there is no layout, such as jsdom).
  return (
    <Menu position="bottom-end" width={200} withArrow hideDetached={false} defaultOpened={open}>
      <Menu.Target>{avatarButton(user, { ref })}</Menu.Target>
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
