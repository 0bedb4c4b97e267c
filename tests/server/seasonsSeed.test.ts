import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assert } from 'superstruct';
import { seasonMatches, seasons } from '../../server/db/schema';
import { seedIfEmpty } from '../../server/db/seed';
import { startTestServer, useTestServer, type TestServer } from '../support/testServer';
import { DivisionDetail, Season, SeasonPage } from '../../src/api/contract/season';

describe('the demo league seasons (server/db/seedSeasons.ts)', () => {
  const server = useTestServer({ seed: true });
  const admin = server.signedIn('AdminAce');
  let byType: Map<string, Season>;

  beforeAll(async () => {
    const page = (await server.agent().get('/v1/season?pageNo=1')).body as SeasonPage;
    assert(page, SeasonPage);
    byType = new Map();
    for (const s of page.results) byType.set(s.seasonType, (await admin.get(`/v1/season/${s.id}`)).body as Season);
  });

  const matchesOf = (id: number) => server.database.db.select().from(seasonMatches).where(eq(seasonMatches.seasonId, id));
  const division = async (id: number) => (await admin.get(`/v1/season/divisions/${id}`)).body as DivisionDetail;

  it('has a published season in every state', () => {
    expect([...byType.keys()].sort()).toEqual(['CLOSED', 'COMPLETE', 'GROUP_STAGES', 'OPEN', 'PLAYOFFS']);
    for (const s of byType.values()) assert(s, Season);
  });

  it('OPEN: a dozen teams joined, entry still open', () => {
    const open = byType.get('OPEN')!;
    expect(open.joinedTeamsCount).toBe(12);
    expect(open.startDate - Date.now()).toBeGreaterThan(3 * 86_400_000);
  });

  it('CLOSED: all 24 teams, awaiting the division splits', () => {
    expect(byType.get('CLOSED')).toMatchObject({ joinedTeamsCount: 24, divisionSplits: [], divisions: [] });
  });

  it('GROUP_STAGES: half of the group matches played, records counted', async () => {
    const s = byType.get('GROUP_STAGES')!;
    const matches = await matchesOf(s.id);
    const played = matches.filter((m) => m.winningTeam !== null).length;
    expect(played).toBe(matches.length / 2);
    const teams = s.divisions.flatMap((d) => d.groups.flatMap((g) => g.teams));
    expect(teams.reduce((n, t) => n + t.divisionWins, 0)).toBe(played);
    expect((await division(s.divisions[0].id)).divisionType).toBe('GROUPS');
  });

  it('PLAYOFFS: part-played brackets in every division', async () => {
    const s = byType.get('PLAYOFFS')!;
    for (const d of s.divisions) {
      const detail = await division(d.id);
      assert(detail, DivisionDetail);
      const decided = detail.elimMatches.filter((m) => m.winningTeam !== null).length;
      expect(decided).toBeGreaterThan(0);
      expect(decided).toBeLessThan(detail.elimMatches.length);
    }
  });

  it('COMPLETE: every division has its champion', async () => {
    const s = byType.get('COMPLETE')!;
    for (const d of s.divisions) expect((await division(d.id)).divisionType).toBe('GRANDFINAL');
    const grandFinal = (await division(s.divisions[0].id)).elimMatches.find((m) => m.roundType === 'GRANDFINAL');
    expect(grandFinal?.winningTeam).not.toBeNull();
  });

  it('is deterministic', async () => {
    // Seeded here, not copied from the run's seeded database: two seedings must give the same league.
    const again = await startTestServer();
    try {
      expect(await seedIfEmpty(again.database.db)).toBe(true);
      const rows = async (s: TestServer) =>
        (await s.database.db.select().from(seasonMatches).orderBy(seasonMatches.id)).map((m) => [m.teamAId, m.teamBId, m.winningTeam]);
      expect(await rows(again)).toEqual(await rows(server));
      const names = async (s: TestServer) => (await s.database.db.select({ name: seasons.name }).from(seasons)).map((r) => r.name);
      expect(await names(again)).toEqual(await names(server));
    } finally {
      await again.close();
    }
  });
});
