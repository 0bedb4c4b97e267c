import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { teamInvites, teams, temporaryTeamInvites, temporaryTeams, tournaments } from '../db/schema';
import type { TeamInvite } from '../../src/api/contract/team';

/**
 * The invites page: the user's pending invites that can still be answered, newest first. Tournament-team invites
 * carry their tournament (only while it is OPEN and the team is not locked); permanent-team invites come from
 * team_invites with tournamentTitle null.
 */
export async function pendingInvitesOf(db: Db, userId: number): Promise<TeamInvite[]> {
  const [temporary, permanent] = await Promise.all([
    db
      .select({
        id: temporaryTeamInvites.id,
        teamId: temporaryTeams.id,
        teamName: temporaryTeams.name,
        teamLogoUrl: temporaryTeams.logoUrl,
        tournamentId: tournaments.id,
        tournamentTitle: tournaments.title,
        createdAt: temporaryTeamInvites.createdAt,
      })
      .from(temporaryTeamInvites)
      .innerJoin(temporaryTeams, eq(temporaryTeams.id, temporaryTeamInvites.teamId))
      .innerJoin(tournaments, eq(tournaments.id, temporaryTeams.tournamentId))
      .where(
        and(
          eq(temporaryTeamInvites.userId, userId),
          eq(temporaryTeamInvites.status, 'PENDING'),
          eq(temporaryTeams.locked, false),
          eq(tournaments.status, 'OPEN'),
        ),
      )
      .orderBy(desc(temporaryTeamInvites.createdAt), desc(temporaryTeamInvites.id)),
    db
      .select({
        id: teamInvites.id,
        teamId: teams.id,
        teamName: teams.name,
        teamLogoUrl: teams.logoUrl,
        isTransfer: teamInvites.isTransfer,
        createdAt: teamInvites.createdAt,
      })
      .from(teamInvites)
      .innerJoin(teams, eq(teams.id, teamInvites.teamId))
      .where(and(eq(teamInvites.userId, userId), eq(teamInvites.status, 'PENDING'), eq(teams.locked, false)))
      .orderBy(desc(teamInvites.createdAt), desc(teamInvites.id)),
  ]);
  const rows = [
    ...temporary.map(({ createdAt, ...r }) => ({ createdAt, invite: { ...r, isTransfer: false } })),
    ...permanent.map(({ createdAt, ...r }) => ({
      createdAt,
      invite: { ...r, tournamentId: null, tournamentTitle: null },
    })),
  ];
  return rows.sort((a, b) => b.createdAt - a.createdAt).map((r) => r.invite);
}
