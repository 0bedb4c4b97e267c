import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import { api, type ApiClient } from '../api/client';
import { readCachedUser, sessionMachine } from '../../machines/sessionMachine';
import type { Role } from '../domain/constants';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/**
 * Starts the session actor and connects it to the API client's signed-out and banned signals.
 * `signingIn`: the page was loaded on /auth/callback, where the server lands the browser after sign-in.
 */
export function startSession(client: ApiClient = api, logic = sessionMachine, opts: { signingIn?: boolean } = {}): SessionActor {
  const actor = createActor(logic, { input: { cachedUser: readCachedUser(), signingIn: opts.signingIn } });
  // The client outlives a stopped actor (tests start one per screen): only a running session hears it.
  const tell = (event: { type: 'session.expired' } | { type: 'session.banned' }) => {
    if (actor.getSnapshot().status === 'active') actor.send(event);
  };
  client.on('signedOut', () => tell({ type: 'session.expired' }));
  client.on('banned', () => tell({ type: 'session.banned' }));
  actor.start();
  return actor;
}

export const SessionContext = createContext<SessionActor | null>(null);

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSessionActor must be used inside <SessionContext.Provider>');
  return actor;
}

export const useSessionUser = () => useSelector(useSessionActor(), (s) => s.context.user);

export const STAFF_ROLES: Role[] = ['ADMIN', 'OWNER'];
export const isStaffRole = (role: Role | undefined | null) => !!role && STAFF_ROLES.includes(role);
