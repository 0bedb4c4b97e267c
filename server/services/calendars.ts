import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { teams, temporaryTeamMembers, tournamentEntries, tournamentMatches, tournaments } from '../db/schema';
import { rowOr404 } from '../db/rowById';
import { writeCalendar, type CalendarEvent } from '../http/icalendar';
import { upcomingLeagueMatches } from './teams';
import { publicProfile } from './users';
import { tournamentMatchesById } from './matchReadModel';
import { ROUND_NAME_OF } from './seasonBrackets';
import { PROFILE } from '../../src/domain/messages';
import { DAY_MS } from '../../src/domain/durations';

/*
 * The match calendars (issue 25): GET /v1/team/{id}/calendar.ics and GET /v1/user/{id}/calendar.ics, one all-day
 * event per match still to play on the day it is due (docs/decisions.md, "Issue 25"). A team's feed holds its league
 * matches (the team page's upcoming matches: published seasons that are not over); a player's feed adds to their
 * team's league matches their matches in ACTIVE tournaments where they already have a place (their own entry or
 * their tournament team's). Both feeds follow the public reads: a banned player's feed is not found, like their
 * profile; a locked (retired) team keeps a feed, empty.
 */

interface FeedSettings {
  publicUrl: string;
  now: () => number;
}

const HALF_DAY = DAY_MS / 2;
const TBD = 'TBD';

/**
 * The calendar day a match is due: a due date is the start of a day where the admin picked it, so the nearest UTC
 * midnight names that day for any time zone within ±12 hours of UTC.
 */
export const dueDay = (dueByDate: number) => Math.floor((dueByDate + HALF_DAY) / DAY_MS) * DAY_MS;
const dayText = (day: number) => new Date(day).toISOString().slice(0, 10).split('-').reverse().join('/');

function event(settings: FeedSettings, m: { kind: 'tournament' | 'league'; id: number; path: string; dueByDate: number; updatedAt: number; a: string; b: string; context: string; round: string }): CalendarEvent {
  const url = `${settings.publicUrl}${m.path}`;
  const day = dueDay(m.dueByDate);
  return {
    uid: `${m.kind}-match-${m.id}@${new URL(settings.publicUrl).host}`,
    day,
    summary: `${m.a} vs ${m.b} — ${m.context}`,
    description: `${m.round} of ${m.context}, due by ${dayText(day)}.\n${url}`,
    url,
    lastModified: m.updatedAt,
  };
}

async function leagueEvents(db: Db, settings: FeedSettings, teamId: number): Promise<CalendarEvent[]> {
  const rows = await upcomingLeagueMatches(db, teamId);
  return rows.flatMap(({ match, seasonName, teamA, teamB }) =>
    match.dueByDate === null
      ? []
      : [
          event(settings, {
            kind: 'league',
            id: match.id,
            path: `/match/${match.id}`,
            dueByDate: match.dueByDate,
            updatedAt: match.updatedAt,
            a: teamA?.name ?? TBD,
            b: teamB?.name ?? TBD,
            context: seasonName,
            round: match.matchType === 'PLAYOFF' ? `${ROUND_NAME_OF[match.roundType]} · Match ${match.matchNumber}` : 'Group stage match',
          }),
        ],
  );
}

/** The player's undecided matches in ACTIVE tournaments where they hold a side (solo, or with their tournament team). */
async function tournamentEvents(db: Db, settings: FeedSettings, userId: number): Promise<CalendarEvent[]> {
  const entries = await db
    .select({ id: tournamentEntries.id, tournamentId: tournamentEntries.tournamentId, title: tournaments.title })
    .from(tournamentEntries)
    .innerJoin(tournaments, eq(tournaments.id, tournamentEntries.tournamentId))
    .where(
      and(
        eq(tournaments.status, 'ACTIVE'),
        eq(tournamentEntries.refunded, false),
        or(
          eq(tournamentEntries.userId, userId),
          inArray(
            tournamentEntries.temporaryTeamId,
            db.select({ id: temporaryTeamMembers.teamId }).from(temporaryTeamMembers).where(eq(temporaryTeamMembers.userId, userId)),
          ),
        ),
      ),
    );
  if (entries.length === 0) return [];
  const entryIds = entries.map((e) => e.id);
  const rows = await db
    .select({ id: tournamentMatches.id, tournamentId: tournamentMatches.tournamentId, updatedAt: tournamentMatches.updatedAt })
    .from(tournamentMatches)
    .where(
      and(
        inArray(tournamentMatches.tournamentId, [...new Set(entries.map((e) => e.tournamentId))]),
        or(inArray(tournamentMatches.entryAId, entryIds), inArray(tournamentMatches.entryBId, entryIds)),
        eq(tournamentMatches.winningEntry, ''),
        eq(tournamentMatches.live, true),
        eq(tournamentMatches.entryABye, false),
        eq(tournamentMatches.entryBBye, false),
      ),
    );
  const events: CalendarEvent[] = [];
  for (const { tournamentId, title } of entries.filter((e, i) => entries.findIndex((x) => x.tournamentId === e.tournamentId) === i)) {
    const mine = rows.filter((r) => r.tournamentId === tournamentId);
    const updatedAt = new Map(mine.map((r) => [r.id, r.updatedAt]));
    for (const m of await tournamentMatchesById(db, tournamentId, mine.map((r) => r.id))) {
      if (m.dueByDate === null) continue;
      events.push(
        event(settings, {
          kind: 'tournament',
          id: m.id,
          path: `/tournaments/${tournamentId}/match/${m.id}`,
          dueByDate: m.dueByDate,
          updatedAt: updatedAt.get(m.id) ?? m.dueByDate,
          a: m.entryAName ?? TBD,
          b: m.entryBName ?? TBD,
          context: title,
          round: `${m.roundName} · Match ${m.matchNumber}`,
        }),
      );
    }
  }
  return events;
}

const byDay = (a: CalendarEvent, b: CalendarEvent) => a.day - b.day || a.uid.localeCompare(b.uid);

/** GET /v1/team/{id}/calendar.ics. */
export async function teamCalendar(db: Db, settings: FeedSettings, teamId: number): Promise<string> {
  const team = await rowOr404(db, teams, teamId, PROFILE.teamNotFound);
  const events = (await leagueEvents(db, settings, teamId)).sort(byDay);
  return writeCalendar({
    name: `Clutch: ${team.name}`,
    description: `The league matches ${team.name} still has to play, on the day each is due.`,
    stamp: settings.now(),
    events,
  });
}

/** GET /v1/user/{id}/calendar.ics: 404 for a banned player unless staff ask (like the profile). */
export async function userCalendar(db: Db, settings: FeedSettings, userId: number, staff: boolean): Promise<string> {
  const user = await publicProfile(db, userId, staff);
  const [league, tournament] = await Promise.all([
    user.teamId === null ? [] : leagueEvents(db, settings, user.teamId),
    tournamentEvents(db, settings, userId),
  ]);
  return writeCalendar({
    name: `Clutch: ${user.discordName}`,
    description: `The league and tournament matches ${user.discordName} still has to play, on the day each is due.`,
    stamp: settings.now(),
    events: [...league, ...tournament].sort(byDay),
  });
}
