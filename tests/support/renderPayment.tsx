import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme } from '../../src/app/theme';
import { Notifications } from '../../src/app/Notifications';
import { clearNotifications } from '../../src/ui/notify';

/** Renders a payment screen the way the app does: Mantine's dark theme and the notification stack. */
export function renderPayment(ui: ReactNode) {
  clearNotifications();
  return render(
    <MantineProvider theme={theme} forceColorScheme="dark">
      {ui}
      <Notifications />
    </MantineProvider>,
  );
}
