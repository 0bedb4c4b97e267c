import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryLocation } from 'wouter/memory-location';
import { api } from '../../src/api/client';
import { App } from '../../src/app/App';
import { startSession, type SessionActor } from '../../src/ui/session';
import { SESSION_STORAGE_KEY, sessionMachine } from '../../machines/flows/sessionMachine';
import { startTestServer, type TestServer } from '../support/testServer';
import { TournamentFixtures } from './tournamentFixtures';

configure({ asyncUtilTimeout: 5000 });

let server: TestServer;
let fx: TournamentFixtures;
let session: SessionActor | undefined;
beforeAll(async () => {
  server = await startTestServer();
  fx = new TournamentFixtures(server);
}, 60_000);
afterAll(() => server.close());
afterEach(() => session?.stop());

// The app loads Mantine's ModalsProvider only when a screen first asks for a modal (src/app/DeferredModals.tsx):
// that first request must still open the dialog, and a second one too.
it('opens the confirm dialog of a screen in the real app, the first time and again', async () => {
  const admin = await fx.player({ role: 'ADMIN' });
  const t = await fx.tournament({ signUpLimit: 16 });
  const [a, b] = [await fx.player(), await fx.player()];
  await fx.soloEntry(t.id, a.id);
  await fx.soloEntry(t.id, b.id);
  const agent = server.agent();
  api.configure({ fetch: agent.fetch });
  await agent.signIn(admin.discordName);
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify((await agent.get('/v1/user/userinfo')).body));
  session = startSession(api, sessionMachine);
  const location = memoryLocation({ path: `/tournaments/${t.id}/entries`, record: true });
  const user = userEvent.setup();
  render(<App session={session} hook={location.hook} />);

  const list = await screen.findByRole('table', { name: 'Sign-ups' });
  const row = (name: string) => within(list).getByText(name).closest('tr')!;
  await user.click(within(row(a.discordName)).getByRole('button', { name: `Options for ${a.discordName}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Remove entry' }));
  const first = await screen.findByRole('dialog', { name: 'Remove entry' });
  await user.click(within(first).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove entry' })).toBeNull());

  await user.click(within(row(b.discordName)).getByRole('button', { name: `Options for ${b.discordName}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Remove entry' }));
  const second = await screen.findByRole('dialog', { name: 'Remove entry' });
  await user.click(within(second).getByRole('button', { name: 'Remove entry' }));
  await waitFor(() => expect(within(screen.getByRole('table', { name: 'Sign-ups' })).queryByText(b.discordName)).toBeNull());
  expect(within(screen.getByRole('table', { name: 'Sign-ups' })).getByText(a.discordName)).toBeTruthy();
});
