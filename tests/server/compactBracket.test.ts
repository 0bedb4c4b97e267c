import { beforeAll, describe, expect, it } from 'vitest';
import { validate } from 'superstruct';
import { gunzipSync } from 'node:zlib';
import { CompactBracket, ROW, ROW_SIZE } from '../../src/api/contract/bracket';
import type { TournamentMatch } from '../../src/api/contract/tournament';
import { fromApi } from '../../src/bracket/fromApi';
import { fromCompact } from '../../src/bracket/fromCompact';
import { Agent, useTestServer } from '../support/testServer';
import { createAdmin, createTournament, type Fixture } from './bracketsKit';

/*
 * The canvas's compact bracket (GET /v1/tournament/{id}/bracket, issue 16): the same matches and entrants as the
 * spec's full list, every entrant once, and the full list's ETag/304 and gzip.
 */

describe('compact bracket', () => {
  const server = useTestServer();
  let admin: Agent;
  let solo: Fixture;
  let teams: Fixture;
  beforeAll(async () => {
    admin = await server.agent().signIn(await createAdmin(server.db));
    solo = await createTournament(server.db, { ranks: [1500, 1400, 1300, 1200, 1100], defined: ['Wildcard'] });
    teams = await createTournament(server.db, { ranks: [1500, 1400, 1300, 1200, 1100, 1000], teams: true });
  });

  const compactOf = (id: number, headers: Record<string, string> = {}) => server.agent().raw({ method: 'GET', url: `/v1/tournament/${id}/bracket`, headers });
  const fullOf = async (id: number) => (await server.agent().get(`/v1/tournament/${id}/match`)).body as TournamentMatch[];

  it('carries the same matches and entrants as the full list, each entrant once', async () => {
    // A decided match: scores and a winner travel too.
    const open = (await fullOf(solo.tournamentId)).find((m) => m.entryAId !== null && m.entryBId !== null && m.winningEntry === '')!;
    expect((await admin.post(`/v1/tournament/${solo.tournamentId}/match/${open.id}/admin`, { entryAScore: 3, entryBScore: 1 })).status).toBe(200);
    for (const f of [solo, teams]) {
      const res = await compactOf(f.tournamentId);
      expect(res.status).toBe(200);
      const [error, compact] = validate(res.body, CompactBracket);
      expect(error).toBeUndefined();
      const full = await fullOf(f.tournamentId);
      expect(fromCompact(compact!)).toEqual(fromApi(full));
      expect(compact!.matches.length).toBe(full.length * ROW_SIZE);
      const ids = compact!.entrants.map(([id]) => id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(new Set(full.flatMap((m) => [m.entryAId, m.entryBId]).filter((id) => id !== null)));
    }
    const decided = fromCompact(validate((await compactOf(solo.tournamentId)).body, CompactBracket)[1]!).find((m) => m.id === open.id)!;
    expect(decided).toMatchObject({ winner: 'A', a: { score: 3 }, b: { score: 1 } });
  });

  it('answers its own ETag, 304 to a client that holds it, a new one after a result', async () => {
    const first = await compactOf(teams.tournamentId);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const fullTag = (await server.agent().raw({ method: 'GET', url: `/v1/tournament/${teams.tournamentId}/match` })).headers.etag;
    expect(etag).not.toBe(fullTag);
    // The full list's tag is not this body's.
    expect((await compactOf(teams.tournamentId, { 'if-none-match': String(fullTag) })).status).toBe(200);

    const again = await compactOf(teams.tournamentId, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');

    const m = (await fullOf(teams.tournamentId)).find((x) => x.entryAId !== null && x.entryBId !== null && x.winningEntry === '')!;
    expect((await admin.post(`/v1/tournament/${teams.tournamentId}/match/${m.id}/admin`, { entryAScore: 0, entryBScore: 3 })).status).toBe(200);
    const after = await compactOf(teams.tournamentId, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const rows = (after.body as { matches: number[] }).matches;
    const at = rows.findIndex((v, i) => i % ROW_SIZE === ROW.id && v === m.id);
    expect(rows[at - ROW.id + ROW.winner]).toBe(2);
  });

  it('sends the body gzipped to a client that accepts it', async () => {
    const plain = await compactOf(solo.tournamentId);
    const res = await server.app.inject({ method: 'GET', url: `/v1/tournament/${solo.tournamentId}/bracket`, headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(plain.body);
  });

  it('is empty before the bracket exists, and 404 for a tournament that does not exist', async () => {
    const open = await createTournament(server.db, { ranks: [1500, 1400], status: 'OPEN', generate: false });
    expect((await compactOf(open.tournamentId)).body).toEqual({ roundNames: [], entrants: [], matches: [] });
    const missing = await server.agent().get('/v1/tournament/999999/bracket');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Tournament not found' });
    expect((await server.agent().get('/v1/tournament/abc/bracket')).status).toBe(400);
  });
});

describe('compact bracket contract', () => {
  const valid = { roundNames: ['Round 1'], entrants: [[7, 'Ace', null]], matches: [1, 1, 0, 0, 0, 0, 0, -1, -1, -1, 0, 1, 0, 0, 0, 0] };

  it('accepts a well-formed body and refuses broken references, in one pass', () => {
    expect(validate(valid, CompactBracket)[0]).toBeUndefined();
    const broken = (patch: Partial<typeof valid>) => validate({ ...valid, ...patch }, CompactBracket)[0]?.message;
    expect(broken({ matches: valid.matches.slice(1) })).toMatch(/matches/);
    // An entrant, a round name or a track that is not there.
    expect(broken({ matches: valid.matches.map((v, i) => (i === ROW.entrantA ? 1 : v)) })).toMatch(/matches\.0/);
    expect(broken({ matches: valid.matches.map((v, i) => (i === ROW.roundName ? 1 : v)) })).toMatch(/matches\.0/);
    expect(broken({ matches: valid.matches.map((v, i) => (i === ROW.track ? 3 : v)) })).toMatch(/matches\.0/);
    expect(broken({ matches: valid.matches.map((v, i) => (i === ROW.scoreA ? 1.5 : v)) })).toMatch(/matches\.8/);
    expect(broken({ entrants: [[7, 'Ace', 3]] as never })).toMatch(/entrants\.0/);
    expect(broken({ roundNames: [1] as never })).toMatch(/roundNames/);
  });
});
