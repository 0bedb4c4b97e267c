import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer, type Agent } from '../support/testServer';
import { tournamentMatches } from '../../server/db/schema';
import { MATCH_ERRORS } from '../../src/domain/messages';
import { bracketOf, createAdmin, createTournament, entryRecord, playerOf, userRecord, type Fixture } from './bracketsKit';

/*
 * Both sides of a match report at the same moment (and an admin may overwrite meanwhile): exactly one outcome,
 * no lost report, no double advance, records counted once. On PGlite transactions run one at a time; on
 * PostgreSQL (TEST_DB=postgres) the requests really overlap and the row locks must do the work.
 */
describe('simultaneous reports', () => {
  const server = useTestServer();
  let admin: Agent;
  beforeAll(async () => {
    admin = await server.agent().signIn(await createAdmin(server.db));
  });

  const db = () => server.db;
  const url = (f: Fixture, matchId: number) => `/v1/tournament/${f.tournamentId}/match/${matchId}`;
  const userOf = (f: Fixture, entryId: number) => f.players[f.entryIds.indexOf(entryId)][0].id;
  const ranks = (n: number) => Array.from({ length: n }, (_, i) => 2000 - i);
  const rowOf = async (matchId: number) => (await db().select().from(tournamentMatches).where(eq(tournamentMatches.id, matchId)))[0];
  /** How many matches of the bracket `entryId` appears in. */
  const appearances = (list: any[], entryId: number) => list.filter((m) => m.entryAId === entryId || m.entryBId === entryId).length;

  it('turns two agreeing reports sent at once into exactly one result, 20 times over', async () => {
    const f = await createTournament(db(), { ranks: ranks(64) });
    const firstRound = (await bracketOf(server.agent(), f.tournamentId)).list.filter((m) => m.roundName === 'Round 1');
    for (let i = 0; i < 20; i++) {
      const m = firstRound[i];
      const [a, b] = await Promise.all([playerOf(server, f, m.entryAId), playerOf(server, f, m.entryBId)]);
      const winnerA = i % 2 === 0;
      const score = winnerA ? { entryAScore: 3, entryBScore: 1 } : { entryAScore: 0, entryBScore: 3 };
      const [winnerEntry, loserEntry] = winnerA ? [m.entryAId, m.entryBId] : [m.entryBId, m.entryAId];
      const before = [await userRecord(db(), userOf(f, winnerEntry)), await userRecord(db(), userOf(f, loserEntry))];

      const replies = await Promise.all([a.post(url(f, m.id), score), b.post(url(f, m.id), score)]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);

      const row = await rowOf(m.id);
      expect(row).toMatchObject({
        entryAScoreA: score.entryAScore,
        entryAScoreB: score.entryBScore,
        entryBScoreA: score.entryAScore,
        entryBScoreB: score.entryBScore,
        winningEntry: winnerA ? 'EntryA' : 'EntryB',
        dispute: false,
        recordsCounted: true,
      });
      const { list } = await bracketOf(server.agent(), f.tournamentId);
      // This match plus exactly one next match each: Round 2 for the winner, Losers Round 1 for the loser.
      expect(appearances(list, winnerEntry)).toBe(2);
      expect(appearances(list, loserEntry)).toBe(2);
      expect(list.some((m2) => m2.roundName === 'Round 2' && (m2.entryAId === winnerEntry || m2.entryBId === winnerEntry))).toBe(true);
      expect(list.some((m2) => m2.roundName === 'Losers Round 1' && (m2.entryAId === loserEntry || m2.entryBId === loserEntry))).toBe(true);
      expect(await userRecord(db(), userOf(f, winnerEntry))).toEqual({ wins: before[0].wins + 1, losses: before[0].losses });
      expect(await userRecord(db(), userOf(f, loserEntry))).toEqual({ wins: before[1].wins, losses: before[1].losses + 1 });
      expect(await entryRecord(db(), winnerEntry)).toMatchObject({ wins: 1, losses: 0 });
      expect(await entryRecord(db(), loserEntry)).toMatchObject({ wins: 0, losses: 1 });
    }
  });

  it('loses no advance when every first-round match is decided at the same moment', async () => {
    const f = await createTournament(db(), { ranks: ranks(16) });
    const firstRound = (await bracketOf(server.agent(), f.tournamentId)).list.filter((m) => m.roundName === 'Round 1');
    const agents = await Promise.all(
      firstRound.flatMap((m) => [playerOf(server, f, m.entryAId), playerOf(server, f, m.entryBId)]),
    );
    const replies = await Promise.all(
      firstRound.flatMap((m, i) => [
        agents[2 * i].post(url(f, m.id), { entryAScore: 3, entryBScore: 2 }),
        agents[2 * i + 1].post(url(f, m.id), { entryAScore: 3, entryBScore: 2 }),
      ]),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const { list } = await bracketOf(server.agent(), f.tournamentId);
    for (const m of list.filter((x) => x.roundName === 'Round 2' || x.roundName === 'Losers Round 1')) {
      expect(m.entryAId).not.toBeNull();
      expect(m.entryBId).not.toBeNull();
    }
    expect(new Set(list.filter((x) => x.roundName === 'Round 2').flatMap((x) => [x.entryAId, x.entryBId]))).toEqual(
      new Set(firstRound.map((m) => m.entryAId)),
    );
  });

  it('turns two disagreeing reports sent at once into a dispute with both reports kept', async () => {
    const f = await createTournament(db(), { ranks: ranks(16) });
    const firstRound = (await bracketOf(server.agent(), f.tournamentId)).list.filter((m) => m.roundName === 'Round 1');
    for (const m of firstRound.slice(0, 5)) {
      const [a, b] = await Promise.all([playerOf(server, f, m.entryAId), playerOf(server, f, m.entryBId)]);
      const replies = await Promise.all([
        a.post(url(f, m.id), { entryAScore: 3, entryBScore: 0 }),
        b.post(url(f, m.id), { entryAScore: 0, entryBScore: 3 }),
      ]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      expect(await rowOf(m.id)).toMatchObject({
        entryAScoreA: 3,
        entryAScoreB: 0,
        entryBScoreA: 0,
        entryBScoreB: 3,
        dispute: true,
        winningEntry: '',
        recordsCounted: false,
      });
    }
  });

  it('refuses the second of two reports sent at once by the same side', async () => {
    const f = await createTournament(db(), { ranks: ranks(4) });
    const m = (await bracketOf(server.agent(), f.tournamentId)).byNumber(1);
    const [first, second] = await Promise.all([playerOf(server, f, m.entryAId), playerOf(server, f, m.entryAId)]);
    const replies = await Promise.all([
      first.post(url(f, m.id), { entryAScore: 3, entryBScore: 0 }),
      second.post(url(f, m.id), { entryAScore: 3, entryBScore: 1 }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)?.body.message).toBe(MATCH_ERRORS.alreadyReported);
  });

  it('settles an admin overwrite racing a confirming report on one outcome, counting records at most once', async () => {
    const f = await createTournament(db(), { ranks: ranks(32) });
    const firstRound = (await bracketOf(server.agent(), f.tournamentId)).list.filter((m) => m.roundName === 'Round 1');
    for (const m of firstRound.slice(0, 10)) {
      const [a, b] = await Promise.all([playerOf(server, f, m.entryAId), playerOf(server, f, m.entryBId)]);
      expect((await a.post(url(f, m.id), { entryAScore: 3, entryBScore: 1 })).status).toBe(200);
      const before = [await userRecord(db(), userOf(f, m.entryAId)), await userRecord(db(), userOf(f, m.entryBId))];

      const [confirm, overwrite] = await Promise.all([
        b.post(url(f, m.id), { entryAScore: 3, entryBScore: 1 }),
        admin.post(`${url(f, m.id)}/admin`, { entryAScore: 1, entryBScore: 3 }),
      ]);
      expect(overwrite.status).toBe(200);
      expect([200, 409]).toContain(confirm.status);

      // The admin's result stands either way (it came last, or the report found the match decided).
      expect(await rowOf(m.id)).toMatchObject({ winningEntry: 'EntryB', scoreA: 1, scoreB: 3, dispute: false });
      const { list } = await bracketOf(server.agent(), f.tournamentId);
      expect(appearances(list, m.entryBId)).toBe(2);
      expect(appearances(list, m.entryAId)).toBe(2);
      expect(list.find((x) => x.roundName === 'Round 2' && (x.entryAId === m.entryBId || x.entryBId === m.entryBId))).toBeDefined();
      expect(await entryRecord(db(), m.entryBId)).toMatchObject({ wins: 1, losses: 0 });
      // Records: counted once if the players' agreement decided the match first, never by the admin path.
      const counted = confirm.status === 200 ? 1 : 0;
      expect(await userRecord(db(), userOf(f, m.entryAId))).toEqual({ wins: before[0].wins + counted, losses: before[0].losses });
      expect(await userRecord(db(), userOf(f, m.entryBId))).toEqual({ wins: before[1].wins, losses: before[1].losses + counted });
    }
  });
});
