import { assign, fromPromise, setup } from 'xstate';
import { ApiError } from '../src/api/client';
import type { UserInfo } from '../src/api/contract/user';
import { getUserInfo, logout } from '../src/api/endpoints/session';

const STORAGE_KEY = 'clutch.user';

export interface SessionContext {
  user: UserInfo | null;
}

export type SessionEvent =
  /** Re-read the signed-in user from the server (after sign-in, or to refresh the cache). */
  | { type: 'session.refresh' }
  | { type: 'session.signOut' }
  /** The API client gave up after 3 refresh attempts. */
  | { type: 'session.expired' }
  /** The server answered 403 banned. */
  | { type: 'session.banned' };

/** The cached user from localStorage, if any and well-formed. */
export function readCachedUser(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): UserInfo | null {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    const user = raw ? (JSON.parse(raw) as UserInfo) : null;
    return user && typeof user.id === 'number' && typeof user.role === 'string' ? user : null;
  } catch {
    return null;
  }
}

const withError = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/**
 * Who is signed in. The user is cached in localStorage so the shell renders at once, then refreshed from the
 * server. States: signedOut, signedIn (verifying | idle), banned, and the transient loading / signingOut.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { cachedUser: UserInfo | null },
  },
  actors: {
    fetchUser: fromPromise<UserInfo>(() => getUserInfo()),
    signOut: fromPromise<void>(async () => {
      // Only logged: the local session ends whatever the server says.
      await logout().catch((err) => console.warn('logout failed', err));
    }),
  },
  actions: {
    storeUser: ({ context }) => {
      try {
        if (context.user) globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(context.user));
        else globalThis.localStorage?.removeItem(STORAGE_KEY);
      } catch {
        // Private mode or a full quota: the session still works, only the cache is lost.
      }
    },
    setUser: assign({ user: (_, user: UserInfo) => user }),
    clearUser: assign({ user: null }),
  },
  guards: {
    hasCachedUser: ({ context }) => context.user !== null,
    isUnauthorized: (_, { error }: { error: unknown }) => error instanceof ApiError && error.status === 401,
    isBanned: (_, { error }: { error: unknown }) => error instanceof ApiError && error.banned,
    isBannedUser: (_, user: UserInfo) => user.banned,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ user: input.cachedUser }),
  initial: 'booting',
  states: {
    booting: {
      always: [{ guard: 'hasCachedUser', target: 'signedIn.verifying' }, { target: 'signedOut' }],
    },
    signedOut: {
      entry: ['clearUser', 'storeUser'],
      on: { 'session.refresh': 'loading' },
    },
    loading: {
      invoke: {
        src: 'fetchUser',
        onDone: [
          { guard: { type: 'isBannedUser', params: ({ event }) => event.output }, target: 'banned' },
          {
            target: 'signedIn.idle',
            actions: [{ type: 'setUser', params: ({ event }) => event.output }, 'storeUser'],
          },
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
            src: 'fetchUser',
            onDone: [
              { guard: { type: 'isBannedUser', params: ({ event }) => event.output }, target: '#session.banned' },
              { target: 'idle', actions: [{ type: 'setUser', params: ({ event }) => event.output }, 'storeUser'] },
            ],
            onError: [
              { guard: { type: 'isBanned', params: withError }, target: '#session.banned' },
              { guard: { type: 'isUnauthorized', params: withError }, target: '#session.signedOut' },
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
      invoke: { src: 'signOut', onDone: 'signedOut', onError: 'signedOut' },
    },
    banned: {
      entry: ['clearUser', 'storeUser'],
      on: { 'session.signOut': 'signingOut', 'session.refresh': 'loading' },
    },
  },
});
