import { Notification } from '@mantine/core';
import { dismiss, useNotifications, type AppNotification } from '../ui/notify';
import classes from './Notifications.module.css';

const COLORS: Record<AppNotification['type'], string> = {
  INFO: 'blue',
  WARNING: 'yellow',
  ERROR: 'red',
  SUCCESS: 'green',
};

/** The notification stack at the bottom right. */
export function Notifications() {
  const items = useNotifications();
  return (
    <div className={classes.stack} aria-live="polite" role="region" aria-label="Notifications">
      {items.map((n) => (
        <Notification
          key={n.id}
          role={n.type === 'ERROR' ? 'alert' : 'status'}
          title={n.title}
          color={COLORS[n.type]}
          onClose={() => dismiss(n.id)}
          closeButtonProps={{ 'aria-label': 'Dismiss notification' }}
          withBorder
          className={classes.item}
        >
          {n.message}
        </Notification>
      ))}
    </div>
  );
}
