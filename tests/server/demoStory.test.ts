import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonMatches, teams, tournamentEntries, tournamentMatches, tournaments, users } from '../../server/db/schema';
import { startTestServer, type Agent, type TestServer } from '../support/testServer';
import type { HallOfFameEntry } from '../../src/api/contract/tournament';
import type { Season, SeasonPage } from '../../src/api/contract/season';

/** The demo tells one story (server/db/seed.ts, seedBrackets.ts, seedSeasons.ts): results, brackets, records and medals agree. */
describe('the demo league tells one consistent story', () => {
  let server: TestServer;
  let admin: Agent;
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    admin = await server.agent().signIn('AdminAce');
  }, 120_000);
  afterAll(() => server?.close());
  const db = () => server.database.db;

  it('every completed tournament has its bracket, played to the champion the hall of fame names', async () => {
    const hall = (await server.agent().get('/v1/tournament/hall-of-fame')).body as HallOfFameEntry[];
    const completed = await db().select().from(tournaments).where(eq(tournaments.status, 'COMPLETED'));
    expect(completed.length).toBe(3);
    for (const t of completed) {
      const matches = await db().select().from(tournamentMatches).where(eq(tournamentMatches.tournamentId, t.id));
      expect(matches.length, t.title).toBeGreaterThan(0);
      // Every match that could be played was, with both sides agreeing.
      const open = matches.filter((m) => m.live && m.winningEntry === '' && m.entryAId !== null && m.entryBId !== null);
      expect(open, t.title).toEqual([]);
      const played = matches.filter((m) => m.winningEntry !== '' && !m.entryABye && !m.entryBBye);
      expect(played.every((m) => m.entryAScoreA === m.scoreA && m.entryBScoreA === m.scoreA && m.scoreA !== null), t.title).toBe(true);
      // The last match decided is the final: its winner is the tournament's winner.
      const final = played.reduce((a, b) => (b.matchNumber > a.matchNumber ? b : a));
      const championEntryId = final.winningEntry === 'EntryA' ? final.entryAId : final.entryBId;
      const [entry] = await db().select().from(tournamentEntries).where(eq(tournamentEntries.id, championEntryId!));
      const row = hall.find((h) => h.id === t.id)!;
      expect(row.winningEntryId, t.title).toBe(entry.temporaryTeamId ?? entry.userId);
      // The bracket's page answers it.
      expect((await server.agent().get(`/v1/tournament/${t.id}/match`)).status).toBe(200);
    }
  });

  it("a champion's records hold the wins its bracket gives it: the winning team's page is not 0 W / 0 L", async () => {
    const hall = (await server.agent().get('/v1/tournament/hall-of-fame')).body as HallOfFameEntry[];
    for (const t of hall) {
      const [entry] = await db()
        .select()
        .from(tournamentEntries)
        .where(and(eq(tournamentEntries.tournamentId, t.id), t.tournamentType === 'TOURNAMENT' && t.teamLimit <= 1 ? eq(tournamentEntries.userId, t.winningEntryId!) : eq(tournamentEntries.temporaryTeamId, t.winningEntryId!)));
      // The entry's standings in the tournament, read off its bracket.
      expect(entry.wins, t.title).toBeGreaterThan(0);
      if (entry.temporaryTeamId !== null) {
        const page = (await server.agent().get(`/v1/tournament/temporary-team/${entry.temporaryTeamId}`)).body as { wins: number; losses: number };
        expect({ wins: page.wins, losses: page.losses }, t.title).toEqual({ wins: entry.wins, losses: entry.losses });
      } else {
        const [player] = await db().select().from(users).where(eq(users.id, entry.userId!));
        expect(player.wins, t.title).toBeGreaterThanOrEqual(entry.wins);
      }
    }
  });

  it("league results are on the teams' records, and the COMPLETE season's podium holds its medals", async () => {
    const page = (await server.agent().get('/v1/season?pageNo=1')).body as SeasonPage;
    const won = new Map<number, number>();
    const decided = await db()
      .select()
      .from(seasonMatches)
      .where(and(isNotNull(seasonMatches.winningTeam), isNotNull(seasonMatches.teamAId), isNotNull(seasonMatches.teamBId)));
    for (const m of decided) {
      const winner = m.winningTeam === 'TeamA' ? m.teamAId! : m.teamBId!;
      won.set(winner, (won.get(winner) ?? 0) + 1);
    }
    for (const team of await db().select().from(teams)) expect(team.wins, team.name).toBeGreaterThanOrEqual(won.get(team.id) ?? 0);

    const complete = (await admin.get(`/v1/season/${page.results.find((s) => s.seasonType === 'COMPLETE')!.id}`)).body as Season;
    const [division] = complete.divisions;
    expect(division.placings.map((p) => p.place)).toEqual([1, 2, 3]);
    for (const { place, team } of division.placings) {
      const medal = (['gold', 'silver', 'bronze'] as const)[place - 1];
      const members = await db().select().from(users).where(eq(users.teamId, team.id));
      expect(team[medal], team.name).toBeGreaterThanOrEqual(1);
      expect(members.every((u) => u[medal] >= 1), team.name).toBe(true);
    }
  });
});
