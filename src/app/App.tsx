import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Router } from 'wouter';
import type { BaseLocationHook } from 'wouter';
import { cssVariablesResolver, theme } from './theme';
import { Layout } from './Layout/Layout';
import { Notifications } from './Notifications';
import { AppRoutes } from './routes';
import { SessionContext, type SessionActor } from '../ui/session';
import { BannedRedirect } from './Guard';
import { DeferredModals } from './DeferredModals';

/** What every screen stands in: Mantine with the app's theme and CSS variables, modals, and the notification stack. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="dark" forceColorScheme="dark">
      {children}
      <Notifications />
      <DeferredModals />
    </MantineProvider>
  );
}

interface AppProps {
  session: SessionActor;
  /** Tests pass wouter's memory location. */
  hook?: BaseLocationHook;
}

export function App({ session, hook }: AppProps) {
  return (
    <AppProviders>
      <SessionContext.Provider value={session}>
        <Router hook={hook}>
          <BannedRedirect />
          <Layout>
            <AppRoutes />
          </Layout>
        </Router>
      </SessionContext.Provider>
    </AppProviders>
  );
}
