import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { listTournamentMatches } from '../../server/services/matchReadModel';
import { Agent, useTestServer } from '../support/testServer';
import { createAdmin, createTournament, type Fixture } from './bracketsKit';

/*
 * The bracket read (GET /v1/tournament/{id}/match) answers from a version kept in the database: an ETag and 304
 * without building anything, one serialized body per version, and every server instance on the same database sees
 * every change (issue 10, finding 3).
 */

describe('bracket reads', () => {
  const server = useTestServer();
  let admin: Agent;
  let f: Fixture;
  beforeAll(async () => {
    admin = await server.agent().signIn(await createAdmin(server.db));
    f = await createTournament(server.db, { ranks: [1500, 1400, 1300, 1200, 1100, 1000], teams: true });
  });

  const url = () => `/v1/tournament/${f.tournamentId}/match`;
  const read = (agent: Agent, ifNoneMatch?: string) =>
    agent.raw({ method: 'GET', url: url(), headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} });
  /** A round-1 match with both sides known and no result yet. */
  const openMatch = (list: { id: number; entryAId: number | null; entryBId: number | null; winningEntry: string }[]) => {
    const match = list.find((m) => m.entryAId !== null && m.entryBId !== null && m.winningEntry === '');
    if (!match) throw new Error('no open match');
    return match;
  };

  it('answers an ETag, and 304 with no body to a client that already holds it', async () => {
    const first = await read(server.agent());
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await read(server.agent(), etag);
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A list of tags, or the tag sent strong, matches too; an unknown tag gets the bracket.
    expect((await read(server.agent(), `W/"other", ${etag}`)).status).toBe(304);
    expect((await read(server.agent(), etag.replace(/^W\//, ''))).status).toBe(304);
    const other = await read(server.agent(), 'W/"something-else"');
    expect(other.status).toBe(200);
    expect(other.body).toEqual(first.body);
  });

  it('serves the same body to every viewer, equal to a fresh build from the database', async () => {
    const guest = await read(server.agent());
    const player = await read(await server.agent().signIn(f.players[0][0].discordName));
    const staff = await read(admin);
    expect(player.body).toEqual(guest.body);
    expect(staff.body).toEqual(guest.body);
    expect(guest.body).toEqual(JSON.parse(JSON.stringify(await listTournamentMatches(server.db, f.tournamentId))));
  });

  it('sends the body gzipped to a client that accepts it', async () => {
    const { gunzipSync } = await import('node:zlib');
    const plain = await read(server.agent());
    const res = await server.app.inject({ method: 'GET', url: url(), headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(plain.body);
    const refused = await server.app.inject({ method: 'GET', url: url(), headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('a result changes the ETag and the body; the old ETag gets the new bracket', async () => {
    const before = await read(server.agent());
    const match = openMatch(before.body);
    const res = await admin.post(`/v1/tournament/${f.tournamentId}/match/${match.id}/admin`, { entryAScore: 3, entryBScore: 1 });
    expect(res.status).toBe(200);

    const after = await read(server.agent(), before.headers.etag as string);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.find((m: { id: number }) => m.id === match.id)).toMatchObject({ winningEntry: 'EntryA', scoreA: 3, scoreB: 1 });
    expect(after.body).toEqual(JSON.parse(JSON.stringify(await listTournamentMatches(server.db, f.tournamentId))));
  });

  it('a refused write leaves the ETag as it was', async () => {
    const before = await read(server.agent());
    const res = await admin.post(`/v1/tournament/${f.tournamentId}/match/999999/admin`, { entryAScore: 3, entryBScore: 1 });
    expect(res.status).toBe(404);
    expect((await read(server.agent(), before.headers.etag as string)).status).toBe(304);
  });

  it('a player\'s new katanaRank shows on the brackets they play in', async () => {
    const before = await read(server.agent());
    const member = f.players[0][0];
    const res = await admin.send('PATCH', `/v1/user/${member.id}`, { katanaRank: 4321 });
    expect(res.status).toBe(200);
    const after = await read(server.agent(), before.headers.etag as string);
    expect(after.status).toBe(200);
    const ranks = after.body.flatMap((m: { teamA: { users: { id: number; katanaRank: number }[] } | null }) =>
      (m.teamA?.users ?? []).filter((u) => u.id === member.id).map((u) => u.katanaRank),
    );
    expect(ranks.length).toBeGreaterThan(0);
    expect(new Set(ranks)).toEqual(new Set([4321]));
  });

  it('answers 404 "Tournament not found" for a tournament that does not exist', async () => {
    const res = await server.agent().get('/v1/tournament/999999/match');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Tournament not found' });
  });

  describe('two server instances on one database', () => {
    let second: FastifyInstance;
    beforeAll(async () => {
      second = await buildApp({ config: server.config, database: server.database });
      await second.ready();
    });
    afterAll(async () => {
      await second.close();
    });

    it('each sees the other\'s writes on its next read', async () => {
      const other = new Agent(second);
      const seen = await read(other);
      expect(seen.status).toBe(200);
      // Both instances agree on the version of the same bracket.
      expect((await read(server.agent(), seen.headers.etag as string)).status).toBe(304);

      // A write through the first instance: the second one's cached body is no longer served.
      const match = openMatch(seen.body);
      const res = await admin.post(`/v1/tournament/${f.tournamentId}/match/${match.id}/admin`, { entryAScore: 0, entryBScore: 3 });
      expect(res.status).toBe(200);
      const fresh = await read(other, seen.headers.etag as string);
      expect(fresh.status).toBe(200);
      expect(fresh.body.find((m: { id: number }) => m.id === match.id)).toMatchObject({ winningEntry: 'EntryB' });

      // A write through the second instance reaches the first.
      const otherAdmin = await new Agent(second).signIn(await createAdmin(server.db));
      const reset = await otherAdmin.post(`/v1/tournament/${f.tournamentId}/reset`);
      expect(reset.status).toBe(204);
      const firstView = await read(server.agent(), fresh.headers.etag as string);
      expect(firstView.status).toBe(200);
      expect(firstView.body.find((m: { id: number }) => m.id === match.id)).toMatchObject({ winningEntry: '' });
    });
  });
});
