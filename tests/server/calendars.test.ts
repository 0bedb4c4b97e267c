import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { useTestServer, type Agent } from '../support/testServer';
import { seasonMatches, seasons, teams, users } from '../../server/db/schema';
import { RETIRED_TEAM } from '../../server/db/seedLeagueTeams';

/*
 * The match calendars (issue 25) read by a small strict RFC 5545 parser: CRLF lines of at most 75 octets, folding,
 * TEXT escapes, the calendar's and each event's required properties; then the events against the seeded league.
 */

interface Property {
  name: string;
  params: Record<string, string>;
  value: string;
}
interface Component {
  name: string;
  props: Property[];
  children: Component[];
}

/** Parses an iCalendar stream, failing on anything RFC 5545 does not allow in what Clutch writes. */
function parseICalendar(text: string): Component {
  expect(text.endsWith('\r\n'), 'ends with CRLF').toBe(true);
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(line.includes('\n') || line.includes('\r'), `bare line break in ${JSON.stringify(line)}`).toBe(false);
    expect(Buffer.byteLength(line, 'utf8'), `line over 75 octets: ${line}`).toBeLessThanOrEqual(75);
  }
  const logical: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ') || line.startsWith('\t')) logical[logical.length - 1] += line.slice(1);
    else logical.push(line);
  }
  const root: Component = { name: '', props: [], children: [] };
  const stack = [root];
  for (const line of logical) {
    const match = /^([A-Z][A-Z0-9-]*)((?:;[A-Z-]+=[^;:]*)*):(.*)$/.exec(line);
    expect(match, `not a content line: ${line}`).not.toBeNull();
    const [, name, rawParams, value] = match!;
    const params = Object.fromEntries(rawParams.split(';').filter(Boolean).map((p) => p.split('=') as [string, string]));
    if (name === 'BEGIN') {
      const child: Component = { name: value, props: [], children: [] };
      stack.at(-1)!.children.push(child);
      stack.push(child);
    } else if (name === 'END') {
      expect(stack.pop()!.name, 'END matches BEGIN').toBe(value);
    } else {
      stack.at(-1)!.props.push({ name, params, value });
    }
  }
  expect(stack).toHaveLength(1);
  expect(root.children).toHaveLength(1);
  return root.children[0];
}

/** A TEXT value unescaped; a lone backslash or an unescaped ; or , fails. */
function text(value: string): string {
  expect(/(^|[^\\])(\\\\)*[;,]/.test(value.replace(/\\[;,]/g, '')), `unescaped ; or , in ${value}`).toBe(false);
  return value.replace(/\\(.)/g, (_, c: string) => {
    expect('\\;,nN'.includes(c), `bad escape \\${c}`).toBe(true);
    return c === 'n' || c === 'N' ? '\n' : c;
  });
}

const prop = (c: Component, name: string) => {
  const found = c.props.filter((p) => p.name === name);
  expect(found, `${c.name} has one ${name}`).toHaveLength(1);
  return found[0];
};

const DAY = 86_400_000;
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');

function events(calendar: Component) {
  expect(calendar.name).toBe('VCALENDAR');
  expect(prop(calendar, 'VERSION').value).toBe('2.0');
  expect(prop(calendar, 'PRODID').value).toBe('-//Clutch//Match calendar//EN');
  expect(prop(calendar, 'CALSCALE').value).toBe('GREGORIAN');
  expect(prop(calendar, 'METHOD').value).toBe('PUBLISH');
  const list = calendar.children.map((e) => {
    expect(e.name).toBe('VEVENT');
    const start = prop(e, 'DTSTART');
    const end = prop(e, 'DTEND');
    expect(start.params).toEqual({ VALUE: 'DATE' });
    expect(end.params).toEqual({ VALUE: 'DATE' });
    expect(prop(e, 'DTSTAMP').value).toMatch(/^\d{8}T\d{6}Z$/);
    const startMs = Date.UTC(+start.value.slice(0, 4), +start.value.slice(4, 6) - 1, +start.value.slice(6, 8));
    expect(end.value).toBe(ymd(startMs + DAY));
    const url = prop(e, 'URL').value;
    const description = text(prop(e, 'DESCRIPTION').value);
    expect(description.endsWith(`\n${url}`)).toBe(true);
    return { uid: text(prop(e, 'UID').value), start: start.value, summary: text(prop(e, 'SUMMARY').value), url, description };
  });
  expect(new Set(list.map((e) => e.uid)).size).toBe(list.length);
  return { name: text(prop(calendar, 'X-WR-CALNAME').value), list };
}

