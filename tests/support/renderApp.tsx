import { act, cleanup, render, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { onTestFinished } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { api } from '../../src/api/client';
import { App } from '../../src/app/App';
import { clearNotifications } from '../../src/ui/notify';
import { startSession, type SessionActor } from '../../src/ui/session';
import { SESSION_STORAGE_KEY, sessionMachine } from '../../machines/flows/sessionMachine';
import type { Agent, TestServer } from './testServer';

export interface SentRequest {
  method: string;
  /** The path without the query, e.g. `/v1/tournament/3`. */
  path: string;
  /** The parsed JSON body, or null. */
  body: unknown;
}

export interface RenderAppOptions {
  server: TestServer;
  /**
   * The account (its Discord name) signed in, as a returning visitor has it: the session cookies and the profile the
   * SPA cached. Omitted or null: a guest with neither.
   */
  as?: string | null;
  /**
   * Wait until the app has settled who is signed in (default). `false` returns at once, while the session may still
   * be asking the server (tests of the boot itself).
   */
  settle?: boolean;
  /**
   * Stands between the SPA and the server (a network valve such as tests/machines/support/network.ts): given the
   * tab's agent, answers the fetch the SPA's client uses. Default: the agent's own fetch.
   */
  network?: (agent: Agent) => typeof globalThis.fetch;
  /** Options for the userEvent instance (fake timers need `advanceTimers`). */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

export interface RenderedApp {
  server: TestServer;
  /** The browser's own client: its cookies are the SPA's (ask the server what this user sees). */
  agent: Agent;
  user: UserEvent;
  /** "METHOD /v1/path?query" of every request the SPA sent, in order. */
  sent: string[];
  /** Every request the SPA sent, with its body. */
  requests: SentRequest[];
  /** The last request sent to `method path` (a RegExp matches the path), if any. */
  lastRequest(method: string, path: string | RegExp): SentRequest | undefined;
  /** The current location (path and query). */
  path(): string;
  /** Every location the tab has shown, oldest first. */
  history: string[];
  /** Goes to `to` as a link in the app would. */
  navigate(to: string, opts?: { replace?: boolean }): void;
}

const urlOf = (input: RequestInfo | URL) =>
  new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');

/**
 * Who the header shows: the signed-in user's name (the profile menu's avatar), null for a guest (the sign-in link), or
 * undefined while it shows neither. Plain selectors: role queries over the whole header cost a visible share of a
 * test's time in jsdom.
 */
function headerAccount(): string | null | undefined {
  // The app's header: the one with the main navigation (a Mantine modal's header is a <header> too).
  const header = [...document.querySelectorAll('header')].find((h) => h.querySelector('nav[aria-label="Main"]'));
  const menu = header?.querySelector('button[aria-label^="Profile menu for "]');
  if (menu) return menu.getAttribute('aria-label')!.slice('Profile menu for '.length);
  return header?.querySelector('a[aria-label="Sign in"]') ? null : undefined;
}

/**
 * The session runs no call of its own (reading or refreshing the user, signing out): it rests signed out, or signed
 * in with nothing to verify.
 */
function sessionIsIdle(session: SessionActor) {
  const snapshot = session.getSnapshot();
  return snapshot.status === 'active' && (snapshot.matches('signedOut') || snapshot.matches({ signedIn: 'idle' }));
}

let current: SessionActor | null = null;

/**
 * Opens the real app (its providers, theme, routes, guards, header and notifications) at `path` in a fresh tab
 * against the in-process server, as a guest or signed in `as` an account, and waits until the app has settled who
 * is signed in. One tab at a time: opening another closes the previous one.
 */
export async function renderApp(path: string, opts: RenderAppOptions): Promise<RenderedApp> {
  const { server, as = null, settle = true } = opts;
  cleanup();
  current?.stop();
  localStorage.clear();
  clearNotifications();

  const agent = server.agent();
  // The server lands the browser on /auth/callback after sign-in: the app then reads who signed in (as src/main.tsx).
  const signingIn = path.split('?')[0] === '/auth/callback';
  if (as) {
    await agent.signIn(as);
    if (!signingIn) {
      const me = await agent.get('/v1/user/userinfo');
      if (me.status !== 200) throw new Error(`userinfo for ${as} answered ${me.status}`);
      localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(me.body));
    }
  }

  const send = opts.network?.(agent) ?? agent.fetch;
  const sent: string[] = [];
  const requests: SentRequest[] = [];
  api.configure({
    fetch: async (input, init) => {
      const url = urlOf(input);
      const method = (init?.method ?? 'GET').toUpperCase();
      const raw = init?.body;
      sent.push(`${method} ${url.pathname}${url.search}`);
      requests.push({ method, path: url.pathname, body: typeof raw === 'string' && raw ? JSON.parse(raw) : (raw ?? null) });
      return send(input, init);
    },
  });

  const location = memoryLocation({ path, record: true });
  const session = startSession(api, sessionMachine, { signingIn });
  current = session;
  onTestFinished(() => session.stop());
  render(<App session={session} hook={location.hook} />);

  if (settle) {
    await waitFor(
      () => {
        if (headerAccount() === undefined || !sessionIsIdle(session)) throw new Error('the app has not settled who is signed in');
      },
      { timeout: 10_000, interval: 10 },
    );
    const shown = headerAccount();
    if (as && !signingIn && shown !== as) throw new Error(`signed in as ${as}, but the header shows ${shown ?? 'a guest'}`);
  }

  return {
    server,
    agent,
    user: userEvent.setup(opts.userOptions),
    sent,
    requests,
    lastRequest: (method, p) =>
      requests.findLast((r) => r.method === method && (typeof p === 'string' ? r.path === p : p.test(r.path))),
    path: () => location.history.at(-1)!,
    history: location.history,
    navigate: (to, navOpts) => act(() => location.navigate(to, navOpts)),
  };
}
