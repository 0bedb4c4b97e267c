import { eq } from 'drizzle-orm';
import { seasonEntries, seasons, teams, users } from '../../server/db/schema';
import type { Agent, TestServer } from '../support/testServer';
import type { SeasonType } from '../../src/domain/constants';

export const DAY = 86_400_000;
let serial = 0;

/** A season dialog body that passes every rule; `overrides` change or (with undefined) drop fields. */
export function seasonBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  // Due dates follow an overridden start date.
  const start = typeof overrides.startDate === 'number' ? overrides.startDate : Math.floor(Date.now() / DAY) * DAY + 30 * DAY;
  const body: Record<string, unknown> = {
    name: `Test Season ${++serial}`,
    startDate: start,
    playoffWeeks: 4,
    entryFee: 0,
    prizePoolInfo: '€500 to the champions of each division',
    seasonInfo: 'Group stages, then double elimination playoffs.',
    published: true,
    round1DueBy: start + 35 * DAY,
    losers1DueBy: start + 38 * DAY,
    round2DueBy: start + 42 * DAY,
    losers2DueBy: start + 45 * DAY,
    winnersFinalDueBy: start + 49 * DAY,
    losers3DueBy: start + 49 * DAY,
    losersFinalDueBy: start + 52 * DAY,
    grandFinalDueBy: start + 56 * DAY,
  };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete body[key];
    else body[key] = value;
  }
  return body;
}

/** Creates a season through the API as `admin` and answers its id. */
export async function createSeason(admin: Agent, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await admin.post('/v1/season', seasonBody(overrides));
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

/**
 * A fresh team: a captain (signed in) and `players` more members, katanaRank `kr` each (so its average KR is `kr`).
 */
export async function newTeam(server: TestServer, opts: { players?: number; kr?: number } = {}) {
  const db = server.database.db;
  const tag = `${++serial}x${Math.random().toString(36).slice(2, 6)}`;
  const [team] = await db.insert(teams).values({ name: `Season Team ${tag}` }).returning();
  const kr = opts.kr ?? 1000;
  const [captain] = await db
    .insert(users)
    .values({ discordName: `SCaptain${tag}`, katanaRank: kr, teamId: team.id, teamRole: 'CAPTAIN' })
    .returning();
  const members = [];
  for (let i = 0; i < (opts.players ?? 1); i++) {
    const [member] = await db
      .insert(users)
      .values({ discordName: `SPlayer${tag}-${i}`, katanaRank: kr, teamId: team.id, teamRole: 'PLAYER' })
      .returning();
    members.push(member);
  }
  const agent = await server.agent().signIn(captain.discordName);
  return { team, captain, members, agent };
}

/** Enters `count` fresh teams (KR 2000, 1990, … so the strongest comes first) straight into the season. */
export async function enterTeams(server: TestServer, seasonId: number, count: number) {
  const entered = [];
  for (let i = 0; i < count; i++) {
    const t = await newTeam(server, { kr: 2000 - 10 * i });
    await server.database.db.insert(seasonEntries).values({ seasonId, teamId: t.team.id });
    entered.push(t);
  }
  return entered;
}

export async function setSeasonType(server: TestServer, id: number, seasonType: SeasonType) {
  await server.database.db.update(seasons).set({ seasonType }).where(eq(seasons.id, id));
}