describe('match calendars', () => {
  const server = useTestServer({ seed: true, config: { publicUrl: 'https://clutch.example' } });
  let guest: Agent;
  beforeAll(() => {
    guest = server.agent();
  });

  const feed = async (path: string) => {
    const res = await guest.get(path);
    expect(res.status, `${path}: ${res.body}`).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    return events(parseICalendar(res.body as string));
  };
  /** The league matches a team still plays, spelt independently of the server's query. */
  const expectedLeague = async (teamId: number) =>
    server.db
      .select({ id: seasonMatches.id, dueByDate: seasonMatches.dueByDate, season: seasons.name })
      .from(seasonMatches)
      .innerJoin(seasons, eq(seasons.id, seasonMatches.seasonId))
      .where(
        and(
          or(eq(seasonMatches.teamAId, teamId), eq(seasonMatches.teamBId, teamId)),
          isNull(seasonMatches.winningTeam),
          eq(seasonMatches.live, true),
          eq(seasons.published, true),
          ne(seasons.seasonType, 'COMPLETE'),
        ),
      );
  /** A team with league matches still to play in the group stages (Season 3). */
  const busyTeam = async () => {
    const [season] = await server.db.select().from(seasons).where(eq(seasons.seasonType, 'GROUP_STAGES'));
    const [m] = await server.db
      .select()
      .from(seasonMatches)
      .where(and(eq(seasonMatches.seasonId, season.id), isNull(seasonMatches.winningTeam)));
    const [team] = await server.db.select().from(teams).where(eq(teams.id, m.teamAId!));
    return { season, team };
  };

  it("lists a team's league matches to play, each on the day it is due, with its page", async () => {
    const { team } = await busyTeam();
    const { name, list } = await feed(`/v1/team/${team.id}/calendar.ics`);
    expect(name).toBe(`Clutch: ${team.name}`);
    const expected = await expectedLeague(team.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(list.map((e) => e.uid).sort()).toEqual(expected.map((m) => `league-match-${m.id}@clutch.example`).sort());
    for (const m of expected) {
      const e = list.find((x) => x.uid === `league-match-${m.id}@clutch.example`)!;
      const page = (await guest.get(`/v1/match/${m.id}`)).body;
      expect(e.summary).toBe(`${page.teamA?.name ?? 'TBD'} vs ${page.teamB?.name ?? 'TBD'} — ${m.season}`);
      expect(e.url).toBe(`https://clutch.example/match/${m.id}`);
      // The due date is the start of a day; the event is that day.
      expect(e.start).toBe(ymd(Math.round(m.dueByDate! / DAY) * DAY));
    }
    // The same UIDs on the next read: subscribed calendars update events in place.
    expect((await feed(`/v1/team/${team.id}/calendar.ics`)).list.map((e) => e.uid)).toEqual(list.map((e) => e.uid));
  });

  it("lists a player's tournament matches and their team's league matches", async () => {
    const [user] = await server.db.select().from(users).where(eq(users.discordName, 'LunarPanther'));
    const match = (await guest.get('/v1/tournament/7/match/45')).body;
    const { name, list } = await feed(`/v1/user/${user.id}/calendar.ics`);
    expect(name).toBe('Clutch: LunarPanther');
    const e = list.find((x) => x.uid === 'tournament-match-45@clutch.example');
    expect(e).toMatchObject({
      summary: `${match.entryAName} vs ${match.entryBName} — ${match.tournament.title}`,
      url: 'https://clutch.example/tournaments/7/match/45',
    });
    expect(e!.description).toContain(`${match.roundName} · Match ${match.matchNumber} of ${match.tournament.title}`);
    if (user.teamId !== null) {
      const league = await expectedLeague(user.teamId);
      for (const m of league) expect(list.map((x) => x.uid)).toContain(`league-match-${m.id}@clutch.example`);
    }
    // Decided and bye matches are not there.
    const decided = (await guest.get('/v1/tournament/7/match')).body.filter((m: any) => m.winningEntry !== '').map((m: any) => m.id);
    expect(list.filter((x) => decided.some((id: number) => x.uid === `tournament-match-${id}@clutch.example`))).toEqual([]);
  });

  it('hides unpublished seasons, like the public reads', async () => {
    const { season, team } = await busyTeam();
    await server.db.update(seasons).set({ published: false }).where(eq(seasons.id, season.id));
    try {
      const { list } = await feed(`/v1/team/${team.id}/calendar.ics`);
      const hidden = await server.db.select({ id: seasonMatches.id }).from(seasonMatches).where(eq(seasonMatches.seasonId, season.id));
      expect(list.filter((e) => hidden.some((m) => e.uid === `league-match-${m.id}@clutch.example`))).toEqual([]);
    } finally {
      await server.db.update(seasons).set({ published: true }).where(eq(seasons.id, season.id));
    }
  });

  it('answers a banned player as not found and a retired team with an empty calendar', async () => {
    const [banned] = await server.db.select().from(users).where(eq(users.discordName, 'BannedBrawler'));
    const res = await guest.get(`/v1/user/${banned.id}/calendar.ics`);
    expect(res.status).toBe(404);
    expect((await guest.get('/v1/user/999999/calendar.ics')).status).toBe(404);
    expect((await guest.get('/v1/team/999999/calendar.ics')).status).toBe(404);
    expect((await guest.get('/v1/team/abc/calendar.ics')).status).toBe(400);

    const [retired] = await server.db.select().from(teams).where(eq(teams.name, RETIRED_TEAM));
    const { name, list } = await feed(`/v1/team/${retired.id}/calendar.ics`);
    expect(name).toBe(`Clutch: ${RETIRED_TEAM}`);
    expect(list).toEqual([]);
  });

  it('escapes and folds names: semicolons, commas, backslashes, line breaks and long non-ASCII names', async () => {
    const { team } = await busyTeam();
    const odd = 'Über; Équipe, \\ “Nord” ✨✨ — a very long name\nthat needs folding, twice over ✨';
    const [opponentId] = (await expectedLeague(team.id)).map((m) => m.id);
    const [m] = await server.db.select().from(seasonMatches).where(inArray(seasonMatches.id, [opponentId]));
    const renamed = m.teamAId === team.id ? m.teamBId! : m.teamAId!;
    const [before] = await server.db.select().from(teams).where(eq(teams.id, renamed));
    await server.db.update(teams).set({ name: odd }).where(eq(teams.id, renamed));
    try {
      const { list } = await feed(`/v1/team/${team.id}/calendar.ics`);
      expect(list.some((e) => e.summary.includes(odd))).toBe(true);
    } finally {
      await server.db.update(teams).set({ name: before.name }).where(eq(teams.id, renamed));
    }
  });
});
