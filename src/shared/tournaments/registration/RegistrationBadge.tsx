import { Button, type ButtonProps } from '@mantine/core';
import classes from './RegistrationBadge.module.css';

/**
 * JOINED or CLOSED where REGISTER would be: a button that cannot be pressed (spec), but JOINED reads as the good
 * news it is rather than as a greyed-out control.
 */
export function RegistrationBadge({ state, size }: { state: 'joined' | 'closed'; size?: ButtonProps['size'] }) {
  return state === 'joined' ? (
    <Button size={size} variant="light" color="green" disabled className={classes.joined}>
      JOINED
    </Button>
  ) : (
    <Button size={size} variant="default" disabled>
      CLOSED
    </Button>
  );
}
