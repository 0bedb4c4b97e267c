import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Tx } from './client';
import { seasonDivisions, seasonEntries, seasonMatches, seasons, teams } from './schema';
import { prng, type Rng } from './demoData';
import { createGroupStages, createPlayoffs, recordGroupResults, recordPlayoffResults } from '../services/seasonBrackets';
import { awardSeasonMedals, countTeamRecords } from '../services/seasonMatchResults';
import { matchStatus } from '../../src/domain/bracket/matchStatus';
import type { SeasonType } from '../../src/domain/constants';
import { DAY_MS, HOUR_MS } from '../../src/domain/durations';

interface SeasonSeed {
  name: string;
  seasonType: SeasonType;
  /** Start, in days from today. */
  startInDays: number;
  playoffWeeks: number;
  entryFeeCents: number;
  /** How many demo teams joined (the first ones of a deterministic shuffle). */
  teams: number;
  divisionSplits: number[];
  /** Share of the group matches played (rounds in order). */
  groupsPlayed: number;
  /** Playoff matches played per division, in match-number order (Infinity: to the champion). */
  playoffsPlayed: number;
}

/**
 * The demo league's seasons, one in every state: OPEN with a dozen teams, CLOSED awaiting its splits with all 24
 * teams, GROUP_STAGES with half the group matches played, PLAYOFFS with part-played brackets, and a COMPLETE one.
 * Built with the same services the admin steps use; results come from one seeded PRNG (the stronger side usually
 * wins), so every run gives the same league. Dates are relative to today.
 */
export async function seedSeasons(tx: Tx, today: number): Promise<void> {
  const rng = prng(20261111);
  const teamIds = (await tx.select({ id: teams.id }).from(teams).orderBy(asc(teams.id))).map((t) => t.id);
  const seeds: SeasonSeed[] = [
    { name: 'Season 1: Spring League', seasonType: 'COMPLETE', startInDays: -150, playoffWeeks: 6, entryFeeCents: 2000, teams: 8, divisionSplits: [8], groupsPlayed: 1, playoffsPlayed: Infinity },
    { name: 'Season 2: Summer League', seasonType: 'PLAYOFFS', startInDays: -56, playoffWeeks: 5, entryFeeCents: 2000, teams: 16, divisionSplits: [8, 8], groupsPlayed: 1, playoffsPlayed: 6 },
    { name: 'Season 3: Autumn League', seasonType: 'GROUP_STAGES', startInDays: -14, playoffWeeks: 4, entryFeeCents: 2500, teams: 20, divisionSplits: [10, 10], groupsPlayed: 0.5, playoffsPlayed: 0 },
    { name: 'Season 4: Winter League', seasonType: 'CLOSED', startInDays: 6, playoffWeeks: 6, entryFeeCents: 2500, teams: 24, divisionSplits: [], groupsPlayed: 0, playoffsPlayed: 0 },
    { name: 'Season 5: New Year League', seasonType: 'OPEN', startInDays: 35, playoffWeeks: 6, entryFeeCents: 3000, teams: 12, divisionSplits: [], groupsPlayed: 0, playoffsPlayed: 0 },
  ];
  for (const seed of seeds) await seedSeason(tx, rng, seed, today, rng.shuffle(teamIds).slice(0, seed.teams));
}

/** The eight playoff due dates: weekly after the group stage, losers rounds mid-week, the grand final last. */
function dueDates(start: number, playoffWeeks: number) {
  const week = (n: number) => start + (playoffWeeks + n) * 7 * DAY_MS;
  return {
    round1DueBy: week(1),
    losers1DueBy: week(1) + 3 * DAY_MS,
    round2DueBy: week(2),
    losers2DueBy: week(2) + 3 * DAY_MS,
    winnersFinalDueBy: week(3),
    losers3DueBy: week(3),
    losersFinalDueBy: week(3) + 3 * DAY_MS,
    grandFinalDueBy: week(4),
  };
}

async function seedSeason(tx: Tx, rng: Rng, seed: SeasonSeed, today: number, teamIds: number[]) {
  const startDate = today + seed.startInDays * DAY_MS + 19 * HOUR_MS;
  const [season] = await tx
    .insert(seasons)
    .values({
      name: seed.name,
      startDate,
      playoffWeeks: seed.playoffWeeks,
      entryFeeCents: seed.entryFeeCents,
      prizePoolInfo: '€1,000 per division: €600 to the champions, €300 runner-up, €100 third',
      seasonInfo: `${seed.name}: ${seed.playoffWeeks} weeks of group stages (Group A and Group B per division, a single round robin), then the top four of each group meet in a double elimination playoff. Captains report scores on the match page.`,
      published: true,
      seasonType: 'OPEN',
      divisionSplits: seed.divisionSplits,
      createdAt: startDate - 40 * DAY_MS,
      ...dueDates(startDate, seed.playoffWeeks),
    })
    .returning();
  await tx
    .insert(seasonEntries)
    .values(teamIds.map((teamId, i) => ({ seasonId: season.id, teamId, joinedAt: startDate - (30 - i) * DAY_MS })));
  if (seed.seasonType === 'OPEN' || seed.seasonType === 'CLOSED') {
    await tx.update(seasons).set({ seasonType: seed.seasonType }).where(eq(seasons.id, season.id));
    return;
  }
  await createGroupStages(tx, season);
  await playGroups(tx, rng, season.id, seed.groupsPlayed);
  if (seed.seasonType !== 'GROUP_STAGES') {
    await createPlayoffs(tx, season);
    await playPlayoffs(tx, rng, season.id, seed.playoffsPlayed);
  }
  await countResults(tx, season.id);
  if (seed.seasonType === 'COMPLETE') await awardSeasonMedals(tx, season.id);
  else await leaveReports(tx, season.id, seed.seasonType === 'PLAYOFFS' ? 'PLAYOFF' : 'GROUP_STAGE');
  await tx.update(seasons).set({ seasonType: seed.seasonType }).where(eq(seasons.id, season.id));
}

