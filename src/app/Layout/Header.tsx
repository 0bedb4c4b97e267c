import { Burger, Drawer, NavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'wouter';
import { NAV_ITEMS } from './navItems';
import { ProfileMenu } from './ProfileMenu';
import classes from './Layout.module.css';

export function Header() {
  const [location] = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <header className={classes.header}>
      <div className={classes.headerInner}>
        <Burger className={classes.burger} opened={opened} onClick={toggle} aria-label="Open navigation" size="sm" />
        <Link href="/" className={classes.brand} aria-label="Clutch home">
          CLU<span>T</span>CH
        </Link>
        <nav className={classes.nav} aria-label="Main">
          {NAV_ITEMS.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              className={classes.navLink}
              data-active={item.match(location) || undefined}
              aria-current={item.match(location) ? 'page' : undefined}
            >
              {item.label}
            </Link>
          ))}
        </nav>
        <ProfileMenu />
      </div>
      <Drawer opened={opened} onClose={close} title="Clutch" size="xs">
        <Stack gap={4} component="nav" aria-label="Main (mobile)">
          {NAV_ITEMS.map((item) => (
            <NavLink
              key={item.href}
              component={Link}
              href={item.href}
              label={item.label}
              active={item.match(location)}
              aria-current={item.match(location) ? 'page' : undefined}
              onClick={close}
            />
          ))}
        </Stack>
      </Drawer>
    </header>
  );
}
