import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seasonMatches, seasons } from '../../server/db/schema';
import { seasonMatchInPlaySql } from '../../server/services/seasonMatchQueries';
import { SEASON_MATCH_TYPES, SEASON_TYPES } from '../../src/domain/constants';
import { seasonMatchInPlay } from '../../src/domain/season/seasonMatchFacts';
import { useTestServer } from '../support/testServer';
import { setSeasonType } from './seasons.fixtures';
import { seasonInGroupStages } from './seasonMatches.fixtures';

/** "Is this match in play" is one declaration: the shared predicate and the queues' SQL answer alike for every case. */
describe('a league match in play: the TypeScript predicate and the SQL condition agree', () => {
  const server = useTestServer({ seed: true });
  const admin = server.signedIn('AdminAce');
  let seasonId = 0;
  let matchId = 0;

  beforeAll(async () => {
    const s = await seasonInGroupStages(server, admin, 4);
    seasonId = s.id;
    matchId = (await s.groupMatches())[0].id;
  });

  const cases = SEASON_TYPES.flatMap((seasonType) => SEASON_MATCH_TYPES.map((matchType) => ({ seasonType, matchType })));

  it('covers every season state and match type, with matches in play in the group stages and the playoffs only', () => {
    expect(cases.filter((c) => seasonMatchInPlay(c.matchType, c.seasonType))).toEqual([
      { seasonType: 'GROUP_STAGES', matchType: 'GROUP_STAGE' },
      { seasonType: 'PLAYOFFS', matchType: 'PLAYOFF' },
    ]);
  });

  it.each(cases)('$matchType match while the season is $seasonType', async ({ seasonType, matchType }) => {
    const db = server.db;
    await setSeasonType(server, seasonId, seasonType);
    await db.update(seasonMatches).set({ matchType }).where(eq(seasonMatches.id, matchId));
    const rows = await db
      .select({ id: seasonMatches.id })
      .from(seasonMatches)
      .innerJoin(seasons, eq(seasons.id, seasonMatches.seasonId))
      .where(and(eq(seasonMatches.id, matchId), seasonMatchInPlaySql()));
    expect(rows.length === 1).toBe(seasonMatchInPlay(matchType, seasonType));
  });
});
