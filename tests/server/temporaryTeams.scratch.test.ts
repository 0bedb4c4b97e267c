import { it } from 'vitest';
import { startTestServer } from '../support/testServer';
import { Fixtures } from './temporaryTeams.fixtures';
it('debug', async () => {
  const server = await startTestServer();
  const fx = new Fixtures(server);
  const u1 = await fx.user();

  const u2 = await fx.user();
  const a = await fx.as(u1);
  console.log([...a.cookies.keys()]);
  const r = await a.get('/v1/user/userinfo');
  console.log(r.status, r.body, u1.id, u2.id);
  await server.close();
});
