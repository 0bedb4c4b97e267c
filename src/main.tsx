import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import { App } from './app/App';
import { startSession } from './app/session';

const session = startSession();

// The server lands the browser on /auth/callback after sign-in: re-read who is signed in.
if (window.location.pathname === '/auth/callback') session.send({ type: 'session.refresh' });

// A ban can be discovered on any call; send the user to the banned page when it is.
session.subscribe((snapshot) => {
  if (snapshot.matches('banned') && window.location.pathname !== '/auth/banned') navigate('/auth/banned', { replace: true });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App session={session} />
  </StrictMode>,
);
