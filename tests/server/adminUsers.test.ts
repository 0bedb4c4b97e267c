import { describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { AdminUserRow } from '../../src/api/contract/user';
import { USER_ADMIN } from '../../src/domain/messages';
import { useTestServer } from '../support/testServer';
import { findUserRow, insertUser } from '../support/fixtures';

describe('PATCH /v1/user/{id} and GET /v1/user/{id}', () => {
  const server = useTestServer({ seed: true });
  const as = (name: string) => server.agent().signIn(name);

  it('lets staff correct a record and answers the updated row', async () => {
    const player = await insertUser(server.db);
    const body = { battleTag: 'Fixed#1234', katanaRank: 1500, wins: 7, losses: 3, gold: 1, silver: 2, bronze: 0 };
    const res = await (await as('AdminAce')).patch(`/v1/user/${player.id}`, body);
    expect(res.status).toBe(200);
    expect(is(res.body, AdminUserRow)).toBe(true);
    expect(res.body).toMatchObject(body);
    expect((await server.agent().get(`/v1/user/${player.id}`)).body).toMatchObject(body);
  });

  it('changes KR alone, leaving the rest, and clears a blank Activision ID', async () => {
    const player = await insertUser(server.db, { battleTag: 'Keep#1', wins: 4 });
    const admin = await as('AdminNova');
    expect((await admin.patch(`/v1/user/${player.id}`, { katanaRank: 4321 })).body).toMatchObject({ katanaRank: 4321, battleTag: 'Keep#1', wins: 4 });
    expect((await admin.patch(`/v1/user/${player.id}`, { battleTag: '  ' })).body.battleTag).toBeNull();
  });

  it('refuses players, bad input and unknown users, changing nothing', async () => {
    const player = await insertUser(server.db, { wins: 2 });
    const other = await insertUser(server.db);
    expect((await (await as(other.discordName)).patch(`/v1/user/${player.id}`, { wins: 99 })).status).toBe(403);
    const admin = await as('AdminAce');
    const bad = [{}, { wins: -1 }, { wins: 1.5 }, { katanaRank: 100001 }, { katanaRank: 12.5 }, { battleTag: 'x'.repeat(65) }, { battleTag: 'a\u0000b' }, { role: 'OWNER' }, { gold: '3' }];
    for (const body of bad) {
      const res = await admin.patch(`/v1/user/${player.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await admin.patch(`/v1/user/${player.id}`, {})).body).toEqual({ message: USER_ADMIN.nothingToEdit });
    expect((await admin.patch('/v1/user/999999', { wins: 1 })).status).toBe(404);
    expect((await findUserRow(server.db, player.id))).toMatchObject({ wins: 2, role: 'USER' });
    expect((await server.agent().get('/v1/user/999999')).body).toEqual({ message: USER_ADMIN.notFound });
  });
});
