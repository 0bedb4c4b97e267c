import './app/mantineStyles';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { api } from './api/client';
import { sessionMachine } from '../machines/sessionMachine';
import { startSession } from './ui/session';

// The server lands the browser on /auth/callback after sign-in: the session then re-reads who is signed in.
const session = startSession(api, sessionMachine, { signingIn: window.location.pathname === '/auth/callback' });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App session={session} />
  </StrictMode>,
);
