import './app/mantineStyles';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { api } from './api/client';
import { sessionMachine } from '../machines/flows/sessionMachine';
import { startSession } from './ui/session';
import { preloadRoute } from './app/routes';
import { inNextTask } from './ui/nextTask';

// Boot in three tasks, each short on a phone's CPU, so the page answers between them: this module's evaluation asks for
// the first screen's data, the next task for its code (a preload link per chunk), the one after starts the session and
// React. Data and code load side by side, before React starts rendering.
preloadRoute(window.location.pathname, inNextTask);
inNextTask(() => {
  // The server lands the browser on /auth/callback after sign-in: the session then re-reads who is signed in.
  const session = startSession(api, sessionMachine, { signingIn: window.location.pathname === '/auth/callback' });
  // A transition: React renders the first screen in slices of a few milliseconds instead of one long task.
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App session={session} />
      </StrictMode>,
    );
  });
});
