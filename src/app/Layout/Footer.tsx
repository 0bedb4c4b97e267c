import { Anchor, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { SITE } from '../../ui/siteLinks';
import { CookiePreferences } from './CookiePreferences';
import classes from './Layout.module.css';

export function Footer() {
  const [prefsOpen, prefs] = useDisclosure(false);
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
          <Anchor component="button" type="button" onClick={prefs.open} c="dimmed" size="sm">
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
      <CookiePreferences opened={prefsOpen} onClose={prefs.close} />
    </footer>
  );
}
