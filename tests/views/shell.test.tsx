import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { SITE } from '../../src/ui/siteLinks';
import { renderApp, type RenderAppOptions, type RenderedApp } from '../support/renderApp';
import { startTestServer, type TestServer } from '../support/testServer';

configure({ asyncUtilTimeout: 5000 });

/**
 * The shell as a user meets it: the real app on the real in-process server, one fresh browser (cookies, cached
 * user, location) per test.
 */
describe('the shell', () => {
  let server: TestServer;
  let app: RenderedApp;

  // Seeding the demo league takes a few seconds on a busy machine.
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
  }, 60_000);
  afterAll(() => server?.close());

  const path = () => app.path();

  /** Opens the app at `at`, as a guest or signed in `as` an account (cached like a returning visitor's). */
  async function open(at: string, opts: Omit<RenderAppOptions, 'server'> = {}) {
    app = await renderApp(at, { server, ...opts });
    return app;
  }

  describe('header and footer', () => {
    it('shows the navigation in the spec order, each a link to its page', async () => {
      const { user } = await open('/support');
      const nav = screen.getByRole('navigation', { name: 'Main' });
      const links = within(nav).getAllByRole('link');
      expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
        ['HOME', '/'],
        ['TOURNAMENTS', '/tournaments'],
        ['PLAYER CARDS', '/players/player-cards'],
        ['LEAGUE', '/league'],
        ['SUPPORT', '/support'],
      ]);
      expect(within(nav).getByRole('link', { name: 'SUPPORT' }).getAttribute('aria-current')).toBe('page');

      await user.click(within(nav).getByRole('link', { name: 'LEAGUE' }));
      expect(path()).toBe('/league');
    });

    it('sends a guest who clicks the avatar to /login', async () => {
      const { user } = await open('/support');
      await user.click(await screen.findByRole('link', { name: 'Sign in' }));
      expect(path()).toBe('/login');
    });

    it('shows the legal and social links, cookie preferences and the copyright line with the current year', async () => {
      const { user } = await open('/support');
      const footer = screen.getByRole('contentinfo');
      const links = within(within(footer).getByRole('navigation', { name: 'Legal and social' })).getAllByRole('link');
      expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
        ['Terms of Service', SITE.terms],
        ['Privacy Policy', SITE.privacy],
        ['Cookie Policy', SITE.cookies],
        [SITE.company, SITE.companyUrl],
        [SITE.socialLabel, SITE.social],
      ]);
      expect(within(footer).getByText(`© ${new Date().getFullYear()} ${SITE.company}. All rights reserved.`)).toBeTruthy();

      await user.click(within(footer).getByRole('button', { name: 'Cookie Preferences' }));
      const dialog = await screen.findByRole('dialog', { name: 'Cookie Preferences' });
      expect(within(dialog).getByText(/only strictly necessary cookies/)).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('gives staff the profile menu with Admin Dashboard, and Logout returns to the guest view', async () => {
      const { user, agent } = await open('/support', { as: 'AdminAce' });
      await user.click(screen.getByRole('button', { name: 'Profile menu for AdminAce' }));
      expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual([
        'Admin Dashboard',
        'Profile',
        'Team Invites',
        'Logout',
      ]);
      await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

      expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
      expect(path()).toBe('/');
      // The server ended the sign-in too.
      await waitFor(async () => expect((await agent.get('/v1/user/userinfo')).status).toBe(401));
    });
  });

  describe('sign-in screens', () => {
    it('Login offers "Continue with Discord" with the terms and privacy notice', async () => {
      await open('/login');
      expect(screen.getByRole('link', { name: 'Continue with Discord' }).getAttribute('href')).toBe('/v1/auth/discord');
      const notice = screen.getByText(/By continuing you agree to our/);
      expect(within(notice).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(SITE.terms);
      expect(within(notice).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(SITE.privacy);
    });

    it('Login sends a signed-in user home', async () => {
      await open('/login', { as: 'AdminNova' });
      await waitFor(() => expect(path()).toBe('/'));
      expect(screen.queryByRole('link', { name: 'Continue with Discord' })).toBeNull();
    });

    it('Callback reads who signed in, then goes home', async () => {
      await open('/auth/callback', { as: 'AdminNova', settle: false });
      expect(screen.getByText('Signing you in...')).toBeTruthy();
      await waitFor(() => expect(path()).toBe('/'));
      expect(screen.getByRole('button', { name: 'Profile menu for AdminNova' })).toBeTruthy();
    });

    it('Callback goes home even when reading the user fails', async () => {
      server.failNext('GET /v1/auth/session', 500, 'The database is busy');
      await open('/auth/callback', { as: 'AdminNova' });
      await waitFor(() => expect(path()).toBe('/'));
      expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    });

    it('Banned shows BANNED and a Contact Us button', async () => {
      await open('/auth/banned');
      expect(screen.getByRole('heading', { name: 'BANNED' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe(SITE.supportTickets);
    });

    it('Not found offers a Home button', async () => {
      const { user } = await open('/no/such/page');
      expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
      await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Home' }));
      expect(path()).toBe('/');
    });
  });

  describe('guards', () => {
    it('sends a guest on a protected route to /login', async () => {
      await open('/admin');
      await waitFor(() => expect(path()).toBe('/login'));
    });

    it('sends a signed-in user without the role to /', async () => {
      const player = (await server.agent().get('/v1/user?perPage=1')).body.results[0].discordName as string;
      await open('/admin', { as: player });
      await waitFor(() => expect(path()).toBe('/'));
    });

    it('lets staff in', async () => {
      await open('/admin', { as: 'ClutchOwner' });
      expect(await screen.findByRole('heading', { name: 'Admin Portal' })).toBeTruthy();
      expect(path()).toBe('/admin');
    });
  });
});
