import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryLocation } from 'wouter/memory-location';
import { createTestModel } from '@xstate/graph';
import { api, ApiError } from '../../src/api/client';
import type { UserInfo } from '../../src/api/contract/user';
import { App } from '../../src/app/App';
import { startSession, type SessionActor } from '../../src/ui/session';
import { clearNotifications } from '../../src/ui/notify';
import { SESSION_STORAGE_KEY, sessionMachine } from '../../machines/flows/sessionMachine';
import { revokeAllForUser } from '../../server/auth/sessions';
import { startTestServer, type Agent, type TestServer } from '../support/testServer';
import { insertUser } from '../support/fixtures';
import { Network } from './support/network';
import { toTestMachine, transitionKey } from './support/testMachine';
import { coverTransitions, transitionsOf } from './support/coverTransitions';

configure({ asyncUtilTimeout: 5000 });

/**
 * The session machine, walked through the real app (header, guards, callback and banned pages) on the real
 * in-process server. Each path of the model starts a fresh browser (cookie jar, localStorage, location) and
 * performs every event the way it happens for a user: signing in or out in another tab, the server refusing the
 * session, an admin banning the user, clicking Logout.
 * 'uncached' starts with an empty localStorage: whether the browser holds session cookies is decided by how the
 * server's answer to the boot check goes (a signed-in answer means the cookies were there all along).
 */

type Start = 'uncached' | 'cached' | 'callback';
const STARTS: { start: Start; input: { cachedUser: UserInfo | null; signingIn?: boolean } }[] = [
  { start: 'uncached', input: { cachedUser: null } },
  { start: 'cached', input: { cachedUser: { id: 1, role: 'ADMIN', banned: false } as UserInfo } },
  { start: 'callback', input: { cachedUser: null, signingIn: true } },
];

const modelUser = { id: 1, role: 'USER', banned: false } as UserInfo;
const describeEvent = (e: { type: string; error?: ApiError; output?: unknown }) =>
  e.error ? `${e.type}(${e.error.status})` : e.output === null ? `${e.type}(guest)` : e.type;
const model = (input: (typeof STARTS)[number]['input']) =>
  createTestModel(toTestMachine(sessionMachine), {
    input,
    serializeState: transitionKey((s) => ({ value: s.value, user: !!s.context.user }), describeEvent),
    events: [
      { type: 'xstate.done.actor.fetchUser', output: modelUser },
      // The server says the cookies sign nobody in (200, no user): a guest, or a sign-in ended elsewhere.
      { type: 'xstate.done.actor.fetchUser', output: null },
      { type: 'xstate.error.actor.fetchUser', error: new ApiError(403, 'Your account has been banned', { banned: true }) },
      { type: 'xstate.error.actor.fetchUser', error: new ApiError(500, 'The database is busy') },
    ] as never[],
  });

const candidates = STARTS.flatMap(({ start, input }) =>
  model(input)
    .getShortestPaths()
    .map((path) => ({ start, path, transitions: transitionsOf(path, `start(${start})`, describeEvent) })),
);
const { kept: PATHS, all: ALL_TRANSITIONS } = coverTransitions(candidates);

