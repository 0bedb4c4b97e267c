import { Skeleton } from '@mantine/core';
import { Suspense, useState, type MouseEvent } from 'react';
import { useSessionChecking, useSessionUser } from '../../ui/session';
import { lazyNamed } from '../../ui/onDemand';
import { avatarButton } from './ProfileAvatar';

// The tooltip and the menu need Mantine's popover machinery (floating-ui, transitions): that code is fetched when
// the avatar is first pointed at or focused, and takes over once the pointer or focus has left (never in the middle
// of a click) or when the signed-in avatar is pressed. The avatar looks the same meanwhile.
const ProfilePopover = lazyNamed(() => import('./ProfilePopover'), 'ProfilePopover');

/** The avatar: a menu when signed in (Admin Dashboard for staff, Profile, Team Invites, Logout), else a link to /login. */
export function ProfileMenu() {
  const user = useSessionUser();
  const checking = useSessionChecking();
  const [wake, setWake] = useState<{ open: boolean; focus: boolean } | null>(null);
  // While the server is asked who is signed in: a neutral placeholder, not the guest's Sign in avatar.
  if (!user && checking) return <Skeleton circle height={38} role="status" aria-label="Checking sign-in" />;
  // Signed out, the avatar is a link and does its job before the code arrives.
  const onClick = user ? (e: MouseEvent<HTMLElement>) => setWake({ open: true, focus: document.activeElement === e.currentTarget }) : undefined;
  if (wake) {
    return (
      <Suspense fallback={avatarButton(user, { onClick })}>
        <ProfilePopover {...wake} />
      </Suspense>
    );
  }
  const fetchCode = () => void ProfilePopover.preload();
  const takeOver = () => setWake({ open: false, focus: false });
  return avatarButton(user, {
    onPointerEnter: fetchCode,
    onFocus: fetchCode,
    onPointerLeave: takeOver,
    onBlur: takeOver,
    onClick,
  });
}
