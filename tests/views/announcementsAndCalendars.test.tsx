import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { startTestServer, type Agent, type TestServer } from '../support/testServer';
import { FakeDiscord } from '../support/fakeDiscord';
import { renderApp } from '../support/renderApp';
import { ANNOUNCEMENT_ERRORS } from '../../src/domain/messages';

/*
 * Issue 25 in the SPA: the Discord webhook of the admin tournament and season dialogs (set, shown masked, a test
 * message and the list of deliveries, removed), and "Add to calendar" on the team and player pages.
 */

let server: TestServer;
let admin: Agent;
const fake = new FakeDiscord();

beforeAll(async () => {
  await fake.start();
  server = await startTestServer({
    seed: true,
    config: {
      announcements: { extraWebhookOrigins: [fake.base], pollMs: 20, retryBaseMs: 50, retryMaxMs: 100, maxAttempts: 2, requestTimeoutMs: 2_000 },
    },
  });
  admin = await server.agent().signIn('AdminAce');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake.close();
});

async function openEdit(user: UserEvent, name: string) {
  await user.click(await screen.findByRole('button', { name: `Options for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Edit', hidden: true }));
  return screen.findByRole('dialog', { name: `Edit ${name}` });
}

describe('Discord announcements in the admin dialogs', () => {
  it('sets a tournament’s webhook, shows it masked, sends a test message and lists its delivery', async () => {
    const { user, lastRequest } = await renderApp('/admin/tournaments', { server, as: 'AdminAce' });
    await user.type(await screen.findByRole('searchbox', { name: 'Search Tournaments' }), 'Winter Major');
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Options for/ })).toHaveLength(1), { timeout: 5000 });
    let dialog = await openEdit(user, 'Winter Major');
    const field = within(dialog).getByRole('textbox', { name: 'Discord Webhook' });
    expect(await within(dialog).findByText('Nothing announced yet.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Send test message' }) as HTMLButtonElement).disabled).toBe(true);

    // A URL that is not a webhook is refused under the field, before anything is saved.
    await user.click(field);
    await user.paste('https://discord.com/channels/1/2');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(ANNOUNCEMENT_ERRORS.webhookUrl)).toBeTruthy();

    const url = fake.webhookUrl('424242424242', 'dialog-token_abcdefghijklmnopqrstuvwxyz0123');
    await user.clear(field);
    await user.paste(url);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Tournament Edited');
    expect(lastRequest('PUT', /\/announcements$/)!.body).toEqual({ webhookUrl: url });

    dialog = await openEdit(user, 'Winter Major');
    expect(await within(dialog).findByText(`Posting to ${fake.base}/api/webhooks/424242424242/••••••. Paste another webhook URL to replace it.`)).toBeTruthy();
    expect(dialog.textContent).not.toContain('dialog-token');
    const test = within(dialog).getByRole('button', { name: 'Send test message' });
    await waitFor(() => expect((test as HTMLButtonElement).disabled).toBe(false));
    await user.click(test);
    await screen.findByText('Test message queued');
    await waitFor(() => expect(fake.delivered('424242424242')).toHaveLength(1), { timeout: 5000 });
    await user.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    const list = await within(dialog).findByRole('table', { name: 'Recent announcements' });
    await waitFor(() => expect(within(list).getByText('Delivered')).toBeTruthy());
    expect(within(list).getByText('Test message from Clutch')).toBeTruthy();

    // Stop announcing.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Stop announcing (remove the webhook)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Tournament Edited');
    expect(lastRequest('PUT', /\/announcements$/)!.body).toEqual({ webhookUrl: null });
    await waitFor(async () => expect((await admin.get('/v1/tournament/7/announcements')).body.webhook).toBeNull());
  });

  it('sets a season’s webhook from its dialog', async () => {
    const seasons = (await admin.get('/v1/season/all-seasons?search=Season 5')).body.results;
    const { user } = await renderApp('/admin/seasons', { server, as: 'AdminAce' });
    await user.type(await screen.findByRole('searchbox', { name: 'Search Seasons' }), 'Season 5');
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Options for / })).toHaveLength(1));
    const dialog = await openEdit(user, seasons[0].name);
    await within(dialog).findByText('Nothing announced yet.');
    await user.click(within(dialog).getByRole('textbox', { name: 'Discord Webhook' }));
    await user.paste(fake.webhookUrl('515151515151'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Season Edited');
    await waitFor(async () => expect((await admin.get(`/v1/season/${seasons[0].id}/announcements`)).body.webhook).toContain('/515151515151/'));
  });
});

describe('Add to calendar', () => {
  it('offers the team’s feed to subscribe to (webcal), download or copy', async () => {
    const team = (await admin.get('/v1/team?perPage=1')).body.results[0];
    const { user } = await renderApp(`/teams/${team.id}`, { server });
    await user.click(await screen.findByRole('button', { name: 'Add to calendar' }));
    const subscribe = await screen.findByRole('menuitem', { name: 'Subscribe in my calendar app', hidden: true });
    const feed = `${window.location.origin}/v1/team/${team.id}/calendar.ics`;
    expect(subscribe.getAttribute('href')).toBe(feed.replace(/^https?:/, 'webcal:'));
    const download = screen.getByRole('menuitem', { name: 'Download .ics', hidden: true });
    expect(download.getAttribute('href')).toBe(feed);
    expect(download.getAttribute('download')).toBe(`${team.name}.ics`);
    const res = await server.agent().get(`/v1/team/${team.id}/calendar.ics`);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  });

  it('offers a player’s feed on their profile', async () => {
    const player = (await admin.get('/v1/user?perPage=5')).body.results.find((u: any) => u.role === 'USER');
    const { user } = await renderApp(`/players/${player.id}`, { server });
    await user.click(await screen.findByRole('button', { name: 'Add to calendar' }));
    const download = await screen.findByRole('menuitem', { name: 'Download .ics', hidden: true });
    expect(download.getAttribute('href')).toBe(`${window.location.origin}/v1/user/${player.id}/calendar.ics`);
    await user.click(screen.getByRole('menuitem', { name: 'Copy calendar link', hidden: true }));
    expect(await screen.findByText('Calendar link copied')).toBeTruthy();
  });
});
