import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assert } from 'superstruct';
import { seasons } from '../../server/db/schema';
import { useTestServer, type Agent } from '../support/testServer';
import { newTeam, setSeasonType } from './seasons.fixtures';
import { seasonInGroupStages, teamState } from './seasonMatches.fixtures';
import { DivisionDetail, SeasonMatchList, SeasonMatchView, SeasonQueuePage } from '../../src/api/contract/season';
import { MATCH_ERRORS, SEASON_MATCH_ERRORS, VALIDATION } from '../../src/domain/messages';
import { newRating } from '../../src/domain/rating';

describe('league matches: reads, captains\u2019 reports, disputes and admin results', () => {
  const server = useTestServer({ seed: true });
  const admin = server.signedIn('AdminAce');
  let guest: Agent;

  beforeAll(() => {
    guest = server.agent();
  });

  const report = (as: Agent, id: number, a: number, b: number) => as.post(`/v1/match/${id}`, { entryAScore: a, entryBScore: b });
  const division = async (divisionId: number) => {
    const res = await guest.get(`/v1/season/divisions/${divisionId}`);
    expect(res.status).toBe(200);
    assert(res.body, DivisionDetail);
    return res.body as DivisionDetail;
  };
  const recordOf = (d: DivisionDetail, teamId: number) => {
    const t = [...d.groupATeams, ...d.groupBTeams].find((x) => x.id === teamId);
    return t && { wins: t.divisionWins, losses: t.divisionLosses };
  };

  describe('reads', () => {
    it('answers one match with its season, teams and the viewer\u2019s side; division and group lists', async () => {
      const s = await seasonInGroupStages(server, admin, 4);
      const [m] = await s.groupMatches();
      const asGuest = await guest.get(`/v1/match/${m.id}`);
      expect(asGuest.status).toBe(200);
      assert(asGuest.body, SeasonMatchView);
      expect(asGuest.body).toMatchObject({
        id: m.id,
        seasonId: s.id,
        seasonType: 'GROUP_STAGES',
        matchType: 'GROUP_STAGE',
        roundType: 'GROUPS',
        teamA: { id: m.teamAId },
        teamB: { id: m.teamBId },
        winningTeam: null,
        viewerSide: null,
        viewerIsCaptain: false,
      });
      const asCaptainB = await s.captainOf(m.teamBId as number).get(`/v1/match/${m.id}`);
      expect(asCaptainB.body).toMatchObject({ viewerSide: 'B', viewerIsCaptain: true });
      const asMemberA = await (await s.memberOf(m.teamAId as number)).get(`/v1/match/${m.id}`);
      expect(asMemberA.body).toMatchObject({ viewerSide: 'A', viewerIsCaptain: false });

      const divisionList = await guest.get(`/v1/match/division/${m.divisionId}`);
      expect(divisionList.status).toBe(200);
      assert(divisionList.body, SeasonMatchList);
      const all = await s.groupMatches();
      expect(divisionList.body.map((x: { id: number }) => x.id).sort()).toEqual(all.map((x) => x.id).sort());
      const groupList = await guest.get(`/v1/match/group/${m.groupId}`);
      assert(groupList.body, SeasonMatchList);
      expect(groupList.body.map((x: { id: number }) => x.id)).toEqual(all.filter((x) => x.groupId === m.groupId).map((x) => x.id));
    });

    it('answers 404 for missing rows, 400 for bad ids, and hides an unpublished season\u2019s matches from all but staff', async () => {
      expect((await guest.get('/v1/match/999999')).body).toEqual({ message: SEASON_MATCH_ERRORS.notFound });
      expect((await guest.get('/v1/match/group/999999')).body).toEqual({ message: SEASON_MATCH_ERRORS.groupNotFound });
      expect((await guest.get('/v1/match/division/999999')).status).toBe(404);
      for (const path of ['/v1/match/abc', '/v1/match/0', '/v1/match/division/1.5', '/v1/match/group/-1']) {
        const res = await guest.get(path);
        expect(res.status, path).toBe(400);
        expect(res.body.message).toMatch(/must be a positive integer/);
      }
      const s = await seasonInGroupStages(server, admin, 4, { published: false });
      const [m] = await s.groupMatches();
      expect((await guest.get(`/v1/match/${m.id}`)).status).toBe(404);
      expect((await guest.get(`/v1/match/group/${m.groupId}`)).status).toBe(404);
      expect((await guest.get(`/v1/match/division/${m.divisionId}`)).status).toBe(404);
      expect((await admin.get(`/v1/match/${m.id}`)).status).toBe(200);
    });
  });

  describe('score reports', () => {
    it('two matching reports decide a group match: standings, team and player records and KR move once', async () => {
      const s = await seasonInGroupStages(server, admin, 4);
      const [m] = await s.groupMatches();
      const [a, b] = [m.teamAId as number, m.teamBId as number];
      const before = { a: await teamState(server, a), b: await teamState(server, b) };

      const first = await report(s.captainOf(a), m.id, 3, 1);
      expect(first.status).toBe(200);
      assert(first.body, SeasonMatchView);
      expect(first.body).toMatchObject({ teamAScoreA: 3, teamAScoreB: 1, teamBScoreA: null, winningTeam: null });
      expect((await report(s.captainOf(a), m.id, 3, 1)).body).toEqual({ message: MATCH_ERRORS.alreadyReported });

      const second = await report(s.captainOf(b), m.id, 3, 1);
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({ winningTeam: 'TeamA', teamBScoreA: 3, teamBScoreB: 1, scoreA: 3, scoreB: 1, dispute: false });
      expect((await report(s.captainOf(b), m.id, 3, 1)).body).toEqual({ message: MATCH_ERRORS.decided });

      const d = await division(m.divisionId);
      expect(recordOf(d, a)).toEqual({ wins: 1, losses: 0 });
      expect(recordOf(d, b)).toEqual({ wins: 0, losses: 1 });
      const after = { a: await teamState(server, a), b: await teamState(server, b) };
      expect([after.a.team.wins, after.a.team.losses, after.b.team.wins, after.b.team.losses]).toEqual([1, 0, 0, 1]);
      const average = (ms: { katanaRank: number }[]) => ms.reduce((x, y) => x + y.katanaRank, 0) / ms.length;
      for (const [i, member] of after.a.members.entries()) {
        const old = before.a.members[i];
        expect(member.wins).toBe(old.wins + 1);
        expect(member.katanaRank).toBe(newRating({ kr: old.katanaRank, opponentAverageKr: average(before.b.members), ownScore: 3, opponentScore: 1 }));
        expect(member.katanaRank).toBeGreaterThan(old.katanaRank);
      }
      for (const [i, member] of after.b.members.entries()) {
        const old = before.b.members[i];
        expect(member.losses).toBe(old.losses + 1);
        expect(member.katanaRank).toBe(newRating({ kr: old.katanaRank, opponentAverageKr: average(before.a.members), ownScore: 1, opponentScore: 3 }));
        expect(member.katanaRank).toBeLessThan(old.katanaRank);
      }
    });

    it('different reports make a dispute; staff settle it: standings move, records and KR do not', async () => {
      const s = await seasonInGroupStages(server, admin, 4);
      const [m] = await s.groupMatches();
      const [a, b] = [m.teamAId as number, m.teamBId as number];
      await report(s.captainOf(a), m.id, 3, 1);
      const disputed = await report(s.captainOf(b), m.id, 1, 3);
      expect(disputed.body).toMatchObject({ winningTeam: null, dispute: true, teamAScoreA: 3, teamBScoreA: 1 });
      const season = (await server.database.db.select().from(seasons).where(eq(seasons.id, s.id)))[0];
      const queue = await admin.get(`/v1/match/dispute?search=${encodeURIComponent(season.name)}`);
      assert(queue.body, SeasonQueuePage);
      expect(queue.body.results.map((r: { id: number }) => r.id)).toEqual([m.id]);
      expect(queue.body.results[0]).toMatchObject({ season: { id: s.id, name: season.name }, teamA: { id: a }, teamB: { id: b } });

      const before = { a: await teamState(server, a), b: await teamState(server, b) };
      const settled = await admin.post(`/v1/match/${m.id}/admin`, { entryAScore: 1, entryBScore: 3 });
      expect(settled.status).toBe(200);
      // The result is the staff's; each team's report stays as it was reported.
      expect(settled.body).toMatchObject({ winningTeam: 'TeamB', dispute: false, scoreA: 1, scoreB: 3, teamAScoreA: 3, teamAScoreB: 1, teamBScoreA: 1, teamBScoreB: 3 });
      expect((await admin.get(`/v1/match/dispute?search=${encodeURIComponent(season.name)}`)).body.total).toBe(0);
      const d = await division(m.divisionId);
      expect(recordOf(d, b)).toEqual({ wins: 1, losses: 0 });
      expect(recordOf(d, a)).toEqual({ wins: 0, losses: 1 });
      // Overwriting changes the standings again, never the records or KR.
      const overwritten = await admin.post(`/v1/match/${m.id}/admin`, { entryAScore: 3, entryBScore: 0 });
      expect(overwritten.body).toMatchObject({ winningTeam: 'TeamA', scoreA: 3, scoreB: 0, teamAScoreA: 3, teamAScoreB: 1, teamBScoreA: 1, teamBScoreB: 3 });
      const again = await division(m.divisionId);
      expect(recordOf(again, a)).toEqual({ wins: 1, losses: 0 });
      expect(recordOf(again, b)).toEqual({ wins: 0, losses: 1 });
      expect({ a: await teamState(server, a), b: await teamState(server, b) }).toEqual(before);
    });

    it('only a captain of one of the teams may report; guests are asked to sign in', async () => {
      const s = await seasonInGroupStages(server, admin, 4);
      const [m] = await s.groupMatches();
      const outsider = (await newTeam(server)).agent;
      expect((await report(guest, m.id, 3, 0)).status).toBe(401);
      for (const as of [outsider, await s.memberOf(m.teamAId as number), admin]) {
        const res = await report(as, m.id, 3, 0);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: SEASON_MATCH_ERRORS.notCaptain });
      }
      expect((await s.match(m.id)).teamAScoreA).toBeNull();
      const player = (await newTeam(server)).agent;
      expect((await player.post(`/v1/match/${m.id}/admin`, { entryAScore: 3, entryBScore: 0 })).status).toBe(403);
      expect((await guest.post(`/v1/match/${m.id}/admin`, { entryAScore: 3, entryBScore: 0 })).status).toBe(401);
    });

    it('refuses bad scores with the form\u2019s wording and a draw from staff', async () => {
      const s = await seasonInGroupStages(server, admin, 4);
      const [m] = await s.groupMatches();
      const captain = s.captainOf(m.teamAId as number);
      const cases: [unknown, string][] = [
        [{ entryAScore: 4, entryBScore: 0 }, VALIDATION.score.range],
        [{ entryAScore: -1, entryBScore: 0 }, VALIDATION.score.range],
        [{ entryAScore: 1.5, entryBScore: 0 }, VALIDATION.score.required],
        [{ entryAScore: '3', entryBScore: 0 }, VALIDATION.score.required],
        [{ entryBScore: 0 }, VALIDATION.score.required],
      ];
      for (const [body, message] of cases) {
        expect((await captain.post(`/v1/match/${m.id}`, body)).body).toEqual({ message });
        expect((await admin.post(`/v1/match/${m.id}/admin`, body)).body).toEqual({ message });
      }
      expect((await captain.post(`/v1/match/${m.id}`, { entryAScore: 3, entryBScore: 0, extra: 1 })).status).toBe(400);
      expect((await admin.post(`/v1/match/${m.id}/admin`, { entryAScore: 2, entryBScore: 2 })).body).toEqual({ message: MATCH_ERRORS.draw });
      expect(await s.match(m.id)).toMatchObject({ teamAScoreA: null, winningTeam: null });
    });

    it('takes group scores only in the group stages', async () => {
      const s = await seasonInGroupStages(server, admin, 4);
      const [m] = await s.groupMatches();
      await setSeasonType(server, s.id, 'PLAYOFFS');
      expect((await report(s.captainOf(m.teamAId as number), m.id, 3, 0)).body).toEqual({ message: SEASON_MATCH_ERRORS.groupNotInPlay });
      expect((await admin.post(`/v1/match/${m.id}/admin`, { entryAScore: 3, entryBScore: 0 })).body).toEqual({
        message: SEASON_MATCH_ERRORS.groupResultNotInPlay,
      });
    });
  });

  describe('playoffs', () => {
    it('reports advance the 15-match bracket to the grand final; the season completes and medals go out', async () => {
      const s = await seasonInGroupStages(server, admin, 8);
      expect((await admin.post(`/v1/season/${s.id}/progress-double-elim`)).status).toBe(200);
      expect((await s.playoffMatches()).length).toBe(15);
      // Play in number order; side A always wins 3–1 (so Grand Final 2 is not needed).
      for (let number = 1; number <= 14; number++) {
        const m = (await s.playoffMatches())[number - 1];
        expect(m.teamAId, `match ${number} has both teams`).not.toBeNull();
        expect(m.teamBId).not.toBeNull();
        expect((await report(s.captainOf(m.teamAId as number), m.id, 3, 1)).status).toBe(200);
        const decided = await report(s.captainOf(m.teamBId as number), m.id, 3, 1);
        expect(decided.body).toMatchObject({ winningTeam: 'TeamA', matchType: 'PLAYOFF', matchNumber: number });
      }
      const played = await s.playoffMatches();
      // The winner of match 1 is in Round 2 (match 7), its loser in Losers Round 1 (match 5).
      expect([played[6].teamAId, played[6].teamBId]).toContain(played[0].teamAId);
      expect([played[4].teamAId, played[4].teamBId]).toContain(played[0].teamBId);
      expect(played[14].live).toBe(false);
      const [season] = await server.database.db.select().from(seasons).where(eq(seasons.id, s.id));
      expect(season.seasonType).toBe('COMPLETE');
      const gf = played[13];
      const champion = await teamState(server, gf.teamAId as number);
      const runnerUp = await teamState(server, gf.teamBId as number);
      const third = await teamState(server, played[12].teamBId as number);
      expect([champion.team.gold, runnerUp.team.silver, third.team.bronze]).toEqual([1, 1, 1]);
      expect(champion.members.every((u) => u.gold === 1)).toBe(true);
      // Decided and completed: no more reports or results.
      expect((await admin.post(`/v1/match/${gf.id}/admin`, { entryAScore: 0, entryBScore: 3 })).body).toEqual({
        message: SEASON_MATCH_ERRORS.playoffResultNotInPlay,
      });
    });

    it('an admin overwrite re-routes the bracket; a match still waiting for a team cannot be reported', async () => {
      const s = await seasonInGroupStages(server, admin, 8);
      await admin.post(`/v1/season/${s.id}/progress-double-elim`);
      let matches = await s.playoffMatches();
      const [m1, m7] = [matches[0], matches[6]];
      expect((await report(s.captainOf(m1.teamAId as number), m7.id, 3, 0)).body).toEqual({ message: MATCH_ERRORS.waiting });
      await admin.post(`/v1/match/${m1.id}/admin`, { entryAScore: 3, entryBScore: 0 });
      matches = await s.playoffMatches();
      expect([matches[6].teamAId, matches[6].teamBId]).toContain(m1.teamAId);
      const overwritten = await admin.post(`/v1/match/${m1.id}/admin`, { entryAScore: 0, entryBScore: 3 });
      expect(overwritten.body).toMatchObject({ winningTeam: 'TeamB' });
      matches = await s.playoffMatches();
      expect([matches[6].teamAId, matches[6].teamBId]).toContain(m1.teamBId);
      expect([matches[6].teamAId, matches[6].teamBId]).not.toContain(m1.teamAId);
      expect([matches[4].teamAId, matches[4].teamBId]).toContain(m1.teamAId);
      expect((await division(m1.divisionId)).elimMatches[0]).toMatchObject({ id: m1.id, winningTeam: 'TeamB' });
    });
  });

  describe('queues', () => {
    it('lists incomplete and overdue league matches of seasons in play, paged and searchable, staff only', async () => {
      const s = await seasonInGroupStages(server, admin, 4, { startDate: Date.UTC(2020, 0, 6) });
      const [season] = await server.database.db.select().from(seasons).where(eq(seasons.id, s.id));
      const search = `search=${encodeURIComponent(season.name)}`;
      const [m1, m2] = await s.groupMatches();
      await report(s.captainOf(m1.teamAId as number), m1.id, 2, 3);
      const incomplete = await admin.get(`/v1/match/incomplete?${search}`);
      expect(incomplete.status).toBe(200);
      assert(incomplete.body, SeasonQueuePage);
      expect(incomplete.body.total).toBe(2);
      const row1 = incomplete.body.results.find((r: { id: number }) => r.id === m1.id);
      expect(row1).toMatchObject({ teamASubmitted: true, teamBSubmitted: false, matchType: 'GROUP_STAGE', roundType: 'GROUPS' });
      const overdue = await admin.get(`/v1/match/overdue?${search}&perPage=1&pageNo=2`);
      expect(overdue.body).toMatchObject({ pageNo: 2, pageSize: 1, total: 2 });
      expect(overdue.body.results).toHaveLength(1);
      // Decided matches leave every queue.
      await report(s.captainOf(m2.teamAId as number), m2.id, 3, 0);
      await report(s.captainOf(m2.teamBId as number), m2.id, 3, 0);
      expect((await admin.get(`/v1/match/overdue?${search}`)).body.results.map((r: { id: number }) => r.id)).toEqual([m1.id]);
      expect((await admin.get(`/v1/match/incomplete?search=no-such-season-or-team`)).body.total).toBe(0);
      const player = (await newTeam(server)).agent;
      for (const kind of ['dispute', 'incomplete', 'overdue']) {
        expect((await guest.get(`/v1/match/${kind}`)).status).toBe(401);
        expect((await player.get(`/v1/match/${kind}`)).status).toBe(403);
      }
      expect((await admin.get('/v1/match/incomplete?perPage=0')).status).toBe(400);
    });
  });

  describe('Test Elo', () => {
    it('answers the calculated rank of the rating function, up for the higher side, down for the other', async () => {
      const body = { teamAScore: 1, teamBScore: 3, kr: 1000, averageKr: 1100 };
      const up = await admin.put('/v1/match/test-increase', body);
      expect(up.status).toBe(200);
      expect(up.body).toBe(newRating({ kr: 1000, opponentAverageKr: 1100, ownScore: 3, opponentScore: 1 }));
      expect(up.body).toBe(1031);
      const down = await admin.put('/v1/match/test-decrease', body);
      expect(down.body).toBe(newRating({ kr: 1000, opponentAverageKr: 1100, ownScore: 1, opponentScore: 3 }));
      expect(down.body).toBeLessThan(1000);
    });

    it('validates the body and is staff only', async () => {
      for (const body of [{}, { teamAScore: 4, teamBScore: 0, kr: 1000, averageKr: 1000 }, { teamAScore: 1, teamBScore: 0, kr: 'x', averageKr: 1000 }, { teamAScore: 1, teamBScore: 0, kr: 1000, averageKr: -5 }]) {
        const res = await admin.put('/v1/match/test-increase', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(typeof res.body.message).toBe('string');
      }
      const player = (await newTeam(server)).agent;
      const body = { teamAScore: 3, teamBScore: 0, kr: 1000, averageKr: 1000 };
      expect((await player.put('/v1/match/test-decrease', body)).status).toBe(403);
      expect((await guest.put('/v1/match/test-decrease', body)).status).toBe(401);
    });
  });
});

