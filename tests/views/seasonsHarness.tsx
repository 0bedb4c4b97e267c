import { cleanup, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { api } from '../../src/api/client';
import { App } from '../../src/app/App';
import { clearNotifications } from '../../src/ui/notify';
import { startSession, type SessionActor } from '../../src/ui/session';
import { SESSION_STORAGE_KEY, sessionMachine } from '../../machines/sessionMachine';
import type { TestServer } from '../support/testServer';

let session: SessionActor | null = null;

/**
 * The whole app at `path` on the in-process server, as `who` (a guest when null): the real routes, guards,
 * providers and notifications. One screen at a time: opening another leaves the previous one.
 */
export async function openApp(server: TestServer, path: string, who: string | null = null) {
  cleanup();
  session?.stop();
  const agent = server.agent();
  api.configure({ fetch: agent.fetch });
  clearNotifications();
  localStorage.clear();
  if (who) {
    await agent.signIn(who);
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify((await agent.get('/v1/user/userinfo')).body));
  }
  const location = memoryLocation({ path, record: true }) as ReturnType<typeof memoryLocation> & { history: string[] };
  session = startSession(api, sessionMachine);
  const current = session;
  render(<App session={current} hook={location.hook} />);
  if (who) await waitFor(() => expect(current.getSnapshot().matches({ signedIn: 'idle' })).toBe(true));
  return { agent, location, user: userEvent.setup(), path: () => location.history.at(-1) };
}
