import { render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent from '@testing-library/user-event';
import { memoryLocation } from 'wouter/memory-location';
import { api } from '../../src/api/client';
import { App } from '../../src/app/App';
import { startSession } from '../../src/app/session';
import { clearNotifications } from '../../src/app/notify';
import type { Agent, TestServer } from '../support/testServer';

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Signs `who` in on the in-process server, points the SPA's API client at it (recording every request),
 * and renders the whole app at `path`. Returns the agent, the memory location and a userEvent instance.
 */
export async function renderApp(server: TestServer, path: string, who = 'AdminAce') {
  const agent: Agent = server.agent();
  await agent.signIn(who);
  const requests: SentRequest[] = [];
  api.configure({
    fetch: async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      const raw = init?.body;
      requests.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: typeof raw === 'string' && raw ? JSON.parse(raw) : raw ?? null,
      });
      return agent.fetch(input, init);
    },
  });
  clearNotifications();
  const session = startSession(api);
  session.send({ type: 'session.refresh' });
  await waitFor(() => expect(session.getSnapshot().matches('signedIn')).toBe(true));
  const location = memoryLocation({ path, record: true });
  const user = userEvent.setup();
  const view = render(<App session={session} hook={location.hook} />);
  return { agent, location, user, requests, session, view };
}

/** The last request sent to `method path`. */
export function lastRequest(requests: SentRequest[], method: string, path: string | RegExp) {
  const matches = requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  return matches[matches.length - 1];
}
