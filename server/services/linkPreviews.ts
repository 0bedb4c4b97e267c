import { and, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  seasonDivisions,
  seasonEntries,
  seasonGroups,
  seasonMatches,
  seasons,
  teams,
  temporaryTeamMembers,
  temporaryTeams,
  tournamentEntries,
  tournamentMatches,
  tournaments,
  users,
} from '../db/schema';
import { isSharedImageType, storedImageType } from '../storage/images';
import { GAME_LABELS, type Game } from '../../src/domain/constants';
import { formatDate } from '../../src/domain/dates';
import { seasonRoundName } from '../../src/domain/season/playoffBracket';
import { seasonWeeks } from '../../src/domain/season/seasonDates';
import { seasonResult } from '../../src/domain/season/seasonResult';
import { formatFee, typeLabel } from '../../src/domain/tournamentLabels';
import { entriesCount } from '../../src/domain/tournamentRules';
import { entryA, entryB, teamA, teamB, userA, userB, withSides } from './tournamentMatchSides';

/*
 * What a shared link to a page shows (issue 25): the page's title, a description with its state and dates, and its
 * picture, read in one statement per page as a guest sees it (a hidden thing reads as unknown). The HTML around it
 * is server/http/htmlPages.ts.
 */

/** A picture of the page, as stored: a path of ours (/v1/images/…) or an absolute URL (Discord's CDN). */
export interface PreviewImage {
  url: string;
  /** Its content type when known. */
  type: string | null;
  alt: string;
  /** A banner (shown large, twitter:card summary_large_image) rather than a logo or an avatar (a thumbnail). */
  banner: boolean;
}

export interface PagePreview {
  /** og:title; the document title is this and " · Clutch", as the SPA writes it. */
  title: string;
  description: string;
  /** null: the site's picture. */
  image: PreviewImage | null;
  /** og:type profile (a player) with profile:username, else website. */
  profile?: string;
}

type Read = (db: Db, ids: number[]) => Promise<PagePreview | null>;

/** A picture crawlers show: a stored PNG/JPEG/GIF/WebP (not the generated SVG logos), or a picture on Discord's CDN. */
function picture(url: string | null, contentType: string | null, alt: string, banner: boolean): PreviewImage | null {
  if (!url) return null;
  if (url.startsWith('/')) return isSharedImageType(contentType) ? { url, type: contentType, alt, banner } : null;
  return /^https:\/\/(cdn\.discordapp\.com|media\.discordapp\.net)\//.test(url) ? { url, type: null, alt, banner } : null;
}

