import { Burger } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'wouter';
import { NAV_ITEMS } from './navItems';
import { ProfileMenu } from './ProfileMenu';
import { lazyNamed } from '../../ui/onDemand';
import { SITE_ARTWORK } from '../../ui/siteArtwork';
import { useSiteImage } from '../../ui/siteImages';
import classes from './Layout.module.css';

// The drawer (with Mantine's modal machinery) is code for narrow screens only: it loads on the first press of the burger.
const MobileNav = lazyNamed(() => import('./MobileNav'), 'MobileNav');

export function Header() {
  const [location] = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [mobileNavLoaded, setMobileNavLoaded] = useState(false);
  const logo = useSiteImage('LOGO') ?? SITE_ARTWORK.LOGO!;
  const titleLogo = useSiteImage('TITLE_LOGO');
  return (
    <header className={classes.header}>
      <div className={classes.headerInner}>
        <Burger
          className={classes.burger}
          opened={opened}
          onClick={() => {
            setMobileNavLoaded(true);
            toggle();
          }}
          aria-label="Open navigation"
          size="sm"
        />
        <Link href="/" className={classes.brand} aria-label="Clutch home">
          <img src={logo} alt="" width={28} height={28} className={classes.logo} />
          {/* The uploaded header banner (356x27) replaces the lettering. */}
          {titleLogo ? (
            <img src={titleLogo} alt="" width={356} height={27} className={classes.titleLogo} />
          ) : (
            <span className={classes.lettering}>
              CLU<span>T</span>CH
            </span>
          )}
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
      {mobileNavLoaded && (
        <Suspense fallback={null}>
          <MobileNav opened={opened} onClose={close} />
        </Suspense>
      )}
    </header>
  );
}
