import './app/mantineStyles';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { api } from './api/client';
import { sessionMachine } from '../machines/flows/sessionMachine';
import { startSession } from './ui/session';
import { preloadRoute } from './app/routes';

// The server lands the browser on /auth/callback after sign-in: the session then re-reads who is signed in.
const session = startSession(api, sessionMachine, { signingIn: window.location.pathname === '/auth/callback' });
// The first screen's code and data, side by side, before React starts rendering.
preloadRoute(window.location.pathname);

// A transition: React renders the first screen in slices of a few milliseconds instead of one long task, so the
// page answers input (and a phone's main thread is not blocked) while it boots.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App session={session} />
    </StrictMode>,
  );
});