/** A column with its table's name (a query of one table writes its columns bare: wrong inside a subquery). */
const qualified = (column: PgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** SQL: how many rows have `column` equal to the outer row's `outer` (an indexed count in the same statement). */
const countOf = (column: PgColumn, outer: PgColumn, also?: SQL) =>
  sql<number>`(select count(*)::int from ${column.table} where ${qualified(column)} = ${qualified(outer)}${also ? sql` and ${also}` : sql``})`;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const sentence = (facts: (string | null | false | undefined)[]) => facts.filter(Boolean).join(' · ');
const withText = (facts: string, text: string) => (text.trim() ? `${facts}. ${text.trim()}` : facts);

// ── Tournaments ────────────────────────────────────────────────────────────────────────────────────────────────────

type TournamentPage = 'bracket' | 'details' | 'entries';
const TOURNAMENT_TITLE: Record<TournamentPage, (title: string) => string> = {
  bracket: (title) => `${title} bracket`,
  details: (title) => title,
  entries: (title) => `${title} entries`,
};

const entryCount = (column: typeof tournamentEntries.userId | typeof tournamentEntries.temporaryTeamId) =>
  countOf(tournamentEntries.tournamentId, tournaments.id, sql`${qualified(column)} is not null and not ${qualified(tournamentEntries.refunded)}`);

const tournamentColumns = {
  id: tournaments.id,
  title: tournaments.title,
  subTitle: tournaments.subTitle,
  status: tournaments.status,
  startDate: tournaments.startDate,
  startTime: tournaments.startTime,
  endDate: tournaments.endDate,
  signUpLimit: tournaments.signUpLimit,
  tournamentType: tournaments.tournamentType,
  switcherooType: tournaments.switcherooType,
  teamLimit: tournaments.teamLimit,
  game: tournaments.game,
  entryFeeCents: tournaments.entryFeeCents,
  graphicUrl: tournaments.graphicUrl,
  graphicType: storedImageType(tournaments.graphicUrl),
  winningEntryName: tournaments.winningEntryName,
  definedEntries: tournaments.definedEntries,
  joinedUsersLength: entryCount(tournamentEntries.userId),
  joinedTeamsLength: entryCount(tournamentEntries.temporaryTeamId),
};
const readTournamentRow = async (db: Db, id: number) => (await db.select(tournamentColumns).from(tournaments).where(eq(tournaments.id, id)))[0];
type TournamentFacts = NonNullable<Awaited<ReturnType<typeof readTournamentRow>>>;

/** "OPEN · starts 12/12/2026 18:00 · 24 / 64 entries · Teams of 4 · Rocket League · Free" and the subtitle. */
export function tournamentDescription(t: TournamentFacts): string {
  const entries = entriesCount(t);
  const started = t.status === 'ACTIVE' || t.status === 'COMPLETED';
  const when =
    t.status === 'COMPLETED'
      ? `${formatDate(t.startDate)} – ${formatDate(t.endDate)}`
      : `${t.status === 'ACTIVE' ? 'started' : 'starts'} ${formatDate(t.startDate)}${t.startTime ? ` ${t.startTime}` : ''}`;
  const facts = sentence([
    t.status,
    when,
    t.status === 'COMPLETED' && t.winningEntryName && `winner ${t.winningEntryName}`,
    started ? plural(entries, 'entry', 'entries') : `${entries} / ${t.signUpLimit} entries`,
    typeLabel(t),
    GAME_LABELS[t.game as Game] ?? t.game,
    formatFee(t.entryFeeCents / 100),
  ]);
  return withText(facts, t.subTitle);
}

const tournamentPreview =
  (page: TournamentPage): Read =>
  async (db, [id]) => {
    const t = await readTournamentRow(db, id);
    if (!t) return null;
    return {
      title: TOURNAMENT_TITLE[page](t.title),
      description: tournamentDescription(t),
      image: picture(t.graphicUrl, t.graphicType, t.title, true),
    };
  };

/** A side's name as the match page shows it: the entry, "bye", "none" (both byes) or "???" (still to come). */
function sideName(side: { bye: boolean; otherBye: boolean; name: string | null }) {
  if (side.bye && side.otherBye) return 'none';
  if (side.bye) return 'bye';
  return side.name ?? '???';
}

const readTournamentMatch: Read = async (db, [tournamentId, matchId]) => {
  const [m] = await withSides(
    db
      .select({
        title: tournaments.title,
        graphicUrl: tournaments.graphicUrl,
        graphicType: storedImageType(tournaments.graphicUrl),
        matchNumber: tournamentMatches.matchNumber,
        roundName: tournamentMatches.roundName,
        entryABye: tournamentMatches.entryABye,
        entryBBye: tournamentMatches.entryBBye,
        scoreA: tournamentMatches.scoreA,
        scoreB: tournamentMatches.scoreB,
        winningEntry: tournamentMatches.winningEntry,
        dispute: tournamentMatches.dispute,
        dueByDate: tournamentMatches.dueByDate,
        nameA: sql<string | null>`coalesce(${teamA.name}, ${userA.discordName}, ${entryA.definedName})`,
        nameB: sql<string | null>`coalesce(${teamB.name}, ${userB.discordName}, ${entryB.definedName})`,
      })
      .from(tournamentMatches)
      .$dynamic(),
  ).where(and(eq(tournamentMatches.id, matchId), eq(tournamentMatches.tournamentId, tournamentId)));
  if (!m) return null;
  const a = sideName({ bye: m.entryABye, otherBye: m.entryBBye, name: m.nameA });
  const b = sideName({ bye: m.entryBBye, otherBye: m.entryABye, name: m.nameB });
  const decided = m.winningEntry !== '';
  const score = m.scoreA !== null && m.scoreB !== null ? ` ${m.scoreA} : ${m.scoreB}` : '';
  return {
    title: `Match ${m.matchNumber} · ${m.title}`,
    description: sentence([
      m.roundName,
      `${a} vs ${b}`,
      decided ? `${m.winningEntry === 'EntryA' ? a : b} won${score}` : m.dispute ? 'disputed' : m.dueByDate !== null && `due ${formatDate(m.dueByDate)}`,
    ]),
    image: picture(m.graphicUrl, m.graphicType, m.title, true),
  };
};

const readTournamentTeam: Read = async (db, [tournamentId, teamId]) => {
  const [t] = await db
    .select({
      name: temporaryTeams.name,
      logoUrl: temporaryTeams.logoUrl,
      logoType: storedImageType(temporaryTeams.logoUrl),
      wins: temporaryTeams.wins,
      losses: temporaryTeams.losses,
      tournament: tournaments.title,
      members: countOf(temporaryTeamMembers.teamId, temporaryTeams.id),
    })
    .from(temporaryTeams)
    .innerJoin(tournaments, eq(tournaments.id, temporaryTeams.tournamentId))
    .where(and(eq(temporaryTeams.id, teamId), eq(temporaryTeams.tournamentId, tournamentId)));
  if (!t) return null;
  return {
    title: `${t.name} · ${t.tournament}`,
    description: sentence([`Team in ${t.tournament}`, plural(t.members, 'player'), `${plural(t.wins, 'win')}, ${plural(t.losses, 'loss', 'losses')}`]),
    image: picture(t.logoUrl, t.logoType, t.name, false),
  };
};

// ── League play: seasons, divisions, league matches (an unpublished season exists only for staff) ─────────────────

const seasonFacts = (s: { seasonType: string; startDate: number; grandFinalDueBy: number; entryFeeCents: number }, teamCount: number) => {
  const weeks = seasonWeeks(s.startDate, s.grandFinalDueBy);
  return [
    s.seasonType,
    `starts ${formatDate(s.startDate)}`,
    weeks !== null && plural(weeks, 'week'),
    `entry fee ${formatFee(s.entryFeeCents / 100)}`,
    plural(teamCount, 'team'),
  ];
};

const readSeason: Read = async (db, [id]) => {
  const [s] = await db
    .select({
      name: seasons.name,
      seasonType: seasons.seasonType,
      startDate: seasons.startDate,
      grandFinalDueBy: seasons.grandFinalDueBy,
      entryFeeCents: seasons.entryFeeCents,
      seasonInfo: seasons.seasonInfo,
      teams: countOf(seasonEntries.seasonId, seasons.id),
    })
    .from(seasons)
    .where(and(eq(seasons.id, id), eq(seasons.published, true)));
  if (!s) return null;
  return { title: s.name, description: withText(sentence(seasonFacts(s, s.teams)), s.seasonInfo), image: null };
};

/** /seasons/{seasonId}/{divisionId} (the division must be that season's) and /division/{divisionId}. */
const readDivision =
  (suffix: string): Read =>
  async (db, ids) => {
    const [seasonId, divisionId] = ids.length === 2 ? ids : [null, ids[0]];
    const [d] = await db
      .select({
        name: seasonDivisions.name,
        season: seasons.name,
        seasonType: seasons.seasonType,
        startDate: seasons.startDate,
        grandFinalDueBy: seasons.grandFinalDueBy,
        entryFeeCents: seasons.entryFeeCents,
        teams: countOf(seasonEntries.divisionId, seasonDivisions.id),
      })
      .from(seasonDivisions)
      .innerJoin(seasons, eq(seasons.id, seasonDivisions.seasonId))
      .where(and(eq(seasonDivisions.id, divisionId), eq(seasons.published, true), seasonId === null ? undefined : eq(seasons.id, seasonId)));
    if (!d) return null;
    return { title: `${d.name}${suffix} · ${d.season}`, description: sentence([d.season, ...seasonFacts(d, d.teams)]), image: null };
  };

const leagueTeamA = alias(teams, 'league_team_a');
const leagueTeamB = alias(teams, 'league_team_b');

const readLeagueMatch: Read = async (db, [id]) => {
  const [m] = await db
    .select({
      season: seasons.name,
      division: seasonDivisions.name,
      group: seasonGroups.name,
      roundType: seasonMatches.roundType,
      matchNumber: seasonMatches.matchNumber,
      dueByDate: seasonMatches.dueByDate,
      dispute: seasonMatches.dispute,
      winningTeam: seasonMatches.winningTeam,
      scoreA: seasonMatches.scoreA,
      scoreB: seasonMatches.scoreB,
      teamABye: seasonMatches.teamABye,
      teamBBye: seasonMatches.teamBBye,
      nameA: leagueTeamA.name,
      nameB: leagueTeamB.name,
    })
    .from(seasonMatches)
    .innerJoin(seasons, eq(seasons.id, seasonMatches.seasonId))
    .innerJoin(seasonDivisions, eq(seasonDivisions.id, seasonMatches.divisionId))
    .leftJoin(seasonGroups, eq(seasonGroups.id, seasonMatches.groupId))
    .leftJoin(leagueTeamA, eq(leagueTeamA.id, seasonMatches.teamAId))
    .leftJoin(leagueTeamB, eq(leagueTeamB.id, seasonMatches.teamBId))
    .where(and(eq(seasonMatches.id, id), eq(seasons.published, true)));
  if (!m) return null;
  const round = m.matchNumber !== null ? `${seasonRoundName(m.roundType)} · Match ${m.matchNumber}` : seasonRoundName(m.roundType);
  const a = sideName({ bye: m.teamABye, otherBye: m.teamBBye, name: m.nameA });
  const b = sideName({ bye: m.teamBBye, otherBye: m.teamABye, name: m.nameB });
  const result = seasonResult(m);
  return {
    title: `${round} · ${m.season}`,
    description: sentence([
      `${a} vs ${b}`,
      m.group ? `${m.division}, ${m.group}` : m.division,
      m.winningTeam !== null
        ? `${m.winningTeam === 'TeamA' ? a : b} won${result ? ` ${result[0]} : ${result[1]}` : ''}`
        : m.dispute
          ? 'disputed'
          : m.dueByDate !== null && `due ${formatDate(m.dueByDate)}`,
    ]),
    image: null,
  };
};

// ── Teams and players ──────────────────────────────────────────────────────────────────────────────────────────────

const trophies = (t: { gold: number; silver: number; bronze: number }) =>
  t.gold + t.silver + t.bronze > 0 && `trophies: ${t.gold} gold, ${t.silver} silver, ${t.bronze} bronze`;

const readTeam: Read = async (db, [id]) => {
  const [t] = await db
    .select({
      name: teams.name,
      logoUrl: teams.logoUrl,
      logoType: storedImageType(teams.logoUrl),
      wins: teams.wins,
      losses: teams.losses,
      gold: teams.gold,
      silver: teams.silver,
      bronze: teams.bronze,
      members: countOf(users.teamId, teams.id),
    })
    .from(teams)
    .where(eq(teams.id, id));
  if (!t) return null;
  return {
    title: t.name,
    description: sentence([
      t.members > 0 ? plural(t.members, 'member') : 'All members have left this team',
      `${plural(t.wins, 'win')}, ${plural(t.losses, 'loss', 'losses')}`,
      trophies(t),
    ]),
    image: picture(t.logoUrl, t.logoType, t.name, false),
  };
};

const readPlayer =
  (suffix: string): Read =>
  async (db, [id]) => {
    const [u] = await db
      .select({
        name: users.discordName,
        picture: users.picture,
        pictureType: storedImageType(users.picture),
        katanaRank: users.katanaRank,
        wins: users.wins,
        losses: users.losses,
        gold: users.gold,
        silver: users.silver,
        bronze: users.bronze,
        freeAgent: users.freeAgent,
        team: teams.name,
      })
      .from(users)
      .leftJoin(teams, eq(teams.id, users.teamId))
      // A banned player is hidden from everyone but staff, as PLAYER RANKS hides them.
      .where(and(eq(users.id, id), eq(users.banned, false)));
    if (!u) return null;
    return {
      title: `${u.name}${suffix}`,
      description: sentence([
        `KR ${u.katanaRank}`,
        `${plural(u.wins, 'win')}, ${plural(u.losses, 'loss', 'losses')}`,
        trophies(u),
        u.team ? `plays for ${u.team}` : u.freeAgent && 'free agent',
      ]),
      image: picture(u.picture, u.pictureType, u.name, false),
      profile: u.name,
    };
  };

/**
 * The pages whose links get their own preview, as the SPA's route tables spell them (src/app/routes.tsx,
 * src/app/EmbedApp.tsx; tests/server/linkPreviews.test.ts checks each is there). Every `:param` is an id. Every
 * other page gets the site's preview.
 */
export const PREVIEW_PAGES: readonly { path: string; read: Read }[] = [
  { path: '/tournaments/:tournamentId', read: tournamentPreview('bracket') },
  { path: '/tournaments/:tournamentId/details', read: tournamentPreview('details') },
  { path: '/tournaments/:tournamentId/entries', read: tournamentPreview('entries') },
  { path: '/tournaments/:tournamentId/match/:matchId', read: readTournamentMatch },
  { path: '/tournaments/:tournamentId/:teamId', read: readTournamentTeam },
  { path: '/seasons/:seasonId', read: readSeason },
  { path: '/seasons/:seasonId/:divisionId', read: readDivision('') },
  { path: '/division/:divisionId', read: readDivision(' matches') },
  { path: '/match/:matchId', read: readLeagueMatch },
  { path: '/teams/:id', read: readTeam },
  { path: '/players/:id', read: readPlayer('') },
  { path: '/players/:id/past-tournaments', read: readPlayer(' · Past Tournaments') },
  { path: '/embed/tournaments/:id', read: tournamentPreview('bracket') },
  { path: '/embed/division/:id', read: readDivision(' bracket') },
];

const MAX_ID = 2_147_483_647;
const PATTERNS = PREVIEW_PAGES.map((page) => ({
  // Matched as the SPA matches its routes: any case, an optional trailing slash; ids as the API takes them.
  pattern: new RegExp(`^${page.path.replace(/:\w+/g, '([1-9][0-9]{0,9})')}/?$`, 'i'),
  read: page.read,
}));

/** The read that makes `path`'s preview, or null when the page has no preview of its own (or an id is out of range). */
export function previewRead(path: string): ((db: Db) => Promise<PagePreview | null>) | null {
  for (const { pattern, read } of PATTERNS) {
    const match = pattern.exec(path);
    if (!match) continue;
    const ids = match.slice(1).map(Number);
    return ids.every((id) => id <= MAX_ID) ? (db) => read(db, ids) : null;
  }
  return null;
}
