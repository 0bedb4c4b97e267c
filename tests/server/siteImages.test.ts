import { describe, expect, it } from 'vitest';
import { array, is } from 'superstruct';
import { SiteImage } from '../../src/api/contract/admin';
import { SERVER } from '../../src/domain/messages';
import { insertUser } from '../support/fixtures';
import { useTestServer, type Agent } from '../support/testServer';
import { multipartFile, PNG } from './tournaments.fixtures';

const SLOTS = {
  homepage: 'HOME_PAGE_BANNER',
  'season-image': 'SEASON_IMAGE',
  'tournament-image': 'TOURNAMENT_IMAGE',
  'league-info-image': 'LEAGUE_INFO_IMAGE',
  'title-logo': 'TITLE_LOGO',
  logo: 'LOGO',
} as const;

/** A 1x1 GIF: a second, different image. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

describe('site images: GET /v1/admin/images and the six uploads', () => {
  const server = useTestServer();

  const staff = async () => server.signIn((await insertUser(server.db, { role: 'ADMIN' })).discordName);
  const upload = async (agent: Agent, path: string, file = multipartFile(PNG)) =>
    agent.raw({
      method: 'POST',
      url: `/v1/admin/${path}`,
      payload: file.payload,
      headers: { 'content-type': file.contentType, 'x-csrf-token': await agent.csrfToken() },
    });
  const images = async () => (await server.agent().get('/v1/admin/images')).body as SiteImage[];

  it('starts empty: the site shows its own artwork', async () => {
    const res = await server.agent().get('/v1/admin/images');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('stores each slot from its own path and lists them for everyone, guests included', async () => {
    const admin = await staff();
    for (const [path, imageType] of Object.entries(SLOTS)) {
      const res = await upload(admin, path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ imageType, url: expect.stringMatching(/^\/v1\/images\/\d+$/) });
    }

    const list = await images();
    expect(is(list, array(SiteImage))).toBe(true);
    expect(list.map((i) => i.imageType)).toEqual(Object.values(SLOTS));
    const shown = await server.agent().get(list[0].url);
    expect(shown.status).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
  });

  it('replaces a slot and deletes the image it replaced', async () => {
    const admin = await staff();
    const first = (await upload(admin, 'homepage')).body.url as string;

    const second = await upload(admin, 'homepage', multipartFile(GIF, 'image/gif', 'banner.gif'));

    expect(second.status).toBe(200);
    expect(second.body.url).not.toBe(first);
    expect((await images()).find((i) => i.imageType === 'HOME_PAGE_BANNER')?.url).toBe(second.body.url);
    expect((await server.agent().get(first)).status).toBe(404);
    expect((await server.agent().get(second.body.url)).headers['content-type']).toBe('image/gif');
  });

  it('refuses a file that is not an image (even labelled image/png) and keeps the current one', async () => {
    const admin = await staff();
    const current = (await upload(admin, 'logo')).body.url as string;

    const text = await upload(admin, 'logo', multipartFile(Buffer.from('hello'), 'text/plain', 'notes.txt'));
    const disguised = await upload(admin, 'logo', multipartFile(Buffer.from('<html><script>alert(1)</script></html>'), 'image/png', 'x.png'));

    expect(text.status).toBe(400);
    expect(text.body).toEqual({ message: 'Please upload a PNG, JPEG, GIF or WebP image' });
    expect(disguised.status).toBe(400);
    expect((await images()).find((i) => i.imageType === 'LOGO')?.url).toBe(current);
    expect((await server.agent().get(current)).status).toBe(200);
  });

  it('refuses an image over 5MB (413), a JSON body and an empty upload (400)', async () => {
    const admin = await staff();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const before = await images();

    expect((await upload(admin, 'season-image', multipartFile(big))).status).toBe(413);
    expect((await admin.post('/v1/admin/season-image', { url: 'https://example.com/x.png' })).status).toBe(400);
    expect((await upload(admin, 'season-image', multipartFile(Buffer.alloc(0)))).status).toBe(400);
    expect(await images()).toEqual(before);
  });

  it('lets only staff upload: players 403, guests 401', async () => {
    const player = await server.signIn((await insertUser(server.db)).discordName);
    const before = await images();

    const refused = await upload(player, 'tournament-image');
    expect(refused).toMatchObject({ status: 403, body: { message: SERVER.forbidden } });
    expect((await upload(server.agent(), 'tournament-image')).status).toBe(401);
    expect(await images()).toEqual(before);
  });
});
