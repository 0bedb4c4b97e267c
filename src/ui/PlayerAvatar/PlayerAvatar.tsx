import { Avatar, type AvatarProps } from '@mantine/core';
import { useState } from 'react';
import { refreshPicture } from '../../api/endpoints/users';

interface PlayerAvatarProps extends Omit<AvatarProps, 'src' | 'alt'> {
  userId?: number;
  name: string;
  picture: string | null | undefined;
}

/** A player's picture, or the first letter of their name. A picture that fails to load is refreshed once. */
export function PlayerAvatar({ userId, name, picture, ...rest }: PlayerAvatarProps) {
  const [src, setSrc] = useState(picture ?? null);
  const [refreshed, setRefreshed] = useState(false);
  const onError = () => {
    setSrc(null);
    if (userId && !refreshed) {
      setRefreshed(true);
      refreshPicture(userId)
        .then((r) => setSrc(r.picture))
        .catch(() => undefined);
    }
  };
  return (
    <Avatar src={src} alt={name} radius="xl" color="clutch" imageProps={{ onError }} {...rest}>
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
