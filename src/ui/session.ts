import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import { api, type ApiClient } from '../api/client';
import { readCachedUser, sessionMachine, watchApiClient } from '../../machines/flows/sessionMachine';
import type { Role } from '../domain/constants';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/**
 * Starts the session actor; it listens to `client`'s signed-out and banned signals while it runs.
 * `signingIn`: the page was loaded on /auth/callback, where the server lands the browser after sign-in.
 */
export function startSession(client: ApiClient = api, logic = sessionMachine, opts: { signingIn?: boolean } = {}): SessionActor {
  const withClient = client === api ? logic : logic.provide({ actors: { watchApiClient: watchApiClient(client) } });
  const actor = createActor(withClient, { input: { cachedUser: readCachedUser(), signingIn: opts.signingIn } });
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

/** The server is being asked who is signed in (nothing was cached): show neither the guest view nor a redirect. */
export const useSessionChecking = () => useSelector(useSessionActor(), (s) => s.matches('checking'));

export const STAFF_ROLES: Role[] = ['ADMIN', 'OWNER'];
export const isStaffRole = (role: Role | undefined | null) => !!role && STAFF_ROLES.includes(role);
