import { Anchor, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { SITE } from '../../ui/siteLinks';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../../ui/onDemand';
import classes from './Layout.module.css';

// A dialog few people open: it loads on the first click.
const CookiePreferences = lazyNamed(() => import('./CookiePreferences'), 'CookiePreferences');

export function Footer() {
  const [prefsOpen, prefs] = useDisclosure(false);
  const [prefsLoaded, setPrefsLoaded] = useState(false);
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer}>
      <div className={classes.footerInner}>
        <nav className={classes.footerLinks} aria-label="Legal and social">
          <Anchor href={SITE.terms} target="_blank" rel="noopener" c="dimmed" size="sm">
            Terms of Service
          </Anchor>
          <Anchor href={SITE.privacy} target="_blank" rel="noopener" c="dimmed" size="sm">
            Privacy Policy
          </Anchor>
          <Anchor href={SITE.cookies} target="_blank" rel="noopener" c="dimmed" size="sm">
            Cookie Policy
          </Anchor>
          <Anchor component="button" type="button" onClick={() => {
              setPrefsLoaded(true);
              prefs.open();
            }} c="dimmed" size="sm">
            Cookie Preferences
          </Anchor>
          <Anchor href={SITE.companyUrl} target="_blank" rel="noopener" c="dimmed" size="sm">
            {SITE.company}
          </Anchor>
          <Anchor href={SITE.social} target="_blank" rel="noopener" c="dimmed" size="sm">
            {SITE.socialLabel}
          </Anchor>
        </nav>
        <Group>
          <Text size="sm" c="dimmed">
            © {year} {SITE.company}. All rights reserved.
          </Text>
        </Group>
      </div>
      {prefsLoaded && (
        <Suspense fallback={null}>
          <CookiePreferences opened={prefsOpen} onClose={prefs.close} />
        </Suspense>
      )}
    </footer>
  );
}
