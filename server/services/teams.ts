import { asc, count, desc, eq, ilike, and, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { seasonEntries, seasonMatches, seasons, teams, transferRequests, users } from '../db/schema';
import type { Team, TeamSummary, UpcomingMatch } from '../../src/api/contract/team';
import type { AuthUser } from '../auth/plugin';
import { conflict, forbidden } from '../http/errors';
import { lockRowOr404, rowOr404 } from '../db/rowById';
import { PROFILE, USER_ADMIN } from '../../src/domain/messages';
import { dropMember, leagueTeamRoster } from './roster';
import { OPEN_STATUSES, requestRemoval } from './transfers';
import type { TransferOutcome } from '../../src/api/contract/transfer';
import { likePattern } from './users';
import { UPCOMING_MATCHES_PER_SEASON } from '../../src/domain/constants';

export type TeamRow = typeof teams.$inferSelect;

export const toTeamSummary = (row: TeamRow): TeamSummary => ({
  id: row.id,
  name: row.name,
  logoUrl: row.logoUrl,
  wins: row.wins,
  losses: row.losses,
  gold: row.gold,
  silver: row.silver,
  bronze: row.bronze,
});

/** TEAM RANKS: most wins first, then trophies; locked (abandoned) teams are hidden. */
export async function listTeams(db: Db, opts: { offset: number; perPage: number; search: string }) {
  const where = and(eq(teams.locked, false), opts.search ? ilike(teams.name, likePattern(opts.search)) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(teams)
      .where(where)
      .orderBy(desc(teams.wins), desc(teams.gold), desc(teams.silver), desc(teams.bronze), asc(teams.losses), asc(teams.id))
      .limit(opts.perPage)
      .offset(opts.offset),
    db.select({ total: count() }).from(teams).where(where),
  ]);
  return { rows, total: Number(total) };
}

/** Seasons a team still plays in: published and not COMPLETE (signed up, group stages or playoffs). */
const liveSeason = and(eq(seasons.published, true), ne(seasons.seasonType, 'COMPLETE'));


/**
 * GET /v1/team/{id}: the team profile. Roster captain first (then by seniority, see leagueTeamRoster); up to 3
 * undecided matches per live season, soonest due first. A locked team answers with its empty roster.
 */
export async function teamDetail(db: Db, teamId: number): Promise<Team> {
  const team = await rowOr404(db, teams, teamId, PROFILE.teamNotFound);
  const [members, [{ activeSeasons }], matches, removals] = await Promise.all([
    db
      .select({ id: users.id, discordName: users.discordName, picture: users.picture, teamRole: users.teamRole, katanaRank: users.katanaRank })
      .from(users)
      .where(eq(users.teamId, teamId))
      .orderBy(sql`case when ${users.teamRole} = 'CAPTAIN' then 0 else 1 end`, asc(users.id)),
    db
      .select({ activeSeasons: count() })
      .from(seasonEntries)
      .innerJoin(seasons, eq(seasons.id, seasonEntries.seasonId))
      .where(and(eq(seasonEntries.teamId, teamId), liveSeason)),
    upcomingMatches(db, teamId),
    db
      .select({ userId: transferRequests.userId, status: transferRequests.status })
      .from(transferRequests)
      .where(and(eq(transferRequests.teamId, teamId), eq(transferRequests.addPlayer, false), inArray(transferRequests.status, OPEN_STATUSES)))
      .orderBy(asc(transferRequests.id)),
  ]);
  const averageKR = members.length ? members.reduce((sum, m) => sum + m.katanaRank, 0) / members.length : 0;
  return {
    ...toTeamSummary(team),
    activeSeasons: Number(activeSeasons),
    users: members,
    upcomingMatches: matches,
    divisionWins: team.divisionWins,
    divisionLosses: team.divisionLosses,
    averageKR,
    transferMode: team.transferMode,
    removals,
  };
}

type Side = { id: number | null; name: string | null; logoUrl: string | null };
/** A left-joined side: null while the playoff slot waits for an earlier match. */
const sideOf = (s: Side | null) => (s?.id == null ? null : { id: s.id, name: s.name ?? '', logoUrl: s.logoUrl });

/**
 * The team's league matches still to play: undecided and drawn, in a published season that is not over; by season,
 * then soonest due. The team page shows the first few per season, its calendar feed (calendars.ts) all of them.
 */
export async function upcomingLeagueMatches(db: Db, teamId: number) {
  const teamA = alias(teams, 'team_a');
  const teamB = alias(teams, 'team_b');
  const side = (t: typeof teamA | typeof teamB) => ({ id: t.id, name: t.name, logoUrl: t.logoUrl });
  return db
    .select({ match: seasonMatches, seasonName: seasons.name, teamA: side(teamA), teamB: side(teamB) })
    .from(seasonMatches)
    .innerJoin(seasons, eq(seasons.id, seasonMatches.seasonId))
    .leftJoin(teamA, eq(teamA.id, seasonMatches.teamAId))
    .leftJoin(teamB, eq(teamB.id, seasonMatches.teamBId))
    .where(
      and(
        or(eq(seasonMatches.teamAId, teamId), eq(seasonMatches.teamBId, teamId)),
        isNull(seasonMatches.winningTeam),
        eq(seasonMatches.live, true),
        liveSeason,
      ),
    )
    .orderBy(asc(seasons.startDate), asc(seasons.id), sql`${seasonMatches.dueByDate} asc nulls last`, asc(seasonMatches.id));
}

async function upcomingMatches(db: Db, teamId: number): Promise<UpcomingMatch[]> {
  const rows = await upcomingLeagueMatches(db, teamId);
  const perSeason = new Map<number, number>();
  return rows
    .filter(({ match }) => {
      const shown = perSeason.get(match.seasonId) ?? 0;
      perSeason.set(match.seasonId, shown + 1);
      return shown < UPCOMING_MATCHES_PER_SEASON;
    })
    .map(({ match, seasonName, teamA: a, teamB: b }) => ({
      id: match.id,
      seasonId: match.seasonId,
      seasonName,
      dueByDate: match.dueByDate,
      teamA: sideOf(a),
      teamB: sideOf(b),
      roundType: match.roundType,
    }));
}

/**
 * DELETE /v1/team/{id}/members: a member leaves their league team (roster rules: ./roster.ts). The captain's place
 * passes on; the last member leaving locks the team for good. While the team plays a season (transferMode) a roster
 * change is a transfer an admin approves: leaving then asks for the member's own removal, as the captain's Remove
 * does ("User removal pending admin approval"), and answers that request (TransferOutcome) instead of `{ locked }`.
 */
export async function leaveLeagueTeam(db: Db, teamId: number, user: AuthUser, feeCents: number): Promise<{ locked: boolean } | TransferOutcome> {
  return db.transaction(async (tx) => {
    const team = await lockRowOr404(tx, teams, teamId, PROFILE.teamNotFound);
    if (team.locked) throw conflict(PROFILE.teamLocked);
    const me = await lockRowOr404(tx, users, user.id, USER_ADMIN.notFound);
    if (me.teamId !== teamId) throw forbidden(PROFILE.notMember);
    if (team.transferMode) return requestRemoval(tx, feeCents, user, team, user.id);
    const { retired } = await dropMember(tx, leagueTeamRoster, teamId, user.id);
    return { locked: retired };
  });
}
