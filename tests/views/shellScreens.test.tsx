import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { SITE } from '../../src/ui/siteLinks';
import { teams } from '../../server/db/schema';
import { renderApp, type RenderedApp } from '../support/renderApp';
import { startTestServer, type TestServer } from '../support/testServer';

configure({ asyncUtilTimeout: 5000 });

/** The shell's own screens (home, league, support, sign-in, TEAM RANKS, the admin menu) on the real in-process server. */
describe('the shell screens', () => {
  let server: TestServer;
  let app: RenderedApp;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
  }, 60_000);
  afterAll(() => server?.close());

  const path = () => app.path();

  async function open(at: string, opts: { as?: string } = {}) {
    app = await renderApp(at, { server, ...opts });
    return app;
  }

  describe('home', () => {
    it('shows a guest the banner to /login, the featured tournament and the 3 newest posts', async () => {
      const featured = (await server.agent().get('/v1/tournament/featured')).body;
      const posts = (await server.agent().get('/v1/social/feed')).body as { text: string }[];
      const { user } = await open('/');

      expect(screen.getByRole('link', { name: /Sign in with Discord to join tournaments/ }).getAttribute('href')).toBe('/login');
      expect(await screen.findByRole('article', { name: featured.title })).toBeTruthy();
      const feed = await screen.findByRole('list', { name: 'Social feed' });
      const items = within(feed).getAllByRole('listitem');
      expect(items).toHaveLength(3);
      expect(items.map((li) => posts.some((p) => li.textContent?.includes(p.text)))).toEqual([true, true, true]);

      await user.click(screen.getByRole('link', { name: /Sign in with Discord to join tournaments/ }));
      expect(path()).toBe('/login');
    });

    it('sends a signed-in player from the banner to the tournaments', async () => {
      const { user } = await open('/', { as: 'AdminAce' });
      await user.click(screen.getByRole('link', { name: /Find your next tournament/ }));
      expect(path()).toBe('/tournaments');
    });
  });

  describe('league and support', () => {
    it('plays the explainer video from the site itself, with the groups image and the community and schedule links', async () => {
      await open('/league');
      const video = screen.getByLabelText('How Clutch League works');
      expect(video.tagName).toBe('VIDEO');
      // Served with the SPA: it plays offline and no third party sets cookies.
      expect(video.getAttribute('src')).toMatch(/^\/[^/]/);
      expect(screen.getByRole('img', { name: /Group A and Group B/ })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Join our Discord community' }).getAttribute('href')).toBe(SITE.discordInvite);
      expect(screen.getByRole('link', { name: 'Season schedule' }).getAttribute('href')).toBe(SITE.schedule);
    });

    it('links Support to the ticket desk', async () => {
      await open('/support');
      expect(screen.getByRole('link', { name: 'Open a support ticket' }).getAttribute('href')).toBe(SITE.supportTickets);
    });
  });

  describe('sign-in', () => {
    it('tells a visitor whose Discord sign-in failed, and offers it again', async () => {
      await open('/login?error=discord');
      const alert = screen.getByRole('alert');
      expect(within(alert).getByText('Sign-in failed')).toBeTruthy();
      expect(within(alert).getByText('Discord could not sign you in. Please try again.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Continue with Discord' })).toBeTruthy();
    });

    it('explains an expired sign-in (the state check failed)', async () => {
      await open('/login?error=state');
      expect(within(screen.getByRole('alert')).getByText(/expired or was started in another tab/)).toBeTruthy();
    });

    it('shows no alert on a plain visit', async () => {
      await open('/login');
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });

  describe('TEAM RANKS', () => {
    it('lists name, wins, losses and trophies (bronze, silver, gold) with VIEW to the team page', async () => {
      const [team] = await server.database.db
        .insert(teams)
        .values({ name: 'Zebra Quokka Squad', wins: 7, losses: 3, bronze: 1, silver: 2, gold: 4 })
        .returning();
      const { user } = await open('/teams');
      expect(screen.getByRole('heading', { name: 'TEAM RANKS' })).toBeTruthy();
      // One edit, so one search: typing letter by letter on a slow machine can search twice and swap the rows mid-click.
      await user.click(screen.getByRole('searchbox', { name: 'Search teams' }));
      await user.paste('Zebra Quokka');
      const row = (await screen.findByRole('link', { name: 'Zebra Quokka Squad' })).closest('tr')!;

      const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
      expect(headers).toEqual(['NAME', 'WINS', 'LOSSES', 'TROPHIES', '']);
      const cells = within(row).getAllByRole('cell');
      expect(cells.slice(1, 3).map((c) => c.textContent)).toEqual(['7', '3']);
      expect(within(cells[3]).getAllByLabelText(/bronze|silver|gold/).map((t) => t.getAttribute('aria-label'))).toEqual([
        '1 bronze',
        '2 silver',
        '4 gold',
      ]);
      await user.click(within(row).getByRole('link', { name: 'View Zebra Quokka Squad' }));
      expect(path()).toBe(`/teams/${team.id}`);
    });
  });

  describe('admin portal', () => {
    it('sends Invite the Discord bot through the server, which knows the Discord application', async () => {
      await open('/admin', { as: 'AdminAce' });
      const invite = await screen.findByRole('link', { name: 'Invite the Discord bot' });
      expect(invite.getAttribute('href')).toBe('/v1/auth/discord/bot');
      expect(invite.getAttribute('target')).toBe('_blank');
    });
  });
});
