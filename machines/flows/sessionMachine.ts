import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { api, ApiError, type ApiClient } from '../../src/api/client';
import type { UserInfo } from '../../src/api/contract/user';
import { logout, readSession } from '../../src/api/endpoints/session';

export const SESSION_STORAGE_KEY = 'clutch.user';

export interface SessionContext {
  user: UserInfo | null;
  /** Booted on /auth/callback (only read while booting). */
  signingIn: boolean;
}

export interface SessionInput {
  cachedUser: UserInfo | null;
  /** The browser just came back from sign-in (/auth/callback): read who is signed in now. */
  signingIn?: boolean;
}

export type SessionEvent =
  /** Re-read the signed-in user from the server (another tab signed in or out). */
  | { type: 'session.refresh' }
  | { type: 'session.signOut' }
  /** The API client gave up on the sign-in: the refresh was refused, or 3 refreshes did not help. */
  | { type: 'session.expired' }
  /** The server answered 403 banned. */
  | { type: 'session.banned' };

/** The cached user from localStorage, if any and well-formed. */
export function readCachedUser(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): UserInfo | null {
  try {
    const raw = storage?.getItem(SESSION_STORAGE_KEY);
    const user = raw ? (JSON.parse(raw) as UserInfo) : null;
    return user && typeof user.id === 'number' && typeof user.role === 'string' && !user.banned ? user : null;
  } catch {
    return null;
  }
}

const withError = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const withUser = ({ event }: { event: { output: UserInfo | null } }) => ({ user: event.output });

/**
 * The API client's signals as session events: it gave up on the sign-in (`session.expired`) or the server said the
 * account is banned (`session.banned`). The client outlives a stopped session (tests start one per screen), so the
 * listeners go when the session stops.
 */
export const watchApiClient = (client: Pick<ApiClient, 'on'>) =>
  fromCallback<SessionEvent>(({ sendBack }) => {
    const stopSignedOut = client.on('signedOut', () => sendBack({ type: 'session.expired' }));
    const stopBanned = client.on('banned', () => sendBack({ type: 'session.banned' }));
    return () => {
      stopSignedOut();
      stopBanned();
    };
  });

/**
 * Who is signed in. The user is cached in localStorage so the shell renders at once, then refreshed from the
 * server. With nothing cached (a new tab after clearing site data, after sign-in, another tab signed in) the session
 * asks the server first: checking → signedIn or signedOut. The server answers a guest with a 200 (no failed call),
 * and says when an expired sign-in can be refreshed (`readSession`). States: checking, signedOut, signedIn
 * (verifying | idle), signingOut, banned.
 * Tabs keep each other in step through the cache: when another tab signs in or out, this one re-reads the user.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    // Null: a guest (the server says so with a 200, so a guest's page load fails no call).
    fetchUser: fromPromise<UserInfo | null>(() => readSession()),
    signOut: fromPromise<void>(async () => {
      // Only logged: the local session ends whatever the server says.
      await logout().catch((err) => console.warn('logout failed', err));
    }),
    watchApiClient: watchApiClient(api),
    watchOtherTabs: fromCallback(({ sendBack }) => {
      const onStorage = (e: StorageEvent) => {
        if (e.key === SESSION_STORAGE_KEY || e.key === null) sendBack({ type: 'session.refresh' });
      };
      globalThis.addEventListener?.('storage', onStorage);
      return () => globalThis.removeEventListener?.('storage', onStorage);
    }),
  },
  actions: {
    storeUser: ({ context }) => {
      try {
        if (context.user) globalThis.localStorage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(context.user));
        else globalThis.localStorage?.removeItem(SESSION_STORAGE_KEY);
      } catch {
        // Private mode or a full quota: the session still works, only the cache is lost.
      }
    },
    setUser: assign({ user: (_, user: UserInfo | null) => user }),
    clearUser: assign({ user: null }),
  },
  guards: {
    isSigningIn: ({ context }) => context.signingIn,
    hasCachedUser: ({ context }) => context.user !== null,
    isGuest: (_, { user }: { user: UserInfo | null }) => user === null,
    isBanned: (_, { error }: { error: unknown }) => error instanceof ApiError && error.banned,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ user: input.cachedUser, signingIn: !!input.signingIn }),
  invoke: [
    { id: 'watchOtherTabs', src: 'watchOtherTabs' },
    { id: 'watchApiClient', src: 'watchApiClient' },
  ],
  initial: 'booting',
  states: {
    booting: {
      always: [
        { guard: 'isSigningIn', target: 'checking' },
        { guard: 'hasCachedUser', target: 'signedIn.verifying' },
        // Nothing cached does not mean signed out: the cookies may still hold a session.
        { target: 'checking' },
      ],
    },
    signedOut: {
      entry: ['clearUser', 'storeUser'],
      on: { 'session.refresh': 'checking' },
    },
    // The header shows a neutral placeholder and guarded routes wait: neither the guest view nor /login flashes.
    checking: {
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: [
          { guard: { type: 'isGuest', params: withUser }, target: 'signedOut' },
          { target: 'signedIn.idle', actions: [{ type: 'setUser', params: ({ event }) => event.output }, 'storeUser'] },
        ],
        onError: [{ guard: { type: 'isBanned', params: withError }, target: 'banned' }, { target: 'signedOut' }],
      },
    },
    signedIn: {
      initial: 'idle',
      states: {
        idle: { on: { 'session.refresh': 'verifying' } },
        verifying: {
          invoke: {
            id: 'fetchUser',
            src: 'fetchUser',
            onDone: [
              { guard: { type: 'isGuest', params: withUser }, target: '#session.signedOut' },
              { target: 'idle', actions: [{ type: 'setUser', params: ({ event }) => event.output }, 'storeUser'] },
            ],
            onError: [
              { guard: { type: 'isBanned', params: withError }, target: '#session.banned' },
              // Offline or a server hiccup: keep the cached user rather than signing out.
              { target: 'idle' },
            ],
          },
        },
      },
      on: {
        'session.signOut': 'signingOut',
        'session.expired': 'signedOut',
        'session.banned': 'banned',
      },
    },
    signingOut: {
      // The header turns to the guest view at once; the server call only clears the cookies (it never fails).
      entry: ['clearUser', 'storeUser'],
      invoke: { id: 'signOut', src: 'signOut', onDone: 'signedOut' },
    },
    banned: {
      entry: ['clearUser', 'storeUser'],
      // Drop the banned account's cookies, so public pages work again as a guest.
      invoke: { id: 'forgetSession', src: 'signOut' },
      on: { 'session.refresh': 'checking' },
    },
  },
});