/**
 * The season's played matches on the teams' and players' records, as the captains' agreeing reports count them (the
 * demo's records are what came before plus these): a team page's wins and losses include its league results.
 */
async function countResults(tx: Tx, seasonId: number) {
  const decided = await tx
    .select({ teamAId: seasonMatches.teamAId, teamBId: seasonMatches.teamBId, winningTeam: seasonMatches.winningTeam })
    .from(seasonMatches)
    .where(and(eq(seasonMatches.seasonId, seasonId), isNotNull(seasonMatches.winningTeam), isNotNull(seasonMatches.teamAId), isNotNull(seasonMatches.teamBId)));
  await countTeamRecords(
    tx,
    decided.map((m) => (m.winningTeam === 'TeamA' ? { winner: m.teamAId!, loser: m.teamBId! } : { winner: m.teamBId!, loser: m.teamAId! })),
  );
}

/** A best-of-5 score: side A (the first listed, the stronger in round robins and the better seed) wins 65%. */
function score(rng: Rng): [number, number] {
  const loser = rng.int(0, 2);
  return rng.chance(0.65) ? [3, loser] : [loser, 3];
}

/** Plays the first `share` of each group's matches, round by round. */
async function playGroups(tx: Tx, rng: Rng, seasonId: number, share: number) {
  const matches = await tx
    .select()
    .from(seasonMatches)
    .where(and(eq(seasonMatches.seasonId, seasonId), eq(seasonMatches.matchType, 'GROUP_STAGE')))
    .orderBy(asc(seasonMatches.groupId), asc(seasonMatches.round), asc(seasonMatches.id));
  const byGroup = new Map<number, (typeof matches)[number][]>();
  for (const m of matches) byGroup.set(m.groupId as number, [...(byGroup.get(m.groupId as number) ?? []), m]);
  const results = [...byGroup.values()].flatMap((groupMatches) =>
    groupMatches.slice(0, Math.round(groupMatches.length * share)).map((match) => {
      const [scoreA, scoreB] = score(rng);
      return { match, scoreA, scoreB };
    }),
  );
  await recordGroupResults(tx, results);
}

/** Plays up to `count` ready playoff matches per division, lowest number first (Infinity: to the champion). */
async function playPlayoffs(tx: Tx, rng: Rng, seasonId: number, count: number) {
  const divisions = await tx.select().from(seasonDivisions).where(eq(seasonDivisions.seasonId, seasonId)).orderBy(asc(seasonDivisions.position));
  for (const division of divisions) {
    let played = 0;
    await recordPlayoffResults(tx, division.id, (bracket) => {
      const next = bracket.matches.find((m) => matchStatus(m) === 'ready');
      if (!next || played++ >= count) return null;
      const [scoreA, scoreB] = score(rng);
      return { matchNumber: next.number, scoreA, scoreB };
    });
  }
}

/**
 * Captains' reports on matches still to decide, so the match page and the admin queues have rows on a fresh start:
 * per season, the first two ready matches disputed (the captains reported different winners) and the next two
 * half-reported (team A's captain only). The undecided matches whose day is over are the overdue ones.
 */
async function leaveReports(tx: Tx, seasonId: number, matchType: 'GROUP_STAGE' | 'PLAYOFF') {
  const ready = await tx
    .select({ id: seasonMatches.id })
    .from(seasonMatches)
    .where(
      and(
        eq(seasonMatches.seasonId, seasonId),
        eq(seasonMatches.matchType, matchType),
        eq(seasonMatches.live, true),
        isNull(seasonMatches.winningTeam),
        isNotNull(seasonMatches.teamAId),
        isNotNull(seasonMatches.teamBId),
      ),
    )
    .orderBy(asc(seasonMatches.dueByDate), asc(seasonMatches.id))
    .limit(4);
  for (const [i, { id }] of ready.entries()) {
    const report =
      i < 2 ? { teamAScoreA: 3, teamAScoreB: 1, teamBScoreA: 1, teamBScoreB: 3, dispute: true } : { teamAScoreA: 3, teamAScoreB: 2 };
    await tx.update(seasonMatches).set(report).where(eq(seasonMatches.id, id));
  }
}
