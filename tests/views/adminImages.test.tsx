import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { IMAGE_TOO_LARGE, SUCCESS } from '../../src/domain/messages';
import { renderApp } from '../support/renderApp';
import { startTestServer, type TestServer } from '../support/testServer';

configure({ asyncUtilTimeout: 5000 });
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
}, 120_000);
afterAll(() => server?.close());

/** A 1x1 PNG. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
const png = (name = 'banner.png') => new File([PNG], name, { type: 'image/png' });
const uploaded = async (type: string) =>
  ((await server.agent().get('/v1/admin/images')).body as { imageType: string; url: string }[]).find((i) => i.imageType === type)?.url;

const SLOTS = [
  ['Home Page Banner', 'Recommended size 1600x290, no larger than 5MB'],
  ['Season Image', 'Recommended size 170x209, no larger than 5MB'],
  ['Tournament Image', 'No larger than 5MB'],
  ['League Info Image', 'Recommended size 800x163, no larger than 5MB'],
  ['Header Banner', 'Recommended size 356x27, no larger than 5MB'],
  ['Logo', 'Recommended size 3000x1874, no larger than 5MB'],
] as const;

describe('/admin/images', () => {
  it('shows the six slots, each with its size hint, a preview and an image-only picker', async () => {
    await renderApp('/admin/images', { server, as: 'AdminAce' });

    for (const [label, hint] of SLOTS) {
      const slot = await screen.findByRole('region', { name: label });
      expect(within(slot).getByText(hint)).toBeTruthy();
      expect(within(slot).getByRole('button', { name: `Upload ${label}` })).toBeTruthy();
      expect(within(slot).getByLabelText(`${label} file`).getAttribute('accept')).toBe('image/*');
    }
    // Empty slots preview the site's own artwork (or say so where it is drawn in CSS).
    expect(within(screen.getByRole('region', { name: 'Season Image' })).getByRole('img', { name: 'Current Season Image' }).getAttribute('src')).toBe('/season-card.svg');
    expect(within(screen.getByRole('region', { name: 'Home Page Banner' })).getByText(/built-in artwork/)).toBeTruthy();
  });

  it('uploads the home banner: "Image Updated", the preview and the home page show it', async () => {
    const { user } = await renderApp('/admin/images', { server, as: 'AdminAce' });
    const slot = await screen.findByRole('region', { name: 'Home Page Banner' });

    await user.upload(within(slot).getByLabelText('Home Page Banner file'), png());

    expect(await screen.findByText(SUCCESS.imageUpdated.title)).toBeTruthy();
    expect(screen.getByText(SUCCESS.imageUpdated.message)).toBeTruthy();
    const url = await uploaded('HOME_PAGE_BANNER');
    expect(url).toMatch(/^\/v1\/images\/\d+$/);
    await waitFor(() => expect(within(slot).getByRole('img', { name: 'Current Home Page Banner' }).getAttribute('src')).toBe(url));

    await renderApp('/', { server });
    const banner = await screen.findByRole('link', { name: /Sign in with Discord to join tournaments/ });
    await waitFor(() => expect(banner.getAttribute('style')).toContain(url!));
  });

  it('uploads the header banner: the header shows it instead of the built-in lettering', async () => {
    const { user } = await renderApp('/admin/images', { server, as: 'AdminAce' });
    const header = document.querySelector('header')!;
    expect(within(header).getByText('CLU', { exact: false })).toBeTruthy();

    await user.upload(within(await screen.findByRole('region', { name: 'Header Banner' })).getByLabelText('Header Banner file'), png('title.png'));
    expect(await screen.findByText(SUCCESS.imageUpdated.title)).toBeTruthy();

    const url = await uploaded('TITLE_LOGO');
    await waitFor(() => expect(header.querySelector(`img[src="${url}"]`)).not.toBeNull());
    expect(within(header).queryByText('CLU', { exact: false })).toBeNull();
  });

  it('refuses a file of 5MB or more before sending it', async () => {
    const { user, lastRequest } = await renderApp('/admin/images', { server, as: 'AdminAce' });
    const slot = await screen.findByRole('region', { name: 'Logo' });
    const big = new File([PNG, new Uint8Array(5 * 1024 * 1024)], 'huge.png', { type: 'image/png' });

    await user.upload(within(slot).getByLabelText('Logo file'), big);

    expect(await screen.findByText(IMAGE_TOO_LARGE)).toBeTruthy();
    expect(lastRequest('POST', '/v1/admin/logo')).toBeUndefined();
    expect(await uploaded('LOGO')).toBeUndefined();
  });

  it('does not offer a file that is not an image', async () => {
    const { user, lastRequest } = await renderApp('/admin/images', { server, as: 'AdminAce' });
    const slot = await screen.findByRole('region', { name: 'Season Image' });

    await user.upload(within(slot).getByLabelText('Season Image file'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));

    expect(lastRequest('POST', '/v1/admin/season-image')).toBeUndefined();
    expect(screen.queryByText(SUCCESS.imageUpdated.title)).toBeNull();
  });

  it('shows the server’s refusal of a file that only claims to be an image, and keeps the current preview', async () => {
    const { user } = await renderApp('/admin/images', { server, as: 'AdminAce' });
    const slot = await screen.findByRole('region', { name: 'Tournament Image' });
    const disguised = new File(['<html><script>alert(1)</script></html>'], 'fake.png', { type: 'image/png' });

    await user.upload(within(slot).getByLabelText('Tournament Image file'), disguised);

    expect(await screen.findByText('Please upload a PNG, JPEG, GIF or WebP image')).toBeTruthy();
    expect(screen.queryByText(SUCCESS.imageUpdated.title)).toBeNull();
    expect(await uploaded('TOURNAMENT_IMAGE')).toBeUndefined();
    expect(within(slot).getByRole('img', { name: 'Current Tournament Image' }).getAttribute('src')).toBe('/tournament-banner.svg');
  });

  it('shows the season, tournament and league images on the site once uploaded', async () => {
    const { user } = await renderApp('/admin/images', { server, as: 'AdminAce' });
    for (const label of ['Season Image', 'Tournament Image', 'League Info Image']) {
      await user.upload(within(await screen.findByRole('region', { name: label })).getByLabelText(`${label} file`), png(`${label}.png`));
      await waitFor(() => expect(within(screen.getByRole('region', { name: label })).queryByRole('img', { name: `Current ${label}` })?.getAttribute('src')).toMatch(/^\/v1\/images\//));
    }
    const [season, tournament, league] = await Promise.all(['SEASON_IMAGE', 'TOURNAMENT_IMAGE', 'LEAGUE_INFO_IMAGE'].map(uploaded));

    await renderApp('/seasons', { server });
    const card = (await screen.findAllByRole('article'))[0];
    expect(card.querySelector('img')?.getAttribute('src')).toBe(season);

    await renderApp('/tournaments/all', { server });
    await waitFor(() => expect(document.querySelector(`img[src="${tournament}"]`)).not.toBeNull());

    await renderApp('/league', { server });
    expect((await screen.findByRole('img', { name: 'Clutch League' })).getAttribute('src')).toBe(league);
  });
});