describe('session machine through the real app', () => {
  let server: TestServer;
  let owner: Agent;
  const net = new Network();
  let session: SessionActor;
  let location: ReturnType<typeof memoryLocation> & { history: string[] };
  /** Who this browser is signed in as (or was, before the server ended it). */
  let current: { id: number; discordName: string; role: string; banned: boolean };
  /** Whether this browser's cookie jar holds a sign-in (valid or since revoked). */
  let hasCookies = false;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    owner = await server.agent().signIn('ClutchOwner');
  });
  afterAll(() => server?.close());
  afterEach(() => {
    cleanup();
    session?.stop();
    net.release();
  });

  const path = () => location.history.at(-1)!;
  const user = userEvent.setup();
  const settled = (value: string) => waitFor(() => expect(session.getSnapshot().matches(value as never)).toBe(true));
  const goTo = (to: string) => act(() => location.navigate(to));

  async function freshUser(role: 'USER' | 'ADMIN') {
    const row = await insertUser(server.database.db, { role });
    current = { id: row.id, discordName: row.discordName, role, banned: false };
  }

  async function signInBrowser() {
    await net.agent.signIn(current.discordName);
    hasCookies = true;
  }

  /** Another tab of this browser signs in (same cookies), then tells this tab through the cached user. */
  async function signInElsewhere() {
    if (current.banned) await freshUser('USER');
    await signInBrowser();
  }

  /** Leaves the page and comes back home: the home page's calls meet the server's new answer. */
  async function reloadHome() {
    await goTo('/support');
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'HOME' }));
  }

  async function boot(start: Start) {
    net.reset(server.agent());
    api.configure({ fetch: net.fetch });
    clearNotifications();
    localStorage.clear();
    await freshUser(start === 'cached' ? 'ADMIN' : 'USER');
    hasCookies = false;
    if (start !== 'uncached') await signInBrowser();
    if (start === 'cached') {
      const me = await net.agent.get('/v1/user/userinfo');
      localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(me.body));
    }
    net.hold(/^GET \/v1\/auth\/session/);
    location = memoryLocation({ path: start === 'callback' ? '/auth/callback' : '/support', record: true }) as typeof location;
    session = startSession(api, sessionMachine, { signingIn: start === 'callback' });
    render(<App session={session} hook={location.hook} />);
  }

  const guestAvatar = () => screen.getByRole('link', { name: 'Sign in' });

  const states = {
    signedOut: async () => {
      await settled('signedOut');
      expect(guestAvatar().getAttribute('href')).toBe('/login');
      expect(screen.queryByRole('button', { name: /^Profile menu/ })).toBeNull();
      expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
      const back = path() === '/login' ? '/support' : path();
      await goTo('/admin');
      await waitFor(() => expect(path()).toBe('/login'));
      expect(screen.getByRole('link', { name: 'Continue with Discord' })).toBeTruthy();
      await goTo(back);
    },
    checking: async () => {
      await settled('checking');
      await waitFor(() => expect(net.held).toContain('GET /v1/auth/session'));
      if (path() === '/auth/callback') expect(screen.getByText('Signing you in...')).toBeTruthy();
      if (session.getSnapshot().context.user) return;
      // Not known yet: a neutral placeholder in the header, neither the guest's Sign in nor a profile menu ...
      expect(screen.getByRole('status', { name: 'Checking sign-in' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
      expect(screen.queryByRole('button', { name: /^Profile menu/ })).toBeNull();
      // ... and a guarded page waits instead of sending the user to /login.
      if (path() === '/auth/callback') return;
      const back = path();
      await goTo('/invites');
      expect(screen.getByText('Loading...')).toBeTruthy();
      expect(path()).toBe('/invites');
      await goTo(back);
    },
    'signedIn.verifying': async () => {
      await settled('signedIn.verifying');
      await waitFor(() => expect(net.held).toContain('GET /v1/auth/session'));
      // The cached user shows at once, before the server answers.
      expect(screen.getByRole('button', { name: `Profile menu for ${current.discordName}` })).toBeTruthy();
    },
    'signedIn.idle': async () => {
      await settled('signedIn.idle');
      const staff = current.role !== 'USER';
      await user.click(screen.getByRole('button', { name: `Profile menu for ${current.discordName}` }));
      const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
      expect(items).toEqual(staff ? ['Admin Dashboard', 'Profile', 'Team Invites', 'Logout'] : ['Profile', 'Team Invites', 'Logout']);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!).id).toBe(current.id);
      const back = path() === '/admin' ? '/support' : path();
      await goTo('/admin');
      if (staff) expect(await screen.findByRole('heading', { name: 'Admin Portal' })).toBeTruthy();
      else await waitFor(() => expect(path()).toBe('/'));
      await goTo(back);
    },
    signingOut: async () => {
      await settled('signingOut');
      await waitFor(() => expect(net.held.some((r) => r.startsWith('POST /v1/auth/logout'))).toBe(true));
      // The guest view shows at once; only the cookies wait for the server.
      expect(guestAvatar()).toBeTruthy();
      expect(path()).toBe('/');
    },
    banned: async () => {
      await settled('banned');
      await waitFor(() => expect(path()).toBe('/auth/banned'));
      expect(screen.getByRole('heading', { name: 'BANNED' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Contact Us' })).toBeTruthy();
      expect(guestAvatar()).toBeTruthy();
      expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    },
  };

  const events = (start: Start) => ({
    'xstate.init': () => boot(start),
    'session.refresh': async ({ state }: { state: { value: unknown } }) => {
      if (state.value === 'checking') await signInElsewhere();
      net.hold(/^GET \/v1\/auth\/session/);
      act(() => {
        window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
      });
    },
    'xstate.done.actor.fetchUser': async ({ event }: { event: { output: UserInfo | null } }) => {
      if (event.output === null) {
        // Cookies of a sign-in that has since ended answer as a guest's do.
        if (hasCookies) await revokeAllForUser(server.database.db, server.config, current.id);
      } else if (!hasCookies) {
        // Nothing cached, yet signed in: the new tab after clearing site data, which must land signed in.
        await signInBrowser();
      }
      net.release();
    },
    'xstate.error.actor.fetchUser': async ({ event }: { event: { error: ApiError } }) => {
      if (event.error.status === 403) {
        if (!hasCookies) await signInBrowser();
        await banCurrent();
      }
      if (event.error.status === 500) server.failNext('GET /v1/auth/session', 500, 'The database is busy');
      net.release();
    },
    'session.signOut': async () => {
      net.hold(/^POST \/v1\/auth\/logout/);
      await user.click(screen.getByRole('button', { name: `Profile menu for ${current.discordName}` }));
      await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    },
    'xstate.done.actor.signOut': () => net.release(),
    'session.expired': async () => {
      await revokeAllForUser(server.database.db, server.config, current.id);
      await reloadHome();
    },
    'session.banned': async () => {
      await banCurrent();
      await reloadHome();
    },
  });

  async function banCurrent() {
    const res = await owner.post(`/v1/user/ban/${current.id}`);
    expect(res.status).toBe(200);
    current.banned = true;
  }

  it('walks every state and every transition of the machine', () => {
    // The kept paths take every transition of the model at least once ...
    expect(new Set(PATHS.flatMap((p) => p.transitions))).toEqual(ALL_TRANSITIONS);
    // ... and end up in every state the app can be in (booting only decides where to start).
    const reached = new Set([...ALL_TRANSITIONS].map((t) => t.split('> ')[1]));
    // A browser with session cookies and nothing cached lands signed in, asked through the checking state.
    expect(PATHS.some((p) => p.start === 'uncached' && p.transitions.includes('"checking" --xstate.done.actor.fetchUser--> {"signedIn":"idle"}'))).toBe(true);
    expect([...reached].sort()).toEqual(
      ['"banned"', '"checking"', '"signedOut"', '"signingOut"', '{"signedIn":"idle"}', '{"signedIn":"verifying"}'].sort(),
    );
  });

  describe.each(PATHS)('$path.description', ({ start, path: testPath }) => {
    it('shows what the user should see at every step', async () => {
      await testPath.test({ states, events: events(start) as never });
    });
  });
});
