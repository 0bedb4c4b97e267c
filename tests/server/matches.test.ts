import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer, type Agent } from '../support/testServer';
import { temporaryTeams, tournamentEntries, tournaments, users } from '../../server/db/schema';
import { MATCH_ERRORS, VALIDATION } from '../../src/domain/messages';
import {
  bracketOf,
  createAdmin,
  createTournament,
  createUser,
  entryRecord,
  playerOf,
  userRecord,
  type Fixture,
} from './bracketsKit';

describe('tournament matches', () => {
  const server = useTestServer();
  let admin: Agent;
  beforeAll(async () => {
    admin = await server.agent().signIn(await createAdmin(server.db));
  });

  const db = () => server.db;
  const url = (f: Fixture, matchId: number) => `/v1/tournament/${f.tournamentId}/match/${matchId}`;
  const report = async (f: Fixture, m: any, side: 'A' | 'B', a: number, b: number, member = 0) =>
    (await playerOf(server, f, side === 'A' ? m.entryAId : m.entryBId, member)).post(url(f, m.id), { entryAScore: a, entryBScore: b });
  /** Both sides report the same result: `winner` wins 3–1. */
  const play = async (f: Fixture, matchNumber: number, winner: 'A' | 'B') => {
    const m = (await bracketOf(server.agent(), f.tournamentId)).byNumber(matchNumber);
    const [a, b] = winner === 'A' ? [3, 1] : [1, 3];
    expect((await report(f, m, 'A', a, b)).status).toBe(200);
    const res = await report(f, m, 'B', a, b);
    expect(res.status).toBe(200);
    expect(res.body.winningEntry).toBe(`Entry${winner}`);
    return res.body;
  };
  const adminResult = (f: Fixture, matchId: number, a: number, b: number) =>
    admin.post(`${url(f, matchId)}/admin`, { entryAScore: a, entryBScore: b });
  const tournamentRow = async (f: Fixture) => (await db().select().from(tournaments).where(eq(tournaments.id, f.tournamentId)))[0];
  const userOf = (f: Fixture, entryId: number) => f.players[f.entryIds.indexOf(entryId)][0].id;
  const playersOf = (f: Fixture, entryId: number) => f.players[f.entryIds.indexOf(entryId)];
  const ranks = (n: number) => Array.from({ length: n }, (_, i) => 2000 - i * 10);

  describe('player reports (double entry)', () => {
    it('decides the match when both sides agree and moves the winner and the loser on', async () => {
      const f = await createTournament(db(), { ranks: ranks(8) });
      const m1 = (await bracketOf(server.agent(), f.tournamentId)).byNumber(1);
      const winnerUser = userOf(f, m1.entryAId);
      const loserUser = userOf(f, m1.entryBId);
      const before = [await userRecord(db(), winnerUser), await userRecord(db(), loserUser)];

      const first = await report(f, m1, 'A', 3, 1);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ entryAScoreA: 3, entryAScoreB: 1, entryBScoreA: null, winningEntry: '', viewerSide: 'A' });
      const second = await report(f, m1, 'B', 3, 1);
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({ winningEntry: 'EntryA', scoreA: 3, scoreB: 1, entryBScoreA: 3, entryBScoreB: 1, dispute: false });

      const { byNumber } = await bracketOf(server.agent(), f.tournamentId);
      expect(byNumber(7)).toMatchObject({ roundName: 'Round 2', entryAId: m1.entryAId, entryBId: null });
      expect(byNumber(5)).toMatchObject({ roundName: 'Losers Round 1', entryAId: m1.entryBId, entryBId: null });
      expect(await userRecord(db(), winnerUser)).toEqual({ wins: before[0].wins + 1, losses: before[0].losses });
      expect(await userRecord(db(), loserUser)).toEqual({ wins: before[1].wins, losses: before[1].losses + 1 });
      expect(await entryRecord(db(), m1.entryAId)).toMatchObject({ wins: 1, losses: 0 });
      expect(await entryRecord(db(), m1.entryBId)).toMatchObject({ wins: 0, losses: 1 });
    });

    it('turns disagreeing reports into a dispute that reaches the queue and is resolved by an admin', async () => {
      const f = await createTournament(db(), { ranks: ranks(8), title: `Dispute Cup ${Date.now()}` });
      const m2 = (await bracketOf(server.agent(), f.tournamentId)).byNumber(2);
      await report(f, m2, 'A', 3, 0);
      const disputed = await report(f, m2, 'B', 1, 3);
      expect(disputed.status).toBe(200);
      expect(disputed.body).toMatchObject({ dispute: true, winningEntry: '', entryAScoreA: 3, entryBScoreB: 3 });
      expect((await bracketOf(server.agent(), f.tournamentId)).byNumber(7).entryBId).toBeNull();

      const queue = await admin.get(`/v1/tournament/tournament-matches/dispute?search=${encodeURIComponent('Dispute Cup')}`);
      expect(queue.status).toBe(200);
      const row = queue.body.results.find((r: any) => r.id === m2.id);
      expect(row).toMatchObject({
        tournament: { id: f.tournamentId, title: expect.stringContaining('Dispute Cup') },
        userA: { id: userOf(f, m2.entryAId), discordName: expect.any(String) },
        teamA: null,
        entryASubmitted: true,
        entryBSubmitted: true,
        matchNumber: 2,
      });

      const records = [await userRecord(db(), userOf(f, m2.entryAId)), await userRecord(db(), userOf(f, m2.entryBId))];
      const resolved = await adminResult(f, m2.id, 2, 3);
      expect(resolved.status).toBe(200);
      expect(resolved.body).toMatchObject({ dispute: false, winningEntry: 'EntryB', scoreA: 2, scoreB: 3 });
      expect((await bracketOf(server.agent(), f.tournamentId)).byNumber(7).entryBId).toBe(m2.entryBId);
      const after = await admin.get(`/v1/tournament/tournament-matches/dispute?search=${encodeURIComponent('Dispute Cup')}`);
      expect(after.body.results.some((r: any) => r.id === m2.id)).toBe(false);
      // The admin path leaves players' records alone; the tournament standings follow the bracket.
      expect([await userRecord(db(), userOf(f, m2.entryAId)), await userRecord(db(), userOf(f, m2.entryBId))]).toEqual(records);
      expect(await entryRecord(db(), m2.entryBId)).toMatchObject({ wins: 1, losses: 0 });
    });

    it('lets any member of a team report and credits the team and its players once', async () => {
      const f = await createTournament(db(), { ranks: ranks(4), teams: true });
      const m1 = (await bracketOf(server.agent(), f.tournamentId)).byNumber(1);
      expect((await report(f, m1, 'A', 3, 2, 1)).status).toBe(200);
      expect((await report(f, m1, 'B', 3, 2, 0)).body.winningEntry).toBe('EntryA');
      const winnerTeam = f.teamIds[f.entryIds.indexOf(m1.entryAId)] as number;
      const [team] = await db().select().from(temporaryTeams).where(eq(temporaryTeams.id, winnerTeam));
      expect([team.wins, team.losses]).toEqual([1, 0]);
      for (const member of f.players[f.entryIds.indexOf(m1.entryAId)]) expect((await userRecord(db(), member.id)).wins).toBe(1);
      for (const member of f.players[f.entryIds.indexOf(m1.entryBId)]) expect((await userRecord(db(), member.id)).losses).toBe(1);
    });

    it('validates the score: required, whole, 0 to 3', async () => {
      const f = await createTournament(db(), { ranks: ranks(2) });
      const m = (await bracketOf(server.agent(), f.tournamentId)).byNumber(1);
      const player = await playerOf(server, f, m.entryAId);
      const cases: [unknown, string][] = [
        [{ entryAScore: 4, entryBScore: 1 }, VALIDATION.score.range],
        [{ entryAScore: 3, entryBScore: -1 }, VALIDATION.score.range],
        [{ entryAScore: 3 }, VALIDATION.score.required],
        [{ entryAScore: '3', entryBScore: 1 }, VALIDATION.score.required],
        [{ entryAScore: 1.5, entryBScore: 1 }, VALIDATION.score.required],
        [undefined, VALIDATION.score.required],
      ];
      for (const [body, message] of cases) {
        const res = await player.post(url(f, m.id), body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      }
      const admins = await adminResult(f, m.id, 9, 0);
      expect([admins.status, admins.body.message]).toEqual([400, VALIDATION.score.range]);
      expect((await bracketOf(server.agent(), f.tournamentId)).byNumber(1).entryAScoreA).toBeNull();
    });

    it('refuses guests, non-players, a second report, decided and waiting matches', async () => {
      const f = await createTournament(db(), { ranks: ranks(4) });
      const { byNumber } = await bracketOf(server.agent(), f.tournamentId);
      const m1 = byNumber(1);
      expect((await server.agent().post(url(f, m1.id), { entryAScore: 3, entryBScore: 0 })).status).toBe(401);
      const stranger = await server.agent().signIn(await createUser(db()));
      const refused = await stranger.post(url(f, m1.id), { entryAScore: 3, entryBScore: 0 });
      expect([refused.status, refused.body.message]).toEqual([403, MATCH_ERRORS.notPlayer]);
      // A player of another match of the same tournament is not a player of this one.
      const otherPlayer = await report(f, { ...m1, entryAId: byNumber(2).entryAId }, 'A', 3, 0);
      expect(otherPlayer.status).toBe(403);

      await report(f, m1, 'A', 3, 0);
      const again = await report(f, m1, 'A', 3, 1);
      expect([again.status, again.body.message]).toEqual([409, MATCH_ERRORS.alreadyReported]);
      expect((await bracketOf(server.agent(), f.tournamentId)).byNumber(1).entryAScoreB).toBe(0);

      await report(f, m1, 'B', 3, 0);
      const decided = await report(f, m1, 'B', 3, 0);
      expect([decided.status, decided.body.message]).toEqual([409, MATCH_ERRORS.decided]);

      const winnersFinal = byNumber(4);
      const waiting = await (await playerOf(server, f, m1.entryAId)).post(url(f, winnersFinal.id), { entryAScore: 3, entryBScore: 0 });
      expect([waiting.status, waiting.body.message]).toEqual([409, MATCH_ERRORS.waiting]);
    });

    it('refuses reports when score submission is off or the tournament is not ACTIVE', async () => {
      const off = await createTournament(db(), { ranks: ranks(2), allowScoreSubmission: false });
      const m = (await bracketOf(server.agent(), off.tournamentId)).byNumber(1);
      const closed = await report(off, m, 'A', 3, 0);
      expect([closed.status, closed.body.message]).toEqual([409, MATCH_ERRORS.submissionClosed]);
      // The admin path still works.
      expect((await adminResult(off, m.id, 3, 0)).status).toBe(200);

      const paused = await createTournament(db(), { ranks: ranks(2) });
      await db().update(tournaments).set({ status: 'CLOSED' }).where(eq(tournaments.id, paused.tournamentId));
      const p = (await bracketOf(server.agent(), paused.tournamentId)).byNumber(1);
      const res = await report(paused, p, 'A', 3, 0);
      expect([res.status, res.body.message]).toEqual([409, MATCH_ERRORS.notActive]);
    });

    it('sends an agreed draw to the admins as a dispute; an admin cannot enter a draw', async () => {
      const f = await createTournament(db(), { ranks: ranks(2) });
      const m = (await bracketOf(server.agent(), f.tournamentId)).byNumber(1);
      await report(f, m, 'A', 2, 2);
      const res = await report(f, m, 'B', 2, 2);
      expect(res.body).toMatchObject({ dispute: true, winningEntry: '' });
      const draw = await adminResult(f, m.id, 1, 1);
      expect([draw.status, draw.body.message]).toEqual([400, MATCH_ERRORS.draw]);
    });
  });

  describe('admin results', () => {
    it('re-routes an overwritten early result: affected matches re-open, the others keep theirs, records stay', async () => {
      const f = await createTournament(db(), { ranks: ranks(8) });
      for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) await play(f, n, 'A');
      const before = await bracketOf(server.agent(), f.tournamentId);
      const records = await Promise.all(f.players.map(([p]) => userRecord(db(), p.id)));
      const m1 = before.byNumber(1);

      const res = await adminResult(f, m1.id, 1, 3);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ winningEntry: 'EntryB', scoreA: 1, scoreB: 3, entryAScoreA: 3, entryBScoreA: 3 });

      const after = await bracketOf(server.agent(), f.tournamentId);
      // Round 2 (7) gets the new winner, Losers Round 1 (5) the new loser: both re-open, reports cleared;
      // Losers Round 2 (9, from 5; 10, from the loser of 7) lose an entrant and re-open too.
      expect(after.byNumber(7)).toMatchObject({ entryAId: m1.entryBId, winningEntry: '', scoreA: null, entryAScoreA: null, entryBScoreA: null });
      expect(after.byNumber(5)).toMatchObject({ entryAId: m1.entryAId, winningEntry: '', scoreA: null, entryAScoreA: null });
      for (const n of [9, 10]) expect(after.byNumber(n)).toMatchObject({ winningEntry: '', scoreA: null, entryAScoreA: null });
      expect(after.byNumber(9).entryAId).toBeNull();
      expect(after.byNumber(10).entryBId).toBeNull();
      expect(after.byNumber(11).entryAId).toBeNull();
      for (const n of [2, 3, 4, 6, 8]) {
        const { winningEntry, scoreA, scoreB, entryAId, entryBId } = before.byNumber(n);
        expect(after.byNumber(n)).toMatchObject({ winningEntry, scoreA, scoreB, entryAId, entryBId });
      }
      expect(await Promise.all(f.players.map(([p]) => userRecord(db(), p.id)))).toEqual(records);
      // Standings follow the bracket: the former winner of match 1 has now lost it and played nothing else.
      expect(await entryRecord(db(), m1.entryAId)).toMatchObject({ wins: 0, losses: 1 });
      expect(await entryRecord(db(), m1.entryBId)).toMatchObject({ wins: 1, losses: 0 });
    });

    it('keeps the result when the same winner is entered again, updating only the score', async () => {
      const f = await createTournament(db(), { ranks: ranks(4) });
      await play(f, 1, 'A');
      await play(f, 2, 'A');
      const before = await bracketOf(server.agent(), f.tournamentId);
      const res = await adminResult(f, before.byNumber(1).id, 3, 2);
      expect(res.body).toMatchObject({ winningEntry: 'EntryA', scoreA: 3, scoreB: 2 });
      const after = await bracketOf(server.agent(), f.tournamentId);
      for (const n of [2, 3, 4]) expect(after.byNumber(n)).toEqual(before.byNumber(n));
    });

    it('refuses a bye, a void Grand Final 2 and a match waiting for its entrants', async () => {
      const f = await createTournament(db(), { ranks: ranks(3) });
      const { byNumber, list } = await bracketOf(server.agent(), f.tournamentId);
      const bye = await adminResult(f, byNumber(1).id, 3, 0);
      expect([bye.status, bye.body.message]).toEqual([409, MATCH_ERRORS.bye]);
      const gf2 = await adminResult(f, list.at(-1).id, 3, 0);
      expect([gf2.status, gf2.body.message]).toEqual([409, MATCH_ERRORS.notNeeded]);
      const gf = await adminResult(f, list.at(-2).id, 3, 0);
      expect([gf.status, gf.body.message]).toEqual([409, MATCH_ERRORS.waiting]);
      expect((await admin.post(`${url(f, 999999)}/admin`, { entryAScore: 3, entryBScore: 0 })).status).toBe(404);
    });
  });

  describe('completion', () => {
    it('completes the tournament when the winners-bracket champion wins the Grand Final (no Grand Final 2)', async () => {
      const f = await createTournament(db(), { ranks: ranks(4) });
      // 4 entries: R1 (1, 2), LR1 (3), WF (4), LF (5), GF (6), GF2 (7).
      for (const n of [1, 2, 3, 4, 5]) await play(f, n, 'A');
      expect((await tournamentRow(f)).status).toBe('ACTIVE');
      const gf = await play(f, 6, 'A');
      const t = await tournamentRow(f);
      const champion = userOf(f, gf.entryAId);
      expect(t).toMatchObject({ status: 'COMPLETED', winningEntryId: champion });
      const [u] = await db().select().from(users).where(eq(users.id, champion));
      expect(t.winningEntryName).toBe(u.discordName);
      expect((await bracketOf(server.agent(), f.tournamentId)).byNumber(7)).toMatchObject({ live: false, entryAId: null, entryBId: null });
    });

    it('plays Grand Final 2 only when the losers-bracket champion wins the Grand Final', async () => {
      const f = await createTournament(db(), { ranks: ranks(4) });
      for (const n of [1, 2, 3, 4, 5]) await play(f, n, 'A');
      const gf = await play(f, 6, 'B');
      expect((await tournamentRow(f)).status).toBe('ACTIVE');
      const gf2 = (await bracketOf(server.agent(), f.tournamentId)).byNumber(7);
      expect(gf2).toMatchObject({ live: true, entryAId: gf.entryAId, entryBId: gf.entryBId, winningEntry: '' });
      await play(f, 7, 'A');
      expect(await tournamentRow(f)).toMatchObject({ status: 'COMPLETED', winningEntryId: userOf(f, gf.entryAId) });
      const late = await report(f, gf2, 'A', 3, 0);
      expect([late.status, late.body.message]).toEqual([409, MATCH_ERRORS.notActive]);

      // A COMPLETED tournament: the finals can be corrected (the champion follows), nothing may reopen the bracket.
      const flipped = await adminResult(f, gf2.id, 0, 3);
      expect(flipped.status).toBe(200);
      expect(await tournamentRow(f)).toMatchObject({ status: 'COMPLETED', winningEntryId: userOf(f, gf.entryBId) });
      const m1 = (await bracketOf(server.agent(), f.tournamentId)).byNumber(1);
      const reopen = await adminResult(f, m1.id, 0, 3);
      expect([reopen.status, reopen.body.message]).toEqual([409, MATCH_ERRORS.wouldReopenCompleted]);
      expect((await bracketOf(server.agent(), f.tournamentId)).byNumber(1).winningEntry).toBe('EntryA');
    });

    it('names the temporary team as the winner of a team tournament', async () => {
      const f = await createTournament(db(), { ranks: ranks(2), teams: true });
      const { list } = await bracketOf(server.agent(), f.tournamentId);
      // 2 entries: Winners Final, Losers Final (a bye against the WF loser), Grand Final, Grand Final 2.
      expect(list.map((m) => m.roundName)).toEqual(['Winners Final', 'Losers Final', 'Grand Final', 'Grand Final 2']);
      const wf = await play(f, 1, 'B');
      await play(f, 3, 'A');
      const team = f.teamIds[f.entryIds.indexOf(wf.entryBId)] as number;
      const [row] = await db().select().from(temporaryTeams).where(eq(temporaryTeams.id, team));
      expect(await tournamentRow(f)).toMatchObject({ status: 'COMPLETED', winningEntryId: team, winningEntryName: row.name });
    });
  });

  describe('changing the entries of a match', () => {
    it('puts a late entry into a round-1 slot and swaps two seeded entries, re-opening their matches', async () => {
      const f = await createTournament(db(), { ranks: ranks(4) });
      const lateName = await createUser(db());
      const [late] = await db().select().from(users).where(eq(users.discordName, lateName));
      const [lateEntry] = await db().insert(tournamentEntries).values({ tournamentId: f.tournamentId, userId: late.id }).returning();
      const { byNumber } = await bracketOf(server.agent(), f.tournamentId);
      const [m1, m2] = [byNumber(1), byNumber(2)];
      await report(f, m2, 'A', 3, 0);

      const replaced = await admin.patch(url(f, m1.id), { userAId: late.id });
      expect(replaced.status).toBe(200);
      expect(replaced.body).toMatchObject({ entryAId: lateEntry.id, userA: { id: late.id, discordName: lateName } });
      expect((await entryRecord(db(), m1.entryAId)).seed).toBeNull();
      expect((await entryRecord(db(), lateEntry.id)).seed).toBe(1);

      const swapped = await admin.patch(url(f, m1.id), { entryBId: m2.entryAId });
      expect(swapped.body.entryBId).toBe(m2.entryAId);
      const after = await bracketOf(server.agent(), f.tournamentId);
      expect(after.byNumber(2)).toMatchObject({ entryAId: m1.entryBId, entryBId: m2.entryBId, entryAScoreA: null });
      // The new entrants play the match: the late player can report now.
      const lateAgent = await server.agent().signIn(lateName);
      expect((await lateAgent.post(url(f, m1.id), { entryAScore: 3, entryBScore: 1 })).status).toBe(200);
    });

    it('materialises a predefined name added after the bracket was generated', async () => {
      const f = await createTournament(db(), { ranks: ranks(2), defined: ['Wildcard One'] });
      await db()
        .update(tournaments)
        .set({ definedEntries: { definedUsers: [{ name: 'Wildcard One' }, { name: 'Wildcard Two' }], definedTeams: [] } })
        .where(eq(tournaments.id, f.tournamentId));
      const m = (await bracketOf(server.agent(), f.tournamentId)).list.find((x) => x.definedEntryB === 'Wildcard One' || x.definedEntryA === 'Wildcard One');
      const side = m.definedEntryA === 'Wildcard One' ? 'A' : 'B';
      const res = await admin.patch(url(f, m.id), { [`definedEntry${side}`]: 'Wildcard Two' });
      expect(res.status).toBe(200);
      expect(res.body[`definedEntry${side}`]).toBe('Wildcard Two');
      const unknown = await admin.patch(url(f, m.id), { [`definedEntry${side}`]: 'Nobody' });
      expect([unknown.status, unknown.body.message]).toEqual([400, MATCH_ERRORS.entryNotInTournament]);
    });

    it('refuses decided matches, slots filled by results, foreign entries and unclear bodies', async () => {
      const f = await createTournament(db(), { ranks: ranks(8) });
      const other = await createTournament(db(), { ranks: ranks(2) });
      await play(f, 1, 'A');
      const { byNumber } = await bracketOf(server.agent(), f.tournamentId);
      const expectRefusal = async (matchId: number, body: unknown, status: number, message: string) => {
        const res = await admin.patch(url(f, matchId), body);
        expect([res.status, res.body.message]).toEqual([status, message]);
      };
      await expectRefusal(byNumber(1).id, { entryAId: byNumber(2).entryAId }, 409, MATCH_ERRORS.entriesDecided);
      await expectRefusal(byNumber(7).id, { entryBId: byNumber(2).entryAId }, 409, MATCH_ERRORS.entriesNotSeeded(2));
      await expectRefusal(byNumber(3).id, { entryAId: byNumber(1).entryAId }, 409, MATCH_ERRORS.entryPlaying(1));
      await expectRefusal(byNumber(2).id, { entryAId: other.entryIds[0] }, 400, MATCH_ERRORS.entryNotInTournament);
      await expectRefusal(byNumber(2).id, { entryAId: f.entryIds[5], entryBId: f.entryIds[5] }, 400, MATCH_ERRORS.entriesSame);
      await expectRefusal(byNumber(2).id, {}, 400, MATCH_ERRORS.entriesNothing);
      await expectRefusal(byNumber(2).id, { entryAId: f.entryIds[5], userAId: f.players[5][0].id }, 400, MATCH_ERRORS.entriesOnePerSide);
      const unknownField = await admin.patch(url(f, byNumber(2).id), { winner: 'A' });
      expect(unknownField.status).toBe(400);
    });
  });

  describe('admin queues', () => {
    it('lists incomplete and overdue matches, searchable and paged, for staff only', async () => {
      const tag = `Queue Cup ${Date.now()}`;
      const past = await createTournament(db(), { ranks: ranks(4), title: `${tag} Past`, endDate: Date.now() - 2 * 86_400_000 });
      // Due today (the day began an hour ago): "Due by" today is not overdue until the day is over.
      const today = await createTournament(db(), { ranks: ranks(4), title: `${tag} Today`, endDate: Date.now() - 3_600_000 });
      const future = await createTournament(db(), { ranks: ranks(4), title: `${tag} Future` });
      const m1 = (await bracketOf(server.agent(), past.tournamentId)).byNumber(1);
      await report(past, m1, 'A', 3, 0);
      const queue = (kind: string, query = '') => admin.get(`/v1/tournament/tournament-matches/${kind}?search=${encodeURIComponent(tag)}${query}`);

      const incomplete = await queue('incomplete');
      expect(incomplete.status).toBe(200);
      expect(incomplete.body).toMatchObject({ pageNo: 1, pageSize: 25, total: 6 });
      const first = incomplete.body.results[0];
      expect(first).toMatchObject({ id: m1.id, entryASubmitted: true, entryBSubmitted: false, tournament: { id: past.tournamentId } });
      expect(incomplete.body.results.filter((r: any) => r.tournament.id === future.tournamentId)).toHaveLength(2);
      expect(incomplete.body.results.filter((r: any) => r.tournament.id === today.tournamentId)).toHaveLength(2);

      const overdue = await queue('overdue');
      expect(overdue.body.total).toBe(2);
      expect(overdue.body.results.every((r: any) => r.tournament.id === past.tournamentId && r.dueByDate < Date.now())).toBe(true);

      const page2 = await queue('overdue', '&perPage=1&pageNo=2');
      expect(page2.body).toMatchObject({ pageNo: 2, pageSize: 1, total: 2 });
      expect(page2.body.results).toHaveLength(1);
      expect(page2.body.results[0].matchNumber).toBe(2);

      const [player] = playersOf(past, m1.entryBId);
      const byName = await admin.get(`/v1/tournament/tournament-matches/incomplete?search=${encodeURIComponent(player.discordName)}`);
      expect(byName.body.results.map((r: any) => r.id)).toEqual([m1.id]);

      const plain = await server.agent().signIn(await createUser(db()));
      expect((await plain.get('/v1/tournament/tournament-matches/dispute')).status).toBe(403);
      expect((await admin.get('/v1/tournament/tournament-matches/everything')).status).toBe(404);
    });
  });

});
