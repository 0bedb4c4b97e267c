import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from './client';
import { seasonEntries, seasons, teamInvites, teams, transferRequests, users } from './schema';
import { DAY_MS } from '../../src/domain/durations';

/**
 * The demo's transfers: a team of the season in its group stages plays in transferMode, with a pending
 * removal (its last member), a pending addition (a free player who accepted its transfer invite) and a rejected
 * removal whose reason the captain still has to acknowledge. Deterministic: no draw from the seed's generator.
 */
export async function seedTransfers(tx: Tx, today: number) {
  // Players and teams the other demo data already uses (pending invites, the README's demo captain on the first team)
  // are left alone, so each demo story stays as it reads.
  const invited = await tx.select({ teamId: teamInvites.teamId, userId: teamInvites.userId }).from(teamInvites).where(eq(teamInvites.status, 'PENDING'));
  const [firstTeam] = await tx.select({ id: teams.id }).from(teams).orderBy(asc(teams.id)).limit(1);
  const busyTeams = new Set([firstTeam?.id, ...invited.map((i) => i.teamId)]);
  const busyPlayers = new Set(invited.map((i) => i.userId));
  const entries = await tx
    .select({ teamId: seasonEntries.teamId })
    .from(seasonEntries)
    .innerJoin(seasons, eq(seasons.id, seasonEntries.seasonId))
    .where(eq(seasons.seasonType, 'GROUP_STAGES'))
    .orderBy(asc(seasonEntries.teamId));
  const entry = entries.find((e) => !busyTeams.has(e.teamId));
  if (!entry) return;
  const [team] = await tx.update(teams).set({ transferMode: true }).where(eq(teams.id, entry.teamId)).returning();
  const members = await tx.select().from(users).where(eq(users.teamId, team.id)).orderBy(asc(users.id));
  const captain = members.find((m) => m.teamRole === 'CAPTAIN') ?? members[0];
  const players = members.filter((m) => m.id !== captain.id);
  const free = (
    await tx
      .select()
      .from(users)
      .where(and(isNull(users.teamId), eq(users.role, 'USER'), eq(users.banned, false)))
      .orderBy(asc(users.id))
  ).find((u) => !busyPlayers.has(u.id));
  const [admin] = await tx.select().from(users).where(eq(users.role, 'ADMIN')).orderBy(asc(users.id)).limit(1);
  const requests: (typeof transferRequests.$inferInsert)[] = [];
  if (players.length >= 2) {
    requests.push({ teamId: team.id, userId: players[players.length - 1].id, addPlayer: false, status: 'PENDING', requestedBy: captain.id, createdAt: today - 2 * DAY_MS });
    requests.push({
      teamId: team.id,
      userId: players[players.length - 2].id,
      addPlayer: false,
      status: 'REJECTED',
      rejectedReason: 'Rosters are frozen until the group stages end',
      requestedBy: captain.id,
      createdAt: today - 6 * DAY_MS,
      decidedBy: admin?.id ?? null,
      decidedAt: today - 5 * DAY_MS,
    });
  }
  if (free) {
    await tx.insert(teamInvites).values({ teamId: team.id, userId: free.id, isTransfer: true, status: 'ACCEPTED', createdAt: today - 3 * DAY_MS });
    requests.push({ teamId: team.id, userId: free.id, addPlayer: true, status: 'PENDING', requestedBy: free.id, createdAt: today - DAY_MS });
  }
  if (requests.length > 0) await tx.insert(transferRequests).values(requests);
}
