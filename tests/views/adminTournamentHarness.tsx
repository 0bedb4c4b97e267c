import { render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent from '@testing-library/user-event';
import { memoryLocation } from 'wouter/memory-location';
import { api } from '../../src/api/client';
import { MantineProvider } from '@mantine/core';
import { Route, Router, Switch } from 'wouter';
import type { ComponentType, ReactNode } from 'react';
import { theme } from '../../src/app/theme';
import { Notifications } from '../../src/app/Notifications';
import { Guard } from '../../src/app/Guard';
import { SessionContext, STAFF_ROLES } from '../../src/ui/session';
import { AdminTournamentsPage } from '../../src/features/admin/tournaments/AdminTournamentsPage';
import { MapsAndModesPage } from '../../src/features/admin/tournaments/MapsAndModesPage';
import { DefinedEntriesPage } from '../../src/features/admin/tournaments/DefinedEntriesPage';
import { startSession } from '../../src/ui/session';
import { clearNotifications } from '../../src/ui/notify';
import type { Agent, TestServer } from '../support/testServer';

/**
 * The admin tournament routes as src/app/routes.tsx registers them (ADMIN/OWNER). Rendering only these keeps the
 * view tests independent of screens other engineers are building at the same time.
 */
export const ADMIN_ROUTES: Record<string, ComponentType> = {
  '/admin/tournaments': AdminTournamentsPage,
  '/admin/tournaments/:id/maps': MapsAndModesPage,
  '/admin/tournaments/:id/entries': DefinedEntriesPage,
};

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
  return renderWith(server, path, who, (
    <Switch>
      {Object.entries(ADMIN_ROUTES).map(([routePath, Component]) => (
        <Route key={routePath} path={routePath}>
          <Guard roles={STAFF_ROLES}>
            <Component />
          </Guard>
        </Route>
      ))}
      <Route>
        <p>Elsewhere</p>
      </Route>
    </Switch>
  ));
}

/** Like renderApp, with any element inside the app's providers (router at `path`). */
export async function renderWith(server: TestServer, path: string, who: string, element: ReactNode) {
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
  const view = render(
    <MantineProvider theme={theme} forceColorScheme="dark">
      <SessionContext.Provider value={session}>
        <Router hook={location.hook}>{element}</Router>
        <Notifications />
      </SessionContext.Provider>
    </MantineProvider>,
  );
  return { agent, location, user, requests, session, view };
}

/** The last request sent to `method path`. */
export function lastRequest(requests: SentRequest[], method: string, path: string | RegExp) {
  const matches = requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  return matches[matches.length - 1];
}
