import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { playerCards } from '../../server/db/schema';
import { ERRORS, VALIDATION } from '../../src/domain/messages';
import { renderApp } from '../support/renderApp';
import { startTestServer, type TestServer } from '../support/testServer';
import { PNG } from '../server/tournaments.fixtures';

configure({ asyncUtilTimeout: 5000 });
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
}, 120_000);
afterAll(() => server?.close());

const png = () => new File([new Uint8Array(PNG)], 'card.png', { type: 'image/png' });
const db = () => server.database.db;
const cardsNamed = (name: string) => db().select().from(playerCards).where(eq(playerCards.name, name));
const cards = () => screen.findAllByRole('article');

describe('PLAYER CARDS', () => {
  it('shows anyone 20 cards a page from the header link, with picture, name and Twitter link, and a PLAYER RANKS button', async () => {
    const { user, path } = await renderApp('/support', { server });

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'PLAYER CARDS' }));

    expect(path()).toBe('/players/player-cards');
    expect(await screen.findByRole('heading', { name: 'PLAYER CARDS' })).toBeTruthy();
    expect(await cards()).toHaveLength(20);
    const first = (await cards())[0];
    expect(within(first).getByText('Rank 1')).toBeTruthy();
    expect(within(first).getByRole('img').getAttribute('src')).toMatch(/^\/v1\/images\/\d+$/);
    expect(within(first).getByRole('link', { name: /^@/ }).getAttribute('href')).toMatch(/^https:\/\/twitter\.com\/\w+$/);
    expect(screen.queryByRole('button', { name: 'Add Player Card' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));

    await user.click(screen.getByRole('link', { name: 'PLAYER RANKS' }));
    expect(path()).toBe('/players');
  });

  it('opens from the admin dashboard with the staff controls', async () => {
    const { user, path } = await renderApp('/admin', { server, as: 'AdminAce' });

    await user.click(await screen.findByRole('link', { name: 'Player Cards' }));

    expect(path()).toBe('/admin/player-cards');
    expect(await screen.findByRole('button', { name: 'Add Player Card' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'PLAYER RANKS' })).toBeNull();
    expect(await screen.findAllByRole('button', { name: /^Delete / })).toHaveLength(20);
  });

  it("asks for each field, then 'Image Required', before sending anything", async () => {
    const { user, sent } = await renderApp('/admin/player-cards', { server, as: 'AdminAce' });
    await user.click(await screen.findByRole('button', { name: 'Add Player Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Player Card' });

    await user.click(within(dialog).getByRole('button', { name: 'Add Player Card' }));
    for (const message of Object.values(VALIDATION.playerCard)) expect(await within(dialog).findByText(message)).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'No Picture');
    await user.type(within(dialog).getByRole('textbox', { name: 'Rank' }), '5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Twitter Handle' }), 'nopicture');
    await user.click(within(dialog).getByRole('button', { name: 'Add Player Card' }));

    expect(await screen.findByText(ERRORS.imageRequired.title)).toBeTruthy();
    expect(screen.getByText(ERRORS.imageRequired.message)).toBeTruthy();
    expect(sent.filter((s) => s.startsWith('POST /v1/admin/player-card'))).toEqual([]);
    expect(await cardsNamed('No Picture')).toEqual([]);
  });

  it('adds a card with its image: the preview shows, the dialog closes and the card is listed first', async () => {
    const { user } = await renderApp('/admin/player-cards', { server, as: 'AdminAce' });
    await user.click(await screen.findByRole('button', { name: 'Add Player Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Player Card' });

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Rookie Star');
    await user.type(within(dialog).getByRole('textbox', { name: 'Rank' }), '0');
    await user.type(within(dialog).getByRole('textbox', { name: 'Twitter Handle' }), '@rookie_star');
    await user.upload(within(dialog).getByLabelText('Image file'), png());
    expect((await within(dialog).findByRole('img', { name: 'Image preview' })).getAttribute('src')).toMatch(/^data:image\/png/);
    await user.click(within(dialog).getByRole('button', { name: 'Add Player Card' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Player Card' })).toBeNull());
    await waitFor(async () => expect(within((await cards())[0]).getByText('Rookie Star')).toBeTruthy());
    const [stored] = await cardsNamed('Rookie Star');
    expect(stored).toMatchObject({ rank: 0, twitterHandle: 'rookie_star', pictureUrl: expect.stringMatching(/^\/v1\/images\/\d+$/) });
  });

  it("shows the server's refusal of a file that is not an image and leaves no card behind", async () => {
    const { user } = await renderApp('/admin/player-cards', { server, as: 'AdminAce' });
    await user.click(await screen.findByRole('button', { name: 'Add Player Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Player Card' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Fake Picture');
    await user.type(within(dialog).getByRole('textbox', { name: 'Rank' }), '9');
    await user.type(within(dialog).getByRole('textbox', { name: 'Twitter Handle' }), 'fakepic');
    await user.upload(within(dialog).getByLabelText('Image file'), new File(['<html></html>'], 'fake.png', { type: 'image/png' }));

    await user.click(within(dialog).getByRole('button', { name: 'Add Player Card' }));

    expect(await screen.findByText('Please upload a PNG, JPEG, GIF or WebP image')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add Player Card' })).toBeTruthy();
    await waitFor(async () => expect(await cardsNamed('Fake Picture')).toEqual([]));
  });

  it('deletes a card from its hover icon after confirming', async () => {
    const [card] = await db().insert(playerCards).values({ name: 'Doomed Card', rank: 0, twitterHandle: 'doomed' }).returning();
    const { user } = await renderApp('/admin/player-cards', { server, as: 'AdminAce' });

    await user.click(await screen.findByRole('button', { name: 'Delete Doomed Card' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Player Card' });
    expect(within(confirm).getByText(/Doomed Card/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Doomed Card' })).toBeNull());
    expect(await db().select().from(playerCards).where(eq(playerCards.id, card.id))).toEqual([]);
  });

  it('says "No Player Cards Found" when there are none', async () => {
    await db().delete(playerCards);

    await renderApp('/players/player-cards', { server });

    expect(await screen.findByText('No Player Cards Found')).toBeTruthy();
  });
});
