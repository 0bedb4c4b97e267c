import { describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { PlayerCard } from '../../src/api/contract/admin';
import { Paged } from '../../src/api/contract/common';
import { SERVER, VALIDATION } from '../../src/domain/messages';
import { playerCards } from '../../server/db/schema';
import { insertUser } from '../support/fixtures';
import { useTestServer, type Agent } from '../support/testServer';
import { multipartFile, PNG } from './tournaments.fixtures';

const LIST = '/v1/admin/player-cards';
const CARD = '/v1/admin/player-card';
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

describe('player cards: list, add (fields then image) and delete', () => {
  const server = useTestServer();

  const staff = async () => server.signIn((await insertUser(server.db, { role: 'ADMIN' })).discordName);
  const player = async () => server.signIn((await insertUser(server.db)).discordName);
  const setImage = async (agent: Agent, id: number, file = multipartFile(PNG)) =>
    agent.raw({
      method: 'PATCH',
      url: `${CARD}/${id}/image`,
      payload: file.payload,
      headers: { 'content-type': file.contentType, 'x-csrf-token': await agent.csrfToken() },
    });
  const list = async (query = '') => (await server.agent().get(`${LIST}${query}`)).body as Paged<PlayerCard>;
  const clear = () => server.db.delete(playerCards);

  it('lets staff add a card in two calls; everyone, guests included, sees it with its picture', async () => {
    await clear();
    const admin = await staff();

    const created = await admin.post(CARD, { name: '  Ace  ', rank: 3, twitterHandle: '@ace_fps' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ id: expect.any(Number) });
    const withImage = await setImage(admin, created.body.id);

    expect(withImage.status).toBe(200);
    expect(withImage.body).toEqual({
      id: created.body.id,
      name: 'Ace',
      rank: 3,
      twitterHandle: 'ace_fps',
      pictureUrl: expect.stringMatching(/^\/v1\/images\/\d+$/),
    });
    const page = await list();
    expect(is(page, Paged(PlayerCard))).toBe(true);
    expect(page).toMatchObject({ pageNo: 1, pageSize: 20, total: 1, results: [withImage.body] });
    const picture = await server.agent().get(withImage.body.pictureUrl);
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
  });

  it('pages 20 cards at a time by rank, and searches by name', async () => {
    await clear();
    await server.db.insert(playerCards).values(
      Array.from({ length: 25 }, (_, i) => ({ name: i === 7 ? 'Zed Searchable' : `Player ${i}`, rank: 25 - i, twitterHandle: `p${i}` })),
    );

    const first = await list();
    const second = await list('?pageNo=2');

    expect(first.total).toBe(25);
    expect(first.results.map((c) => c.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(second.results.map((c) => c.rank)).toEqual([21, 22, 23, 24, 25]);
    expect((await list('?search=searchable')).results.map((c) => c.name)).toEqual(['Zed Searchable']);
  });

  it('replaces a picture and deletes the one it replaced', async () => {
    const admin = await staff();
    const { id } = (await admin.post(CARD, { name: 'Swap', rank: 1, twitterHandle: 'swap' })).body;
    const first = (await setImage(admin, id)).body.pictureUrl as string;

    const second = await setImage(admin, id, multipartFile(GIF, 'image/gif', 'card.gif'));

    expect(second.status).toBe(200);
    expect(second.body.pictureUrl).not.toBe(first);
    expect((await server.agent().get(first)).status).toBe(404);
  });

  it('deletes a card and its picture (204); a second delete is 404', async () => {
    await clear();
    const admin = await staff();
    const { id } = (await admin.post(CARD, { name: 'Gone', rank: 1, twitterHandle: 'gone' })).body;
    const url = (await setImage(admin, id)).body.pictureUrl as string;

    expect((await admin.delete(`${CARD}/${id}`)).status).toBe(204);

    expect((await list()).total).toBe(0);
    expect((await server.agent().get(url)).status).toBe(404);
    expect(await admin.delete(`${CARD}/${id}`)).toMatchObject({ status: 404, body: { message: 'Player card not found' } });
  });

  it("answers each missing or bad field with the spec's message and stores nothing", async () => {
    await clear();
    const admin = await staff();
    const cases: [unknown, string][] = [
      [{ rank: 1, twitterHandle: 'x' }, VALIDATION.playerCard.name],
      [{ name: '   ', rank: 1, twitterHandle: 'x' }, VALIDATION.playerCard.name],
      [{ name: 'A', twitterHandle: 'x' }, VALIDATION.playerCard.rank],
      [{ name: 'A', rank: -1, twitterHandle: 'x' }, VALIDATION.playerCard.rank],
      [{ name: 'A', rank: 1.5, twitterHandle: 'x' }, VALIDATION.playerCard.rank],
      [{ name: 'A', rank: 1e12, twitterHandle: 'x' }, VALIDATION.playerCard.rank],
      [{ name: 'A', rank: 1 }, VALIDATION.playerCard.twitterHandle],
      [{ name: 'A', rank: 1, twitterHandle: 'not a handle/../x' }, VALIDATION.playerCard.twitterHandle],
    ];
    for (const [body, message] of cases) {
      expect(await admin.post(CARD, body)).toMatchObject({ status: 400, body: { message } });
    }
    expect((await admin.post(CARD, { name: 'A', rank: 1, twitterHandle: 'x', pictureUrl: '/evil' })).status).toBe(400);
    expect((await admin.post(CARD, { name: 'A\u0000B', rank: 1, twitterHandle: 'x' })).status).toBe(400);
    expect((await list()).total).toBe(0);
  });

  it('refuses a missing image, a non-image (even labelled image/png) and a JSON body, keeping the current picture', async () => {
    const admin = await staff();
    const { id } = (await admin.post(CARD, { name: 'Pic', rank: 1, twitterHandle: 'pic' })).body;
    const current = (await setImage(admin, id)).body.pictureUrl as string;

    const text = await setImage(admin, id, multipartFile(Buffer.from('hello'), 'text/plain', 'notes.txt'));
    const disguised = await setImage(admin, id, multipartFile(Buffer.from('<html><script>alert(1)</script></html>'), 'image/png', 'x.png'));
    const empty = await setImage(admin, id, multipartFile(Buffer.alloc(0)));
    const json = await admin.patch(`${CARD}/${id}/image`, { pictureUrl: 'https://example.com/x.png' });

    expect(text).toMatchObject({ status: 400, body: { message: 'Please upload a PNG, JPEG, GIF or WebP image' } });
    expect(disguised.status).toBe(400);
    expect(empty.status).toBe(400);
    expect(json.status).toBe(400);
    expect((await list('?search=Pic')).results[0].pictureUrl).toBe(current);
    expect((await server.agent().get(current)).status).toBe(200);
  });

  it('answers 404 for an image of a card that does not exist, 400 for a bad id', async () => {
    const admin = await staff();
    expect(await setImage(admin, 999999)).toMatchObject({ status: 404, body: { message: 'Player card not found' } });
    expect((await admin.delete(`${CARD}/abc`)).status).toBe(400);
    expect((await server.agent().get(`${LIST}?pageNo=0`)).status).toBe(400);
  });

  it('lets only staff write: players 403, guests 401, nothing changes', async () => {
    const admin = await staff();
    const { id } = (await admin.post(CARD, { name: 'Kept', rank: 1, twitterHandle: 'kept' })).body;
    const body = { name: 'Sneaky', rank: 1, twitterHandle: 'sneaky' };
    const before = await list('?search=Kept');

    for (const [agent, status] of [
      [await player(), 403],
      [server.agent(), 401],
    ] as const) {
      const posted = await agent.post(CARD, body);
      expect(posted.status).toBe(status);
      if (status === 403) expect(posted.body).toEqual({ message: SERVER.forbidden });
      expect((await setImage(agent, id)).status).toBe(status);
      expect((await agent.delete(`${CARD}/${id}`)).status).toBe(status);
    }
    expect(await list('?search=Kept')).toEqual(before);
    expect((await list('?search=Sneaky')).total).toBe(0);
  });
});
