import { asc } from 'drizzle-orm';
import type { Tx } from './client';
import { teamInvites, teams, users } from './schema';
import { DAY_MS, HOUR_MS } from '../../src/domain/durations';

/** The demo league's retired team: everyone left, so it is locked for good (hidden from TEAM RANKS). */
export const RETIRED_TEAM = 'Retired Legends';

/**
 * League team extras of the demo league (the 24 teams and their 4-player rosters are seeded with the players):
 * pending invites for the best-ranked players without a team (two of them to the first team, whose captain is the
 * README's demo captain, so Manage Team shows INVITEE rows) and one locked team nobody is left on.
 */
export async function seedLeagueTeams(tx: Tx, today: number) {
  const teamRows = await tx.select({ id: teams.id }).from(teams).orderBy(asc(teams.id));
  const free = (await tx.select().from(users).orderBy(asc(users.id)))
    .filter((u) => u.teamId === null && u.role === 'USER' && !u.banned)
    .sort((a, b) => b.katanaRank - a.katanaRank)
    .slice(0, 6);
  // Players 0 and 1 to the first team; each of the others to two teams (a player may hold several invites).
  const invites = free.flatMap((player, i) =>
    i < 2 ? [{ teamId: teamRows[0].id, userId: player.id }] : [1, 2].map((k) => ({ teamId: teamRows[(i * 3 + k) % teamRows.length].id, userId: player.id })),
  );
  await tx.insert(teamInvites).values(invites.map((invite, i) => ({ ...invite, createdAt: today - (i + 1) * HOUR_MS })));

  const [retired] = await tx
    .insert(teams)
    .values({ name: RETIRED_TEAM, wins: 31, losses: 12, gold: 1, locked: true, createdAt: today - 600 * DAY_MS })
    .returning({ id: teams.id });
  // The invite it had pending when its last member left was cancelled with it.
  await tx.insert(teamInvites).values({ teamId: retired.id, userId: free[0].id, status: 'CANCELLED', createdAt: today - 200 * DAY_MS });
}
