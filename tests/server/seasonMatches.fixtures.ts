import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { seasonMatches, teams, users } from '../../server/db/schema';
import type { Agent, TestServer } from '../support/testServer';
import { createSeason, enterTeams } from './seasons.fixtures';

export type EnteredTeam = Awaited<ReturnType<typeof enterTeams>>[number];

/**
 * A season in its group stages: `count` fresh teams (KR 2000, 1990, …) in one division, Group A and Group B.
 * `captainOf(teamId)` is the signed-in captain of a team; `memberOf(teamId)` a signed-in non-captain member.
 */
export async function seasonInGroupStages(server: TestServer, admin: Agent, count: number, overrides: Record<string, unknown> = {}) {
  const id = await createSeason(admin, overrides);
  const entered = await enterTeams(server, id, count);
  for (const [call, body] of [
    ['close-signups', undefined],
    ['division-splits', { divisionSplits: [count] }],
    ['progress-playoffs', undefined],
  ] as const) {
    const res = call === 'division-splits' ? await admin.patch(`/v1/season/${id}/${call}`, body) : await admin.post(`/v1/season/${id}/${call}`);
    expect(res.status, `${call}: ${JSON.stringify(res.body)}`).toBe(200);
  }
  const byTeam = new Map(entered.map((t) => [t.team.id, t]));
  const db = server.database.db;
  return {
    id,
    entered,
    captainOf: (teamId: number) => (byTeam.get(teamId) as EnteredTeam).agent,
    memberOf: async (teamId: number) => server.agent().signIn((byTeam.get(teamId) as EnteredTeam).members[0].discordName),
    groupMatches: () =>
      db
        .select()
        .from(seasonMatches)
        .where(and(eq(seasonMatches.seasonId, id), eq(seasonMatches.matchType, 'GROUP_STAGE')))
        .orderBy(asc(seasonMatches.id)),
    playoffMatches: () =>
      db
        .select()
        .from(seasonMatches)
        .where(and(eq(seasonMatches.seasonId, id), eq(seasonMatches.matchType, 'PLAYOFF')))
        .orderBy(asc(seasonMatches.matchNumber)),
    match: async (matchId: number) => (await db.select().from(seasonMatches).where(eq(seasonMatches.id, matchId)))[0],
  };
}

/** A team's row and its members' rows (records, medals and KR). */
export async function teamState(server: TestServer, teamId: number) {
  const db = server.database.db;
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  const members = await db.select().from(users).where(eq(users.teamId, teamId)).orderBy(asc(users.id));
  return { team, members };
}