describe('the demo league has league matches in every queue', () => {
  const server = useTestServer({ seed: true });
  const admin = server.signedIn('AdminAce');

  it('lists disputed and half-reported matches of the GROUP_STAGES and PLAYOFFS seasons, and overdue playoff matches', async () => {
    // The group season's unplayed matches are its next round, not due yet; the playoff season's are overdue.
    for (const [kind, matchTypes] of [
      ['dispute', ['GROUP_STAGE', 'PLAYOFF']],
      ['incomplete', ['GROUP_STAGE', 'PLAYOFF']],
      ['overdue', ['PLAYOFF']],
    ] as const) {
      const res = await admin.get(`/v1/match/${kind}?perPage=100`);
      assert(res.body, SeasonQueuePage);
      const types = new Set(res.body.results.map((r: { matchType: string }) => r.matchType));
      expect([...types].sort(), kind).toEqual(matchTypes);
    }
    const disputes = (await admin.get('/v1/match/dispute?perPage=100')).body.results;
    expect(disputes).toHaveLength(4);
    const halfReported = (await admin.get('/v1/match/incomplete?perPage=100')).body.results.filter(
      (r: { teamASubmitted: boolean; teamBSubmitted: boolean }) => r.teamASubmitted && !r.teamBSubmitted,
    );
    expect(halfReported).toHaveLength(4);
  });
});
