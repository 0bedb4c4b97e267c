import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/testServer';
import { insertUser } from '../support/fixtures';

/** GET /v1/user/invitee-search: the team dialogs' player search. */
describe('invitee search', () => {
  const server = useTestServer();
  beforeAll(async () => {
    for (const name of ['Zorro', 'Zorrolina', 'OldZorro', 'Elsewhere']) await insertUser(server.db, { discordName: name });
    await insertUser(server.db, { discordName: 'ZorroBanned', banned: true });
    await insertUser(server.db, { discordName: 'ZorroSearcher' });
  }, 60_000);

  it('answers matching players who are not banned, exact and prefix matches first, without the searcher', async () => {
    const a = await server.agent().signIn('ZorroSearcher');
    const res = await a.get('/v1/user/invitee-search?search=zorro');
    expect(res.status).toBe(200);
    expect(res.body.map((u: { discordName: string }) => u.discordName)).toEqual(['Zorro', 'Zorrolina', 'OldZorro']);
    expect(Object.keys(res.body[0]).sort()).toEqual(['discordName', 'id', 'picture']);
  });

  it('treats LIKE wildcards as text', async () => {
    const a = await server.agent().signIn('ZorroSearcher');
    expect((await a.get('/v1/user/invitee-search?search=%25')).body).toEqual([]);
  });

  it('needs a search term and a signed-in user', async () => {
    const a = await server.agent().signIn('ZorroSearcher');
    expect(await a.get('/v1/user/invitee-search?search=%20%20')).toMatchObject({ status: 400, body: { message: 'Please search for a user' } });
    expect((await a.get('/v1/user/invitee-search')).status).toBe(400);
    expect((await server.agent().get('/v1/user/invitee-search?search=zorro')).status).toBe(401);
  });
});
