import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { temporaryTeamMembers, temporaryTeams, tournamentEntries, tournamentMatches, users } from '../db/schema';
import { notFound } from '../http/errors';
import { MATCH_ERRORS } from '../../src/domain/messages';
import type { TournamentMatch } from '../../src/api/contract/tournament';
import type { TeamMember } from '../../src/api/contract/team';
import { temporaryTeamMemberColumns, toTeamMember } from './tournamentView';
import { getTournament } from './tournamentStore';
import { yieldTurn, type MatchRow } from './bracketStore';

/** Rows a bracket read takes per statement before yielding the event loop. */
const MATCHES_PER_READ = 1024;

/* The match read model: tournament matches as the API answers them, both sides resolved. */

type Conn = Db | Tx;

// ---------------------------------------------------------------------------------------------------------------
// Views

interface EntryInfo {
  id: number;
  userId: number | null;
  teamId: number | null;
  definedName: string | null;
  discordName: string | null;
  picture: string | null;
}
interface TeamInfo {
  id: number;
  name: string;
  logoUrl: string | null;
  users: TeamMember[];
}

/** Everything needed to name the sides of `rows`: a fixed handful of queries, whatever the bracket size. */
async function sideData(conn: Conn, tournamentId: number, rows: MatchRow[], all: boolean) {
  const wanted = all ? undefined : [...new Set(rows.flatMap((r) => [r.entryAId, r.entryBId]).filter((id): id is number => id !== null))];
  const entries = new Map<number, EntryInfo>();
  const teams = new Map<number, TeamInfo>();
  if (wanted && wanted.length === 0) return { entries, teams };
  const entryRows = await conn
    .select({
      id: tournamentEntries.id,
      userId: tournamentEntries.userId,
      teamId: tournamentEntries.temporaryTeamId,
      definedName: tournamentEntries.definedName,
      discordName: users.discordName,
      picture: users.picture,
    })
    .from(tournamentEntries)
    .leftJoin(users, eq(users.id, tournamentEntries.userId))
    .where(and(eq(tournamentEntries.tournamentId, tournamentId), wanted ? inArray(tournamentEntries.id, wanted) : undefined));
  for (const e of entryRows) entries.set(e.id, e);
  const teamIds = entryRows.flatMap((e) => (e.teamId === null ? [] : [e.teamId]));
  if (teamIds.length > 0) {
    const teamWhere = all ? eq(temporaryTeams.tournamentId, tournamentId) : inArray(temporaryTeams.id, teamIds);
    const [teamRows, memberRows] = await Promise.all([
      conn.select().from(temporaryTeams).where(teamWhere),
      conn
        .select(temporaryTeamMemberColumns)
        .from(temporaryTeamMembers)
        .innerJoin(users, eq(users.id, temporaryTeamMembers.userId))
        .where(
          all ? eq(temporaryTeamMembers.tournamentId, tournamentId) : inArray(temporaryTeamMembers.teamId, teamIds),
        )
        .orderBy(asc(temporaryTeamMembers.slot), asc(users.id)),
    ]);
    for (const t of teamRows) teams.set(t.id, { id: t.id, name: t.name, logoUrl: t.logoUrl, users: [] });
    for (const m of memberRows) teams.get(m.teamId)?.users.push(toTeamMember(m));
    for (const t of teams.values()) {
      t.users.sort((a, b) => (a.teamRole === b.teamRole ? 0 : a.teamRole === 'CAPTAIN' ? -1 : 1));
    }
  }
  return { entries, teams };
}

type TournamentSummary = NonNullable<TournamentMatch['tournament']>;

