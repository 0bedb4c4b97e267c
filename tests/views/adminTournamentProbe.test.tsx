import { afterAll, beforeAll, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import fs from 'node:fs';
import { startTestServer, type TestServer } from '../support/testServer';
import { renderApp } from './adminTournamentHarness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ seed: true }); }, 120_000);
afterAll(() => server?.close());

it('probe', async () => {
  const { user, requests } = await renderApp(server, '/admin/tournaments');
  try {
    await screen.findAllByRole('button', { name: /options for/i }, { timeout: 20000 });
    await user.click(screen.getByRole('button', { name: 'New Tournament' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Start date' }));
  } finally {
    fs.writeFileSync('/tmp/h6b/dom.html', document.body.innerHTML);
    fs.writeFileSync('/tmp/h6b/req.json', JSON.stringify(requests, null, 1));
  }
}, 60_000);
