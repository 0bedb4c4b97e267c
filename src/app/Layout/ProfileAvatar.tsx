import { Avatar, UnstyledButton } from '@mantine/core';
import type { FocusEventHandler, MouseEventHandler, PointerEventHandler } from 'react';
import { Link } from 'wouter';
import type { useSessionUser } from '../../ui/session';

type User = NonNullable<ReturnType<typeof useSessionUser>>;

export interface AvatarHandlers {
  ref?: (node: HTMLElement | null) => void;
  onPointerEnter?: PointerEventHandler;
  onPointerLeave?: PointerEventHandler;
  onFocus?: FocusEventHandler;
  onBlur?: FocusEventHandler;
  onClick?: MouseEventHandler;
}

/** The header's avatar, the same element before and after the profile menu's code has loaded (see ProfileMenu). */
export function avatarButton(user: User | null, handlers: AvatarHandlers = {}) {
  if (!user) {
    return (
      <UnstyledButton component={Link} href="/login" aria-label="Sign in" {...handlers}>
        <Avatar radius="xl" color="gray" />
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton aria-label={`Profile menu for ${user.discordName}`} {...handlers}>
      <Avatar src={user.picture} alt={user.discordName} radius="xl" color="clutch">
        {user.discordName.slice(0, 1).toUpperCase()}
      </Avatar>
    </UnstyledButton>
  );
}
