import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/testServer';
import { seasonInGroupStages, teamState } from './seasonMatches.fixtures';
import { newRating } from '../../src/domain/rating';

/*
 * Both captains of a league match report at the same instant: one outcome, records counted once, one rating change.
 * On PGlite transactions run one at a time; on PostgreSQL (TEST_DB=postgres) the requests overlap and the season
 * and match row locks must do the work.
 */
describe('simultaneous league reports', () => {
  const server = useTestServer({ seed: true });
  const admin = server.signedIn('AdminAce');

  it('turns two agreeing reports sent at once into exactly one result, 20 times over', async () => {
    const s = await seasonInGroupStages(server, admin, 12);
    const matches = (await s.groupMatches()).slice(0, 20);
    expect(matches).toHaveLength(20);
    const average = (ms: { katanaRank: number }[]) => ms.reduce((x, y) => x + y.katanaRank, 0) / ms.length;
    for (const [i, m] of matches.entries()) {
      const [a, b] = [m.teamAId as number, m.teamBId as number];
      const before = { a: await teamState(server, a), b: await teamState(server, b) };
      const body = i % 2 === 0 ? { entryAScore: 3, entryBScore: 2 } : { entryAScore: 0, entryBScore: 3 };
      const replies = await Promise.all([s.captainOf(a).post(`/v1/match/${m.id}`, body), s.captainOf(b).post(`/v1/match/${m.id}`, body)]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      const row = await s.match(m.id);
      expect(row).toMatchObject({ winningTeam: i % 2 === 0 ? 'TeamA' : 'TeamB', dispute: false, recordsCounted: true });
      const after = { a: await teamState(server, a), b: await teamState(server, b) };
      const aWon = i % 2 === 0;
      expect(after.a.team.wins + after.a.team.losses).toBe(before.a.team.wins + before.a.team.losses + 1);
      expect(after.b.team.wins + after.b.team.losses).toBe(before.b.team.wins + before.b.team.losses + 1);
      const [aOwn, bOwn] = [body.entryAScore, body.entryBScore];
      for (const [j, u] of after.a.members.entries()) {
        const old = before.a.members[j];
        expect(u.katanaRank).toBe(newRating({ kr: old.katanaRank, opponentAverageKr: average(before.b.members), ownScore: aOwn, opponentScore: bOwn }));
        expect(u.wins - old.wins).toBe(aWon ? 1 : 0);
      }
      for (const [j, u] of after.b.members.entries()) {
        const old = before.b.members[j];
        expect(u.katanaRank).toBe(newRating({ kr: old.katanaRank, opponentAverageKr: average(before.a.members), ownScore: bOwn, opponentScore: aOwn }));
      }
    }
  }, 120_000);
});
