import { and, asc, count, eq, ilike, isNotNull, isNull, lt, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tournamentMatches, tournaments } from '../db/schema';
import { entryA, entryB, teamA, teamB, userA, userB, withSides } from './tournamentMatchSides';
import type { TournamentQueueMatch } from '../../src/api/contract/tournament';
import { likePattern } from './users';
import { overdueBefore } from '../../src/domain/matchRules';
import type { MatchQueueKind } from '../../src/domain/constants';

/*
 * The admin queues of tournament matches (GET /v1/tournament/tournament-matches/dispute|incomplete|overdue):
 * - dispute: both sides reported different scores (or the same draw) and no admin has decided it yet;
 * - incomplete: both entrants known, no result, and at least one side has not reported;
 * - overdue: both entrants known, no result, and the due day is over (`overdue`).
 * Matches waiting for an entrant are left out: there is nobody to chase yet (the match feeding them is listed).
 */

/** The due day is over (src/domain/matchRules.ts `overdueBefore`; no due date: never overdue), for both queues' SQL. */
export const overdue = (dueByDate: Column, now: number) => and(isNotNull(dueByDate), lt(dueByDate, overdueBefore(now)));

function queueCondition(kind: MatchQueueKind, now: number): SQL {
  const m = tournamentMatches;
  const pending = and(eq(m.live, true), eq(m.winningEntry, ''), isNotNull(m.entryAId), isNotNull(m.entryBId));
  switch (kind) {
    case 'dispute':
      return and(pending, eq(m.dispute, true)) as SQL;
    case 'incomplete':
      return and(pending, or(isNull(m.entryAScoreA), isNull(m.entryBScoreA))) as SQL;
    case 'overdue':
      return and(pending, overdue(m.dueByDate, now)) as SQL;
  }
}

/** A page of one queue, oldest due date first; `search` matches the tournament title or either entry's name. */
export async function listQueue(
  db: Db,
  kind: MatchQueueKind,
  page: { offset: number; perPage: number; search: string },
  now: number,
): Promise<{ total: number; results: TournamentQueueMatch[] }> {
  const term = page.search ? likePattern(page.search) : null;
  const where = and(
    queueCondition(kind, now),
    term
      ? or(
          ilike(tournaments.title, term),
          ilike(userA.discordName, term),
          ilike(userB.discordName, term),
          ilike(teamA.name, term),
          ilike(teamB.name, term),
          ilike(entryA.definedName, term),
          ilike(entryB.definedName, term),
        )
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    withSides(
      db
        .select({
          id: tournamentMatches.id,
          matchNumber: tournamentMatches.matchNumber,
          roundName: tournamentMatches.roundName,
          dueByDate: tournamentMatches.dueByDate,
          entryASubmitted: sql<boolean>`${tournamentMatches.entryAScoreA} is not null`,
          entryBSubmitted: sql<boolean>`${tournamentMatches.entryBScoreA} is not null`,
          tournamentId: tournaments.id,
          tournamentTitle: tournaments.title,
          userAId: userA.id,
          userAName: userA.discordName,
          userBId: userB.id,
          userBName: userB.discordName,
          teamAId: teamA.id,
          teamAName: teamA.name,
          teamBId: teamB.id,
          teamBName: teamB.name,
          definedEntryA: entryA.definedName,
          definedEntryB: entryB.definedName,
        })
        .from(tournamentMatches)
        .$dynamic(),
    )
      .where(where)
      .orderBy(sql`${tournamentMatches.dueByDate} asc nulls last`, asc(tournaments.id), asc(tournamentMatches.matchNumber))
      .limit(page.perPage)
      .offset(page.offset),
    withSides(db.select({ total: count() }).from(tournamentMatches).$dynamic()).where(where),
  ]);
  return {
    total: Number(total),
    results: rows.map((r) => ({
      id: r.id,
      matchNumber: r.matchNumber,
      roundName: r.roundName,
      tournament: { id: r.tournamentId, title: r.tournamentTitle },
      dueByDate: r.dueByDate,
      teamA: r.teamAId !== null && r.teamAName !== null ? { id: r.teamAId, name: r.teamAName } : null,
      teamB: r.teamBId !== null && r.teamBName !== null ? { id: r.teamBId, name: r.teamBName } : null,
      userA: r.userAId !== null && r.userAName !== null ? { id: r.userAId, discordName: r.userAName } : null,
      userB: r.userBId !== null && r.userBName !== null ? { id: r.userBId, discordName: r.userBName } : null,
      definedEntryA: r.definedEntryA,
      definedEntryB: r.definedEntryB,
      entryASubmitted: Boolean(r.entryASubmitted),
      entryBSubmitted: Boolean(r.entryBSubmitted),
    })),
  };
}
