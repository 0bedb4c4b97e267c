import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { temporaryTeamMembers, temporaryTeams, tournamentEntries, tournaments, users } from '../db/schema';
import type { Tournament, UserTeam } from '../../src/api/contract/tournament';
import type { TeamMember } from '../../src/api/contract/team';

import type { TournamentRow } from './tournamentStore';
import { euros, fieldsOfRow } from './tournamentForm';

export type { TournamentRow };

/** A tournament team member with the user's public fields: the roster columns every screen reads. */
export const temporaryTeamMemberColumns = {
  teamId: temporaryTeamMembers.teamId,
  id: users.id,
  discordName: users.discordName,
  picture: users.picture,
  katanaRank: users.katanaRank,
  teamRole: temporaryTeamMembers.teamRole,
};

export { euros };

export function toTeamMember(u: {
  id: number;
  discordName: string;
  picture: string | null;
  katanaRank: number;
  teamRole: 'PLAYER' | 'CAPTAIN' | null;
}): TeamMember {
  return { id: u.id, discordName: u.discordName, picture: u.picture, teamRole: u.teamRole, katanaRank: u.katanaRank };
}

/** Entry counts of many tournaments at once: users (solo entries) and teams. */
async function entryCounts(db: Db | Tx, ids: number[]) {
  const counts = new Map<number, { users: number; teams: number }>();
  if (ids.length === 0) return counts;
  const rows = await db
    .select({
      tournamentId: tournamentEntries.tournamentId,
      users: sql<number>`count(${tournamentEntries.userId})::int`,
      teams: sql<number>`count(${tournamentEntries.temporaryTeamId})::int`,
    })
    .from(tournamentEntries)
    .where(and(inArray(tournamentEntries.tournamentId, ids), eq(tournamentEntries.refunded, false)))
    .groupBy(tournamentEntries.tournamentId);
  for (const r of rows) counts.set(r.tournamentId, { users: Number(r.users), teams: Number(r.teams) });
  return counts;
}

/** The viewer's entry and temporary team in each tournament. */
async function viewerState(db: Db | Tx, ids: number[], viewerId: number | null) {
  const joined = new Set<number>();
  const teamsByTournament = new Map<number, UserTeam>();
  if (!viewerId || ids.length === 0) return { joined, teamsByTournament };
  const solo = await db
    .select({ tournamentId: tournamentEntries.tournamentId })
    .from(tournamentEntries)
    .where(
      and(
        inArray(tournamentEntries.tournamentId, ids),
        eq(tournamentEntries.userId, viewerId),
        eq(tournamentEntries.refunded, false),
      ),
    );
  solo.forEach((r) => joined.add(r.tournamentId));
  const memberships = await db
    .select({ tournamentId: temporaryTeamMembers.tournamentId, teamId: temporaryTeamMembers.teamId })
    .from(temporaryTeamMembers)
    .where(and(inArray(temporaryTeamMembers.tournamentId, ids), eq(temporaryTeamMembers.userId, viewerId)));
  if (memberships.length > 0) {
    const teamIds = memberships.map((m) => m.teamId);
    const teamRows = await db.select().from(temporaryTeams).where(inArray(temporaryTeams.id, teamIds));
    const members = await db
      .select(temporaryTeamMemberColumns)
      .from(temporaryTeamMembers)
      .innerJoin(users, eq(users.id, temporaryTeamMembers.userId))
      .where(inArray(temporaryTeamMembers.teamId, teamIds));
    const entered = await db
      .select({ teamId: tournamentEntries.temporaryTeamId })
      .from(tournamentEntries)
      .where(
        and(
          inArray(tournamentEntries.temporaryTeamId, teamIds),
          isNotNull(tournamentEntries.temporaryTeamId),
          eq(tournamentEntries.refunded, false),
        ),
      );
    const enteredIds = new Set(entered.map((e) => e.teamId));
    for (const t of teamRows) {
      if (enteredIds.has(t.id)) joined.add(t.tournamentId);
      teamsByTournament.set(t.tournamentId, {
        id: t.id,
        name: t.name,
        logoUrl: t.logoUrl,
        users: members
          .filter((m) => m.teamId === t.id)
          .sort((a, b) => (a.teamRole === 'CAPTAIN' ? -1 : b.teamRole === 'CAPTAIN' ? 1 : a.id - b.id))
          .map(toTeamMember),
      });
    }
  }
  return { joined, teamsByTournament };
}

/** Contract Tournaments for rows, with counts and the viewer's joined state and team. */
export async function toTournaments(db: Db | Tx, rows: TournamentRow[], viewerId: number | null): Promise<Tournament[]> {
  const ids = rows.map((r) => r.id);
  const [counts, viewer] = await Promise.all([entryCounts(db, ids), viewerState(db, ids, viewerId)]);
  return rows.map((r) => {
    const c = counts.get(r.id) ?? { users: 0, teams: 0 };
    return {
      id: r.id,
      ...fieldsOfRow(r),
      status: r.status,
      joinedTeamsLength: c.teams,
      joinedUsersLength: c.users,
      graphicUrl: r.graphicUrl,
      userJoined: viewer.joined.has(r.id),
      userTeam: viewer.teamsByTournament.get(r.id) ?? null,
      mapsAndModes: r.mapsAndModes,
      definedEntries: r.definedEntries,
      winningEntryId: r.winningEntryId,
      winningEntryName: r.winningEntryName,
    };
  });
}

export async function toTournament(db: Db | Tx, row: TournamentRow, viewerId: number | null) {
  return (await toTournaments(db, [row], viewerId))[0];
}

/** The featured tournament: the soonest featured one that is not completed, else the latest featured. */
export async function featuredTournament(db: Db): Promise<TournamentRow | undefined> {
  const [row] = await db
    .select()
    .from(tournaments)
    .where(eq(tournaments.featured, true))
    .orderBy(sql`case when ${tournaments.status} = 'COMPLETED' then 1 else 0 end`, sql`${tournaments.startDate} desc`)
    .limit(1);
  return row;
}