/** Contract matches for rows of one tournament, both sides resolved (player, team or predefined name). */
async function toMatches(
  conn: Conn,
  tournamentId: number,
  rows: MatchRow[],
  idByNumber: Map<number, number>,
  opts: { all: boolean; tournament?: TournamentSummary; viewerId?: number | null },
): Promise<TournamentMatch[]> {
  const { entries, teams } = await sideData(conn, tournamentId, rows, opts.all);
  const side = (entryId: number | null) => {
    const e = entryId === null ? undefined : entries.get(entryId);
    const team = e?.teamId != null ? (teams.get(e.teamId) ?? null) : null;
    const user = e?.userId != null && e.discordName !== null ? { id: e.userId, discordName: e.discordName, picture: e.picture } : null;
    const defined = e?.definedName ?? null;
    return { user, team, defined, name: team?.name ?? user?.discordName ?? defined ?? null, entry: e };
  };
  return rows.map((r) => {
    const a = side(r.entryAId);
    const b = side(r.entryBId);
    const sourceId = (kind: string, ref: number) => (kind === 'seed' ? null : (idByNumber.get(ref) ?? null));
    const sourceKind = (kind: string) => (kind === 'winner' || kind === 'loser' ? kind : null);
    const match: TournamentMatch = {
      id: r.id,
      matchNumber: r.matchNumber,
      roundName: r.roundName,
      tournamentId,
      dueByDate: r.dueByDate,
      entryASourceId: sourceId(r.sourceAKind, r.sourceARef),
      entryBSourceId: sourceId(r.sourceBKind, r.sourceBRef),
      entryAId: r.entryAId,
      entryBId: r.entryBId,
      userA: a.user,
      userB: b.user,
      teamA: a.team,
      teamB: b.team,
      definedEntryA: a.defined,
      definedEntryB: b.defined,
      entryAbye: r.entryABye,
      entryBbye: r.entryBBye,
      entryAScoreA: r.entryAScoreA,
      entryAScoreB: r.entryAScoreB,
      entryBScoreA: r.entryBScoreA,
      entryBScoreB: r.entryBScoreB,
      winningEntry: r.winningEntry as TournamentMatch['winningEntry'],
      // The Grand Finals are drawn with the winners bracket; only the losers track is "not winners".
      winnersBracket: r.track !== 'losers',
      track: r.track as TournamentMatch['track'],
      round: r.round,
      position: r.position,
      entryASourceKind: sourceKind(r.sourceAKind),
      entryBSourceKind: sourceKind(r.sourceBKind),
      live: r.live,
      dispute: r.dispute,
      scoreA: r.scoreA,
      scoreB: r.scoreB,
      entryAName: a.name,
      entryBName: b.name,
    };
    if (opts.tournament) match.tournament = opts.tournament;
    if (opts.viewerId !== undefined) {
      const plays = (s: ReturnType<typeof side>) =>
        !!opts.viewerId && (s.user?.id === opts.viewerId || !!s.team?.users.some((u) => u.id === opts.viewerId));
      match.viewerSide = plays(a) ? 'A' : plays(b) ? 'B' : null;
    }
    return match;
  });
}

/** GET /v1/tournament/{id}/match: every match of the bracket in play order (empty before the bracket exists). */
export async function listTournamentMatches(db: Db, tournamentId: number): Promise<TournamentMatch[]> {
  await getTournament(db, tournamentId);
  // One snapshot (a result moves two matches at once), read a page at a time with a turn between pages: parsing
  // 8,191 rows in one statement held the event loop for ~0.4 s (issue 10).
  return db.transaction(
    async (tx) => {
      const rows: MatchRow[] = [];
      for (let after = 0; ; ) {
        const page = await tx
          .select()
          .from(tournamentMatches)
          .where(and(eq(tournamentMatches.tournamentId, tournamentId), gt(tournamentMatches.matchNumber, after)))
          .orderBy(asc(tournamentMatches.matchNumber))
          .limit(MATCHES_PER_READ);
        rows.push(...page);
        if (page.length < MATCHES_PER_READ) break;
        after = page[page.length - 1].matchNumber;
        await yieldTurn();
      }
      const idByNumber = new Map(rows.map((r) => [r.matchNumber, r.id]));
      return toMatches(tx, tournamentId, rows, idByNumber, { all: true });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** These matches of one tournament as the bracket read shows them (live updates send them; unknown ids are left out). */
export async function tournamentMatchesById(db: Conn, tournamentId: number, ids: number[]): Promise<TournamentMatch[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(tournamentMatches)
    .where(and(eq(tournamentMatches.tournamentId, tournamentId), inArray(tournamentMatches.id, ids)))
    .orderBy(asc(tournamentMatches.matchNumber));
  return toMatches(db, tournamentId, rows, await sourceIds(db, tournamentId, rows), { all: false });
}

/** The ids of the matches these rows' slots come from (winner or loser of match n), by match number. */
async function sourceIds(conn: Conn, tournamentId: number, rows: MatchRow[]): Promise<Map<number, number>> {
  const numbers = [
    ...new Set(rows.flatMap((r) => [r.sourceAKind === 'seed' ? null : r.sourceARef, r.sourceBKind === 'seed' ? null : r.sourceBRef])),
  ].filter((n): n is number => n !== null);
  if (numbers.length === 0) return new Map();
  const found = await conn
    .select({ id: tournamentMatches.id, number: tournamentMatches.matchNumber })
    .from(tournamentMatches)
    .where(and(eq(tournamentMatches.tournamentId, tournamentId), inArray(tournamentMatches.matchNumber, numbers)));
  return new Map(found.map((r) => [r.number, r.id]));
}

/** GET /v1/tournament/{id}/match/{matchId}: one match with its tournament and the viewer's side. */
export async function getTournamentMatch(
  conn: Conn,
  tournamentId: number,
  matchId: number,
  viewerId: number | null,
): Promise<TournamentMatch> {
  const t = await getTournament(conn, tournamentId);
  const [row] = await conn
    .select()
    .from(tournamentMatches)
    .where(and(eq(tournamentMatches.id, matchId), eq(tournamentMatches.tournamentId, tournamentId)));
  if (!row) throw notFound(MATCH_ERRORS.notFound);
  const idByNumber = await sourceIds(conn, tournamentId, [row]);
  const tournament = {
    id: t.id,
    title: t.title,
    status: t.status,
    allowScoreSubmission: t.allowScoreSubmission,
    tournamentType: t.tournamentType,
    teamLimit: t.teamLimit,
  };
  const [match] = await toMatches(conn, tournamentId, [row], idByNumber, { all: false, tournament, viewerId });
  return match;
}

