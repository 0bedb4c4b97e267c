import { beforeAll, describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { and, eq, isNotNull } from 'drizzle-orm';
import { useTestServer, type Agent } from '../support/testServer';
import { TournamentMatch } from '../../src/api/contract/tournament';
import { tournamentEntries, tournaments } from '../../server/db/schema';
import { generateTournamentBracket } from '../../server/services/brackets';
import { MATCH_ERRORS } from '../../src/domain/messages';
import {
  bracketOf,
  createAdmin,
  createTournament,
  createUser,
  entryRecord,
  matchRows,
  playerOf,
  type Fixture,
} from './bracketsKit';

describe('stored brackets', () => {
  const server = useTestServer();
  let admin: Agent;
  beforeAll(async () => {
    admin = await server.agent().signIn(await createAdmin(server.db));
  });

  const db = () => server.db;
  const adminResult = (f: Fixture, matchId: number, a: number, b: number) =>
    admin.post(`/v1/tournament/${f.tournamentId}/match/${matchId}/admin`, { entryAScore: a, entryBScore: b });

  describe('generation', () => {
    it('seeds players by katanaRank, ties by sign-up order, and gives the byes to the top seeds', async () => {
      // Entries in sign-up order; 1 and 4 tie at 1800, so 1 (signed up first) is seed 1.
      const f = await createTournament(db(), { ranks: [1200, 1800, 1500, 900, 1800] });
      const seeds = await Promise.all(f.entryIds.map(async (id) => (await entryRecord(db(), id)).seed));
      expect(seeds).toEqual([4, 1, 3, 5, 2]);

      const { list, byNumber } = await bracketOf(server.agent(), f.tournamentId);
      expect(list).toHaveLength(15);
      // 8 slots: 1v8, 4v5, 2v7, 3v6; seeds 6, 7 and 8 are byes.
      expect(byNumber(1)).toMatchObject({ entryAId: f.entryIds[1], entryBbye: true, winningEntry: 'EntryA' });
      expect(byNumber(2)).toMatchObject({ entryAId: f.entryIds[0], entryBId: f.entryIds[3], winningEntry: '' });
      expect(byNumber(3)).toMatchObject({ entryAId: f.entryIds[4], entryBbye: true, winningEntry: 'EntryA' });
      expect(byNumber(4)).toMatchObject({ entryAId: f.entryIds[2], entryBbye: true, winningEntry: 'EntryA' });
      // The byes advance: Round 2 already knows seeds 1, 2 and 3; Losers Round 1 has byes on the bye-match side.
      expect(byNumber(7)).toMatchObject({ roundName: 'Round 2', entryAId: f.entryIds[1], entryBId: null });
      expect(byNumber(8)).toMatchObject({ roundName: 'Round 2', entryAId: f.entryIds[4], entryBId: f.entryIds[2] });
      expect(byNumber(5)).toMatchObject({ roundName: 'Losers Round 1', entryAbye: true, entryBbye: false, entryBId: null });
      expect(byNumber(6)).toMatchObject({ entryAbye: true, entryBbye: true, winningEntry: '' });
    });

    it('seeds teams by their members\' average katanaRank and predefined names after them, in list order', async () => {
      const f = await createTournament(db(), { ranks: [1000, 1400, 1200], teams: true, defined: ['Zeta', ' ', 'Alpha'] });
      const entries = await db()
        .select()
        .from(tournamentEntries)
        .where(and(eq(tournamentEntries.tournamentId, f.tournamentId), isNotNull(tournamentEntries.seed)));
      const bySeed = entries.sort((a, b) => (a.seed ?? 0) - (b.seed ?? 0));
      expect(bySeed.map((e) => e.temporaryTeamId ?? e.definedName)).toEqual([f.teamIds[1], f.teamIds[2], f.teamIds[0], 'Zeta', 'Alpha']);

      const { byNumber } = await bracketOf(server.agent(), f.tournamentId);
      // 8 slots: 1v8, 4v5, 2v7, 3v6. Seed 3 (team 0) has a bye; seeds 4 and 5 ("Zeta", "Alpha") meet.
      expect(byNumber(4).teamA).toMatchObject({ id: f.teamIds[0], name: expect.stringContaining('Team') });
      expect(byNumber(4).teamA.users).toHaveLength(2);
      expect(byNumber(4).teamA.users[0].teamRole).toBe('CAPTAIN');
      expect(byNumber(4)).toMatchObject({ entryBbye: true, entryAName: byNumber(4).teamA.name });
      expect(byNumber(2)).toMatchObject({ definedEntryA: 'Zeta', definedEntryB: 'Alpha', entryBName: 'Alpha', userB: null, teamB: null });
    });

    it('stores a bracket of 16,384 entries (32,767 matches) in bulk', async () => {
      const names = Array.from({ length: 16_384 }, (_, i) => `Qualifier ${i + 1}`);
      const f = await createTournament(db(), { ranks: [], defined: names });
      const rows = await matchRows(db(), f.tournamentId);
      expect(rows).toHaveLength(32_767);
      const seeds = await db()
        .select({ seed: tournamentEntries.seed, name: tournamentEntries.definedName })
        .from(tournamentEntries)
        .where(eq(tournamentEntries.tournamentId, f.tournamentId));
      expect(new Set(seeds.map((e) => e.seed)).size).toBe(16_384);
      expect(seeds.find((e) => e.seed === 16_384)?.name).toBe('Qualifier 16384');
      const first = rows.find((r) => r.matchNumber === 1);
      expect(first).toMatchObject({ roundName: 'Round 1', entryABye: false, entryBBye: false, winningEntry: '' });
    }, 180_000);

    it('refuses a bracket with fewer than 2 entries', async () => {
      const f = await createTournament(db(), { ranks: [1500], generate: false });
      await expect(db().transaction((tx) => generateTournamentBracket(tx, f.tournamentId))).rejects.toMatchObject({
        status: 409,
        message: MATCH_ERRORS.notEnoughEntries,
      });
      expect(await matchRows(db(), f.tournamentId)).toHaveLength(0);
    });

    it('keeps a played bracket when generated again with the same entrants, and rebuilds it when they changed', async () => {
      const f = await createTournament(db(), { ranks: [1500, 1400, 1300, 1200] });
      const before = await bracketOf(server.agent(), f.tournamentId);
      expect((await adminResult(f, before.byNumber(1).id, 3, 1)).status).toBe(200);

      await db().transaction((tx) => generateTournamentBracket(tx, f.tournamentId));
      const kept = await bracketOf(server.agent(), f.tournamentId);
      expect(kept.byNumber(1)).toMatchObject({ id: before.byNumber(1).id, winningEntry: 'EntryA', scoreA: 3 });

      await db().update(tournamentEntries).set({ refunded: true }).where(eq(tournamentEntries.id, f.entryIds[3]));
      await db().transaction((tx) => generateTournamentBracket(tx, f.tournamentId));
      const rebuilt = await bracketOf(server.agent(), f.tournamentId);
      expect(rebuilt.list).toHaveLength(7);
      expect(rebuilt.list.filter((m) => m.winningEntry !== '' && !m.entryAbye && !m.entryBbye)).toHaveLength(0);
    });
  });

  describe('GET /v1/tournament/{id}/match', () => {
    it.each([
      [2, 4],
      [5, 15],
      [8, 15],
      [64, 127],
    ])('serves the whole bracket of %i entries (%i matches) in play order, every source resolved', async (n, count) => {
      const f = await createTournament(db(), { ranks: Array.from({ length: n }, (_, i) => 2000 - i) });
      const res = await server.agent().get(`/v1/tournament/${f.tournamentId}/match`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const list = res.body as any[];
      expect(list).toHaveLength(count);
      expect(list.map((m) => m.matchNumber)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      const ids = new Set(list.map((m) => m.id));
      for (const m of list) {
        expect(is(m, TournamentMatch)).toBe(true);
        expect(m.tournamentId).toBe(f.tournamentId);
        for (const side of ['A', 'B'] as const) {
          const sourceId = m[`entry${side}SourceId`];
          if (m[`entry${side}SourceKind`] === null) expect(sourceId).toBeNull();
          else expect(ids.has(sourceId)).toBe(true);
          const entryId = m[`entry${side}Id`];
          if (entryId !== null) {
            expect(m[`user${side}`]).toMatchObject({ id: expect.any(Number), discordName: expect.any(String) });
            expect(m[`entry${side}Name`]).toBe(m[`user${side}`].discordName);
          }
        }
        expect(m.winnersBracket).toBe(m.track !== 'losers');
      }
      const last = list[count - 1];
      expect(last).toMatchObject({ roundName: 'Grand Final 2', live: false, track: 'final' });
      expect(list[count - 2].roundName).toBe('Grand Final');
      const firstRound = list.filter((m) => m.track === 'winners' && m.round === 0);
      const placed = firstRound.flatMap((m) => [m.entryAId, m.entryBId]).filter((id) => id !== null);
      expect(new Set(placed)).toEqual(new Set(f.entryIds));
    });

    it('answers 304 to a poll whose ETag is current, and 200 once the bracket changed', async () => {
      const f = await createTournament(db(), { ranks: [1500, 1400, 1300, 1200] });
      const first = await server.agent().get(`/v1/tournament/${f.tournamentId}/match`);
      const etag = String(first.headers.etag);
      const poll = () =>
        server.agent().raw({ method: 'GET', url: `/v1/tournament/${f.tournamentId}/match`, headers: { 'if-none-match': etag } });
      expect((await poll()).status).toBe(304);
      await adminResult(f, first.body[0].id, 3, 0);
      const changed = await poll();
      expect(changed.status).toBe(200);
      expect(changed.body[0].winningEntry).toBe('EntryA');
    });

    it('serves an empty list before the bracket exists and 404 for an unknown tournament', async () => {
      const f = await createTournament(db(), { ranks: [1500, 1400], status: 'OPEN', generate: false });
      expect((await server.agent().get(`/v1/tournament/${f.tournamentId}/match`)).body).toEqual([]);
      const missing = await server.agent().get('/v1/tournament/999999/match');
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Tournament not found');
      expect((await server.agent().get('/v1/tournament/abc/match')).status).toBe(400);
    });
  });

  describe('GET /v1/tournament/{id}/match/{matchId}', () => {
    it('serves one match with its tournament and the viewer\'s side', async () => {
      const f = await createTournament(db(), { ranks: [1500, 1400, 1300, 1200], title: 'Single Match Cup' });
      const { byNumber } = await bracketOf(server.agent(), f.tournamentId);
      const m = byNumber(1);
      const guest = await server.agent().get(`/v1/tournament/${f.tournamentId}/match/${m.id}`);
      expect(guest.status).toBe(200);
      expect(is(guest.body, TournamentMatch)).toBe(true);
      expect(guest.body).toMatchObject({
        id: m.id,
        matchNumber: 1,
        roundName: 'Round 1',
        tournament: { id: f.tournamentId, title: 'Single Match Cup', status: 'ACTIVE', allowScoreSubmission: true },
        viewerSide: null,
      });
      const playerB = await playerOf(server, f, m.entryBId);
      expect((await playerB.get(`/v1/tournament/${f.tournamentId}/match/${m.id}`)).body.viewerSide).toBe('B');
      // 4 entries: Round 1 (1, 2), Losers Round 1 (3), Winners Final (4), Losers Final (5), GF (6), GF2 (7).
      const losersFinal = byNumber(5);
      const view = (await server.agent().get(`/v1/tournament/${f.tournamentId}/match/${losersFinal.id}`)).body;
      expect(view).toMatchObject({
        roundName: 'Losers Final',
        entryASourceId: byNumber(3).id,
        entryASourceKind: 'winner',
        entryBSourceId: byNumber(4).id,
        entryBSourceKind: 'loser',
      });
    });

    it('answers 404 for an unknown match or a match of another tournament', async () => {
      const f = await createTournament(db(), { ranks: [1500, 1400] });
      const g = await createTournament(db(), { ranks: [1500, 1400] });
      const other = (await bracketOf(server.agent(), g.tournamentId)).list[0];
      for (const url of [`/v1/tournament/${f.tournamentId}/match/999999`, `/v1/tournament/${f.tournamentId}/match/${other.id}`]) {
        const res = await server.agent().get(url);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(MATCH_ERRORS.notFound);
      }
    });
  });

  describe('POST /v1/tournament/{id}/reset', () => {
    it('is for ADMIN and OWNER only', async () => {
      const f = await createTournament(db(), { ranks: [1500, 1400, 1300] });
      expect((await server.agent().post(`/v1/tournament/${f.tournamentId}/reset`)).status).toBe(401);
      const player = await playerOf(server, f, f.entryIds[0]);
      const refused = await player.post(`/v1/tournament/${f.tournamentId}/reset`);
      expect(refused.status).toBe(403);
      const owner = await server.agent().signIn(await createAdmin(db(), 'OWNER'));
      expect((await owner.post(`/v1/tournament/${f.tournamentId}/reset`)).status).toBe(204);
    });

    it('clears every result and reported score, re-advances the byes and zeroes the entries\' records', async () => {
      const f = await createTournament(db(), { ranks: [1900, 1800, 1700, 1600, 1500] });
      let b = await bracketOf(server.agent(), f.tournamentId);
      // Match 2 (4 v 5) by the players, match 8 (2 v 3) by an admin, one report on Round 2 match 7.
      const m2 = b.byNumber(2);
      await (await playerOf(server, f, m2.entryAId)).post(`/v1/tournament/${f.tournamentId}/match/${m2.id}`, { entryAScore: 3, entryBScore: 1 });
      await (await playerOf(server, f, m2.entryBId)).post(`/v1/tournament/${f.tournamentId}/match/${m2.id}`, { entryAScore: 3, entryBScore: 1 });
      await adminResult(f, b.byNumber(8).id, 1, 3);
      b = await bracketOf(server.agent(), f.tournamentId);
      const m7 = b.byNumber(7);
      await (await playerOf(server, f, m7.entryAId)).post(`/v1/tournament/${f.tournamentId}/match/${m7.id}`, { entryAScore: 3, entryBScore: 2 });
      expect((await entryRecord(db(), m2.entryAId)).wins).toBe(1);

      const res = await admin.post(`/v1/tournament/${f.tournamentId}/reset`);
      expect(res.status).toBe(204);
      const after = await bracketOf(server.agent(), f.tournamentId);
      const fresh = await createTournament(db(), { ranks: [1900, 1800, 1700, 1600, 1500] });
      const expected = await bracketOf(server.agent(), fresh.tournamentId);
      const shape = (list: any[], ids: number[]) =>
        list.map((m) => ({
          n: m.matchNumber,
          a: ids.indexOf(m.entryAId),
          b: ids.indexOf(m.entryBId),
          byes: [m.entryAbye, m.entryBbye],
          w: m.winningEntry,
          live: m.live,
        }));
      expect(shape(after.list, f.entryIds)).toEqual(shape(expected.list, fresh.entryIds));
      for (const m of after.list) {
        expect(m).toMatchObject({ entryAScoreA: null, entryAScoreB: null, entryBScoreA: null, entryBScoreB: null, dispute: false });
        expect([m.scoreA, m.scoreB]).toEqual([null, null]);
      }
      for (const id of f.entryIds) expect(await entryRecord(db(), id)).toMatchObject({ wins: 0, losses: 0 });
    });

    it('refuses a COMPLETED tournament and one without a bracket', async () => {
      const done = await createTournament(db(), { ranks: [1500, 1400], status: 'COMPLETED' });
      const refused = await admin.post(`/v1/tournament/${done.tournamentId}/reset`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(MATCH_ERRORS.resetCompleted);
      const open = await createTournament(db(), { ranks: [1500, 1400], status: 'OPEN', generate: false });
      const none = await admin.post(`/v1/tournament/${open.tournamentId}/reset`);
      expect(none.status).toBe(409);
      expect(none.body.message).toBe(MATCH_ERRORS.noBracket);
      expect((await admin.post('/v1/tournament/999999/reset')).status).toBe(404);
    });
  });

  it('rejects a guest or a plain user on everything but the public reads', async () => {
    const name = await createUser(db());
    const user = await server.agent().signIn(name);
    const f = await createTournament(db(), { ranks: [1500, 1400] });
    const m = (await bracketOf(server.agent(), f.tournamentId)).list[0];
    expect((await user.post(`/v1/tournament/${f.tournamentId}/match/${m.id}/admin`, { entryAScore: 3, entryBScore: 0 })).status).toBe(403);
    expect((await user.patch(`/v1/tournament/${f.tournamentId}/match/${m.id}`, { entryAId: f.entryIds[1] })).status).toBe(403);
    const [t] = await db().select().from(tournaments).where(eq(tournaments.id, f.tournamentId));
    expect(t.status).toBe('ACTIVE');
  });
});

describe('the seeded demo brackets', () => {
  const server = useTestServer({ seed: true });

  const idOf = async (title: string) => {
    const [t] = await server.db.select().from(tournaments).where(eq(tournaments.title, title));
    return t.id;
  };

  it('gives Winter Major a part-played 64-player bracket with a dispute and a half-reported match', async () => {
    const { list } = await bracketOf(server.agent(), await idOf('Winter Major'));
    expect(list).toHaveLength(127);
    expect(list.at(-1)).toMatchObject({ roundName: 'Grand Final 2', live: false });
    const played = list.filter((m) => m.winningEntry !== '');
    expect(played.filter((m) => m.roundName === 'Round 1')).toHaveLength(32);
    expect(played.some((m) => m.roundName === 'Round 2')).toBe(true);
    expect(played.some((m) => m.roundName === 'Losers Round 1')).toBe(true);
    for (const m of played) {
      expect(Math.max(m.scoreA, m.scoreB)).toBe(3);
      expect(m.entryAScoreA).toBe(m.scoreA);
      expect(m.entryBScoreB).toBe(m.scoreB);
    }
    const disputes = list.filter((m) => m.dispute);
    expect(disputes).toHaveLength(1);
    expect(disputes[0].winningEntry).toBe('');
    const halfReported = list.filter((m) => m.winningEntry === '' && (m.entryAScoreA === null) !== (m.entryBScoreA === null));
    expect(halfReported).toHaveLength(1);
  });

  it('gives Open Qualifier 1024 its 1,024 predefined entries and a 2,047-match bracket with a few results', async () => {
    const id = await idOf('Open Qualifier 1024');
    const { list } = await bracketOf(server.agent(), id);
    expect(list).toHaveLength(2047);
    const entries = await server.db
      .select()
      .from(tournamentEntries)
      .where(and(eq(tournamentEntries.tournamentId, id), isNotNull(tournamentEntries.definedName)));
    expect(entries).toHaveLength(1024);
    expect(list[0].definedEntryA).toBe(entries.find((e) => e.seed === 1)?.definedName);
    const played = list.filter((m) => m.winningEntry !== '');
    expect(played.length).toBeGreaterThan(0);
    expect(played.every((m) => m.roundName === 'Round 1')).toBe(true);
  });
});
