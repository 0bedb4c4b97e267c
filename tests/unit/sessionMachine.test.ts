import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine, watchApiClient } from '../../machines/flows/sessionMachine';
import type { UserInfo } from '../../src/api/contract/user';
import { ApiError } from '../../src/api/client';

const user = { id: 3, role: 'USER', banned: false, discordName: 'Ghost' } as UserInfo;

/** The API client's signal side: listeners by kind, as `createApiClient().on` keeps them. */
function fakeClient() {
  const listeners = { signedOut: new Set<() => void>(), banned: new Set<() => void>() };
  return {
    listeners,
    on: (kind: keyof typeof listeners, fn: () => void) => {
      listeners[kind].add(fn);
      return () => listeners[kind].delete(fn);
    },
    emit: (kind: keyof typeof listeners) => listeners[kind].forEach((fn) => fn()),
  };
}

function start(opts: { cachedUser?: UserInfo | null; fetchUser?: () => Promise<UserInfo | null> } = {}) {
  const client = fakeClient();
  const logic = sessionMachine.provide({
    actors: {
      watchApiClient: watchApiClient(client),
      fetchUser: fromPromise(opts.fetchUser ?? (async () => user)),
      signOut: fromPromise<void>(async () => undefined),
    },
  });
  const actor = createActor(logic, { input: { cachedUser: opts.cachedUser ?? null } }).start();
  return { actor, client };
}

describe('sessionMachine', () => {
  it('with nothing cached, asks the server before showing anyone as a guest: signed-in cookies land signed in', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('checking');
    expect(actor.getSnapshot().context.user).toBeNull();
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(actor.getSnapshot().context.user).toEqual(user);
  });

  it('with nothing cached and the server answering "a guest", ends signed out', async () => {
    const { actor } = start({ fetchUser: async () => null });
    await waitFor(actor, (s) => s.matches('signedOut'));
  });

  it('with nothing cached and the server out of reach, ends signed out', async () => {
    const { actor } = start({ fetchUser: async () => Promise.reject(new ApiError(0, null)) });
    await waitFor(actor, (s) => s.matches('signedOut'));
  });

  it('signs a cached user out when the server says the cookies sign nobody in, and keeps them when it cannot be asked', async () => {
    const guest = start({ cachedUser: user, fetchUser: async () => null });
    await waitFor(guest.actor, (s) => s.matches('signedOut'));
    const offline = start({ cachedUser: user, fetchUser: async () => Promise.reject(new ApiError(0, null)) });
    await waitFor(offline.actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(offline.actor.getSnapshot().context.user).toEqual(user);
  });

  it("hears the API client's signals while it runs and lets go of them when stopped", async () => {
    const { actor, client } = start({ cachedUser: user });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(client.listeners.signedOut.size).toBe(1);
    client.emit('signedOut');
    expect(actor.getSnapshot().value).toBe('signedOut');
    actor.stop();
    expect(client.listeners.signedOut.size + client.listeners.banned.size).toBe(0);
  });

  it('turns a banned answer from any call into the banned state', async () => {
    const { actor, client } = start({ cachedUser: user });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    client.emit('banned');
    expect(actor.getSnapshot().value).toBe('banned');
    expect(actor.getSnapshot().context.user).toBeNull();
  });
});
