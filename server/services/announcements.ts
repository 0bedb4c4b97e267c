import { and, asc, count, eq, inArray, isNotNull, min, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import {
  discordDeliveries,
  seasonDivisions,
  seasonEntries,
  seasonGroups,
  seasonMatches,
  teams,
  tournamentEntries,
  tournamentMatches,
  type StoredAnnouncement,
} from '../db/schema';
import type { TournamentRow } from './tournamentStore';
import type { SeasonRow } from './seasonStore';
import { tournamentMatchesById } from './matchReadModel';
import { loadDivisionBracket, ROUND_NAME_OF } from './seasonBrackets';
import { champion } from '../../src/domain/bracket/placements';
import type { AnnouncementEvent } from '../../src/api/contract/announcements';

/*
 * What Clutch tells a tournament's or a season's Discord channel (issue 25), queued in the transaction of the change
 * that caused it: the services call one function per command at its end, with the matches it decided, and this module
 * works out what is worth saying. Every announcement carries a key naming its event (the match, its sides or its
 * result), so a match is announced ready once for the same pair of sides, decided once for the same result, and a
 * second look at the same state queues nothing (the outbox's unique key). Nothing is queued for a tournament or season
 * without a webhook. Delivery is discordOutbox.ts's.
 */

/** Whose announcement it is: the webhook of this tournament or season is used. */
export type AnnouncementScope = { kind: 'tournament' | 'season'; id: number };

interface Announcement {
  key: string;
  event: AnnouncementEvent;
  payload: StoredAnnouncement;
}

/** Discord embed colours. */
export const COLOURS: Record<AnnouncementEvent, number> = {
  BRACKET_STARTED: 0x5865f2,
  MATCH_READY: 0xf1c40f,
  MATCH_DECIDED: 0x2ecc71,
  MATCH_DISPUTED: 0xe74c3c,
  CHAMPION: 0xf5b301,
  TEST: 0x95a5a6,
};

/** A name as Discord text: its markdown characters escaped (a team called `*_*` stays literal). */
export const md = (text: string) => text.replace(/[\\*_~`|<>[\]()]/g, '\\$&');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** A day as Discord shows it in each reader's own locale and time zone. */
const day = (ms: number) => `<t:${Math.floor(ms / 1000)}:D>`;

/** Queues announcements of `scope` in the caller's transaction; an event already queued is not queued again. */
export async function enqueue(tx: Tx, scope: AnnouncementScope, announcements: Announcement[]): Promise<void> {
  if (announcements.length === 0) return;
  const owner = scope.kind === 'tournament' ? { tournamentId: scope.id } : { seasonId: scope.id };
  await tx
    .insert(discordDeliveries)
    .values(announcements.map((a) => ({ ...owner, dedupeKey: a.key, event: a.event, payload: a.payload })))
    .onConflictDoNothing({ target: discordDeliveries.dedupeKey });
}

// ---------------------------------------------------------------------------------------------------------------
// Matches: one shape for tournament and league matches, and what each state of it announces

interface Fixture {
  /** `tournament-match:45`, `league-match:12`: the start of its events' keys. */
  key: string;
  /** The tournament or "Season 3 · Division 1". */
  context: string;
  /** "Round 2 · Match 12", "Group A". */
  round: string;
  /** The sides' ids, so a match that gets other sides is announced again. */
  sides: string;
  a: string;
  b: string;
  /** Both sides known, undecided, drawn and no bye, and a side came from a result (round one is the start's news). */
  ready: boolean;
  winner: 'A' | 'B' | null;
  score: [number, number] | null;
  dispute: boolean;
  reports: [[number | null, number | null], [number | null, number | null]];
  path: string;
  dueBy: number | null;
}

const TBD = 'TBD';
const scoreText = (s: [number | null, number | null]) => `${s[0] ?? '?'}–${s[1] ?? '?'}`;

function matchAnnouncements(f: Fixture, by: 'players' | 'staff'): Announcement[] {
  const out: Announcement[] = [];
  const roundField = { name: 'Round', value: md(f.round), inline: true };
  if (f.ready) {
    out.push({
      key: `${f.key}:ready:${f.sides}`,
      event: 'MATCH_READY',
      payload: {
        title: `Match ready: ${f.a} vs ${f.b}`,
        description: `**${md(f.a)}** vs **${md(f.b)}** in ${md(f.context)}. Report the score on the match page once it is played.`,
        path: f.path,
        color: COLOURS.MATCH_READY,
        fields: [roundField, ...(f.dueBy === null ? [] : [{ name: 'Due by', value: day(f.dueBy), inline: true }])],
      },
    });
  }
  if (f.winner && f.score) {
    const [winner, loser] = f.winner === 'A' ? [f.a, f.b] : [f.b, f.a];
    out.push({
      key: `${f.key}:decided:${f.winner}:${f.score[0]}-${f.score[1]}`,
      event: 'MATCH_DECIDED',
      payload: {
        title: `Result: ${f.a} ${f.score[0]}–${f.score[1]} ${f.b}`,
        description: `**${md(winner)}** beat **${md(loser)}** in ${md(f.context)}.`,
        path: f.path,
        color: COLOURS.MATCH_DECIDED,
        fields: [roundField, { name: 'Decided by', value: by === 'staff' ? 'Staff' : 'Both reports', inline: true }],
      },
    });
  } else if (f.dispute) {
    const [ra, rb] = f.reports;
    out.push({
      key: `${f.key}:disputed:${scoreText(ra)}/${scoreText(rb)}`,
      event: 'MATCH_DISPUTED',
      payload: {
        title: `Disputed: ${f.a} vs ${f.b}`,
        description:
          `The reports differ: **${md(f.a)}** reported ${scoreText(ra)}, **${md(f.b)}** reported ${scoreText(rb)} ` +
          `(${md(f.a)} first). Staff will settle it.`,
        path: f.path,
        color: COLOURS.MATCH_DISPUTED,
        fields: [roundField],
      },
    });
  }
  return out;
}

function championAnnouncement(key: string, name: string, context: string, path: string): Announcement {
  return {
    key,
    event: 'CHAMPION',
    payload: {
      title: `🏆 ${name} wins ${context}!`,
      description: `Congratulations to **${md(name)}**, champion of ${md(context)}.`,
      path,
      color: COLOURS.CHAMPION,
      fields: [],
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Tournaments

/** A new bracket of `t` (the start, or a restart with other entrants): how many entered and how many can play now. */
export async function announceBracketStarted(tx: Tx, t: TournamentRow): Promise<void> {
  if (!t.discordWebhookUrl) return;
  const [[stats], [entrants]] = await Promise.all([
    tx
      .select({
        first: min(tournamentMatches.id),
        ready: sql<number>`count(*) filter (where ${tournamentMatches.entryAId} is not null and ${tournamentMatches.entryBId} is not null
          and ${tournamentMatches.winningEntry} = '' and ${tournamentMatches.live} and not ${tournamentMatches.entryABye} and not ${tournamentMatches.entryBBye})`,
      })
      .from(tournamentMatches)
      .where(eq(tournamentMatches.tournamentId, t.id)),
    tx
      .select({ n: count() })
      .from(tournamentEntries)
      .where(and(eq(tournamentEntries.tournamentId, t.id), isNotNull(tournamentEntries.seed))),
  ]);
  if (stats.first === null) return;
  await enqueue(tx, { kind: 'tournament', id: t.id }, [
    {
      key: `tournament:${t.id}:started:${stats.first}`,
      event: 'BRACKET_STARTED',
      payload: {
        title: `Bracket started: ${t.title}`,
        description: `${Number(entrants.n)} entrants, ${Number(stats.ready)} matches ready to play. Good luck!`,
        path: `/tournaments/${t.id}`,
        color: COLOURS.BRACKET_STARTED,
        fields: [
          { name: 'Game', value: md(t.game), inline: true },
          { name: 'Entrants', value: String(Number(entrants.n)), inline: true },
          { name: 'Ends', value: day(t.endDate), inline: true },
        ],
      },
    },
  ]);
}

/**
 * After a result of tournament `t` (the row as the result left it): the matches it decided, disputed or made ready
 * among `matchIds`, and the champion once the tournament is won.
 */
export async function announceTournamentMatches(tx: Tx, t: TournamentRow, matchIds: number[], by: 'players' | 'staff'): Promise<void> {
  if (!t.discordWebhookUrl) return;
  const matches = await tournamentMatchesById(tx, t.id, matchIds);
  const announcements = matches.flatMap((m) => {
    if (m.entryAbye || m.entryBbye || !m.live) return [];
    const reported = (x: number | null, y: number | null): [number | null, number | null] => [x, y];
    return matchAnnouncements(
      {
        key: `tournament-match:${m.id}`,
        context: t.title,
        round: `${m.roundName} · Match ${m.matchNumber}`,
        sides: `${m.entryAId}-${m.entryBId}`,
        a: m.entryAName ?? TBD,
        b: m.entryBName ?? TBD,
        ready:
          m.entryAId !== null && m.entryBId !== null && m.winningEntry === '' && (m.entryASourceKind !== null || m.entryBSourceKind !== null),
        winner: m.winningEntry === 'EntryA' ? 'A' : m.winningEntry === 'EntryB' ? 'B' : null,
        score: m.scoreA != null && m.scoreB != null ? [m.scoreA, m.scoreB] : null,
        dispute: m.dispute,
        reports: [reported(m.entryAScoreA, m.entryAScoreB), reported(m.entryBScoreA, m.entryBScoreB)],
        path: `/tournaments/${t.id}/match/${m.id}`,
        dueBy: m.dueByDate,
      },
      by,
    );
  });
  if (t.status === 'COMPLETED' && t.winningEntryName) {
    const who = t.winningEntryId ?? t.winningEntryName;
    announcements.push(championAnnouncement(`tournament:${t.id}:champion:${who}`, t.winningEntryName, t.title, `/tournaments/${t.id}`));
  }
  await enqueue(tx, { kind: 'tournament', id: t.id }, announcements);
}

// ---------------------------------------------------------------------------------------------------------------
// Seasons

/** The group stages or the playoffs of `season` have just been built. */
export async function announceSeasonStage(tx: Tx, season: SeasonRow, stage: 'groups' | 'playoffs'): Promise<void> {
  if (!season.discordWebhookUrl) return;
  const matchType = stage === 'groups' ? 'GROUP_STAGE' : 'PLAYOFF';
  const divisions = await tx
    .select({
      id: seasonDivisions.id,
      name: seasonDivisions.name,
      first: min(seasonMatches.id),
      matches: count(seasonMatches.id),
      // The group stages play every placed team; the playoffs the seeded ones.
      teams: sql<number>`(select count(*) from ${seasonEntries} e where e.division_id = ${seasonDivisions.id}
        ${stage === 'groups' ? sql`` : sql`and e.seed is not null`})`,
    })
    .from(seasonDivisions)
    .innerJoin(seasonMatches, and(eq(seasonMatches.divisionId, seasonDivisions.id), eq(seasonMatches.matchType, matchType)))
    .where(eq(seasonDivisions.seasonId, season.id))
    .groupBy(seasonDivisions.id)
    .orderBy(asc(seasonDivisions.position));
  if (divisions.length === 0) return;
  const announcements: Announcement[] =
    stage === 'groups'
      ? [
          {
            key: `season:${season.id}:groups:${Math.min(...divisions.map((d) => d.first ?? 0))}`,
            event: 'BRACKET_STARTED',
            payload: {
              title: `Group stages started: ${season.name}`,
              description:
                `${divisions.reduce((n, d) => n + Number(d.teams), 0)} teams in ${plural(divisions.length, 'division')} play ` +
                `${divisions.reduce((n, d) => n + Number(d.matches), 0)} group matches over ${season.playoffWeeks} weeks. Good luck!`,
              path: `/seasons/${season.id}`,
              color: COLOURS.BRACKET_STARTED,
              fields: divisions.map((d) => ({ name: md(d.name), value: `${Number(d.teams)} teams`, inline: true })),
            },
          },
        ]
      : divisions.map((d) => ({
          key: `division:${d.id}:playoffs:${d.first}`,
          event: 'BRACKET_STARTED' as const,
          payload: {
            title: `Playoffs started: ${season.name} · ${d.name}`,
            description: `${Number(d.teams)} teams play the double elimination bracket for the ${md(d.name)} title. Good luck!`,
            path: `/seasons/${season.id}/${d.id}`,
            color: COLOURS.BRACKET_STARTED,
            fields: [{ name: 'Grand Final due by', value: day(season.grandFinalDueBy), inline: true }],
          },
        }));
  await enqueue(tx, { kind: 'season', id: season.id }, announcements);
}

const teamA = alias(teams, 'announce_team_a');
const teamB = alias(teams, 'announce_team_b');

/**
 * After a result or a dispute of league match `match` of `season`: that match, and for a playoff match the division's
 * bracket (the matches the result made ready, and the champion once the playoffs are won).
 */
export async function announceSeasonMatch(
  tx: Tx,
  season: SeasonRow,
  match: Pick<typeof seasonMatches.$inferSelect, 'id' | 'divisionId' | 'matchType'>,
  by: 'players' | 'staff',
): Promise<void> {
  if (!season.discordWebhookUrl) return;
  const matchIds =
    match.matchType === 'PLAYOFF'
      ? (
          await tx
            .select({ id: seasonMatches.id })
            .from(seasonMatches)
            .where(and(eq(seasonMatches.divisionId, match.divisionId), eq(seasonMatches.matchType, 'PLAYOFF')))
        ).map((r) => r.id)
      : [match.id];
  const rows = await tx
    .select({ m: seasonMatches, division: seasonDivisions.name, group: seasonGroups.name, a: teamA.name, b: teamB.name })
    .from(seasonMatches)
    .innerJoin(seasonDivisions, eq(seasonDivisions.id, seasonMatches.divisionId))
    .leftJoin(seasonGroups, eq(seasonGroups.id, seasonMatches.groupId))
    .leftJoin(teamA, eq(teamA.id, seasonMatches.teamAId))
    .leftJoin(teamB, eq(teamB.id, seasonMatches.teamBId))
    .where(and(eq(seasonMatches.seasonId, season.id), inArray(seasonMatches.id, matchIds)))
    .orderBy(asc(seasonMatches.id));
  const announcements = rows.flatMap(({ m, division, group, a, b }) => {
    if (m.teamABye || m.teamBBye || !m.live) return [];
    const playoff = m.matchType === 'PLAYOFF';
    return matchAnnouncements(
      {
        key: `league-match:${m.id}`,
        context: `${season.name} · ${division}`,
        round: playoff ? `${ROUND_NAME_OF[m.roundType]} · Match ${m.matchNumber}` : (group ?? 'Group stage'),
        sides: `${m.teamAId}-${m.teamBId}`,
        a: a ?? TBD,
        b: b ?? TBD,
        ready:
          playoff && m.teamAId !== null && m.teamBId !== null && m.winningTeam === null && (m.sourceAKind !== 'seed' || m.sourceBKind !== 'seed'),
        winner: m.winningTeam === 'TeamA' ? 'A' : m.winningTeam === 'TeamB' ? 'B' : null,
        score: m.teamAScoreA !== null && m.teamAScoreB !== null ? [m.teamAScoreA, m.teamAScoreB] : null,
        dispute: m.dispute,
        reports: [
          [m.teamAScoreA, m.teamAScoreB],
          [m.teamBScoreA, m.teamBScoreB],
        ],
        path: `/match/${m.id}`,
        dueBy: m.dueByDate,
      },
      by,
    );
  });
  const playoffDivisions = [...new Map(rows.filter((r) => r.m.matchType === 'PLAYOFF').map((r) => [r.m.divisionId, r.division]))];
  for (const [divisionId, name] of playoffDivisions) {
    const loaded = await loadDivisionBracket(tx, divisionId);
    const index = loaded ? champion(loaded.bracket) : null;
    const teamId = index === null || !loaded ? null : loaded.teamIds[index];
    if (teamId == null) continue;
    const [team] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
    const context = `${season.name} · ${name}`;
    announcements.push(championAnnouncement(`division:${divisionId}:champion:${teamId}`, team?.name ?? TBD, context, `/seasons/${season.id}/${divisionId}`));
  }
  await enqueue(tx, { kind: 'season', id: season.id }, announcements);
}

/** "Send test message": a delivery that says where announcements will appear. */
export function testAnnouncement(key: string, name: string, path: string): Announcement {
  return {
    key,
    event: 'TEST',
    payload: {
      title: 'Test message from Clutch',
      description: `Announcements of **${md(name)}** will appear in this channel: bracket starts, matches ready to play, results, disputes and the champion.`,
      path,
      color: COLOURS.TEST,
      fields: [],
    },
  };
}
