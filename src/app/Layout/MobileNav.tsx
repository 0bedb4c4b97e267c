import { Drawer, NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import { NAV_ITEMS } from './navItems';

/** The navigation drawer behind the burger (narrow screens); loaded the first time the burger is pressed. */
export function MobileNav({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [location] = useLocation();
  return (
    <Drawer opened={opened} onClose={onClose} title="Clutch" size="xs">
      <Stack gap={4} component="nav" aria-label="Main (mobile)">
        {NAV_ITEMS.map((item) => (
          <NavLink
            key={item.href}
            component={Link}
            href={item.href}
            label={item.label}
            active={item.match(location)}
            aria-current={item.match(location) ? 'page' : undefined}
            onClick={onClose}
          />
        ))}
      </Stack>
    </Drawer>
  );
}
