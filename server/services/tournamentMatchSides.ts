import { eq } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { temporaryTeams, tournamentEntries, tournamentMatches, tournaments, users } from '../db/schema';

/*
 * Both sides of a tournament match as one query reads them: each side's entry, and its player or temporary team (a
 * predefined entry has a name of its own). Used by the staff queues (./matchQueues.ts) and the link previews
 * (./linkPreviews.ts).
 */

export const entryA = alias(tournamentEntries, 'entry_a');
export const entryB = alias(tournamentEntries, 'entry_b');
export const userA = alias(users, 'user_a');
export const userB = alias(users, 'user_b');
export const teamA = alias(temporaryTeams, 'team_a');
export const teamB = alias(temporaryTeams, 'team_b');

/** The tournament and both entries (player, temporary team or predefined name) of each match. */
export function withSides<T extends PgSelect>(query: T) {
  return query
    .innerJoin(tournaments, eq(tournaments.id, tournamentMatches.tournamentId))
    .leftJoin(entryA, eq(entryA.id, tournamentMatches.entryAId))
    .leftJoin(entryB, eq(entryB.id, tournamentMatches.entryBId))
    .leftJoin(userA, eq(userA.id, entryA.userId))
    .leftJoin(userB, eq(userB.id, entryB.userId))
    .leftJoin(teamA, eq(teamA.id, entryA.temporaryTeamId))
    .leftJoin(teamB, eq(teamB.id, entryB.temporaryTeamId));
}
