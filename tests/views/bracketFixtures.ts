import { eq } from 'drizzle-orm';
import type { TournamentMatch } from '../../src/api/contract/tournament';
import type { Db } from '../../server/db/client';
import { temporaryTeamMembers, temporaryTeams, tournamentEntries, tournamentMatches, tournaments, users } from '../../server/db/schema';
import { generateTournamentBracket } from '../../server/services/brackets';
import type { Agent } from '../support/testServer';

let serial = 0;
const tag = () => `${Date.now().toString(36)}${(serial++).toString(36)}`;
const DAY = 86_400_000;

export interface BracketFixture {
  tournamentId: number;
  title: string;
  /** Per entry (sign-up order): its entry id and the players who play for it. */
  entries: { id: number; teamId: number | null; players: { id: number; discordName: string }[] }[];
}

export interface FixtureOptions {
  entries: number;
  /** Entries are two-player temporary teams (captain first). */
  teams?: boolean;
  status?: 'OPEN' | 'CLOSED' | 'ACTIVE' | 'COMPLETED';
  allowScoreSubmission?: boolean;
  title?: string;
  /** Generate the bracket (default true). */
  bracket?: boolean;
}

/** A tournament with `entries` entries inserted straight into the database and, unless told otherwise, its bracket. */
export async function createBracketFixture(db: Db, opts: FixtureOptions): Promise<BracketFixture> {
  const t0 = tag();
  const title = opts.title ?? `Score Cup ${t0}`;
  const [t] = await db
    .insert(tournaments)
    .values({
      title,
      startDate: Date.now() - DAY,
      endDate: Date.now() + 7 * DAY,
      signUpClose: Date.now() - 2 * DAY,
      game: 'CODMW3',
      teamLimit: opts.teams ? 2 : 1,
      status: opts.status ?? 'ACTIVE',
      allowScoreSubmission: opts.allowScoreSubmission ?? true,
      allowSignups: false,
    })
    .returning();
  const fixture: BracketFixture = { tournamentId: t.id, title, entries: [] };
  for (let i = 0; i < opts.entries; i++) {
    const size = opts.teams ? 2 : 1;
    const players = await db
      .insert(users)
      .values(Array.from({ length: size }, (_, m) => ({ discordName: `Ace${t0}x${i}m${m}`, katanaRank: 2000 - i * 10 })))
      .returning({ id: users.id, discordName: users.discordName });
    let teamId: number | null = null;
    if (opts.teams) {
      const [team] = await db
        .insert(temporaryTeams)
        .values({ tournamentId: t.id, name: `Squad ${t0} ${i}`, captainId: players[0].id, listOrder: i })
        .returning();
      teamId = team.id;
      await db.insert(temporaryTeamMembers).values(
        players.map((u, slot) => ({ teamId: team.id, userId: u.id, tournamentId: t.id, teamRole: slot === 0 ? ('CAPTAIN' as const) : ('PLAYER' as const), slot })),
      );
    }
    const [entry] = await db
      .insert(tournamentEntries)
      .values({ tournamentId: t.id, userId: opts.teams ? null : players[0].id, temporaryTeamId: teamId, createdAt: Date.now() + i })
      .returning();
    fixture.entries.push({ id: entry.id, teamId, players });
  }
  if (opts.bracket !== false) await db.transaction((tx) => generateTournamentBracket(tx, t.id));
  return fixture;
}

/** The bracket as the API serves it. */
export async function matchesOf(agent: Agent, tournamentId: number): Promise<TournamentMatch[]> {
  const res = await agent.get(`/v1/tournament/${tournamentId}/match`);
  if (res.status !== 200) throw new Error(`GET match list answered ${res.status}`);
  return res.body as TournamentMatch[];
}

/** The first match (in play order) whose two entrants are known. */
export async function firstPlayable(agent: Agent, tournamentId: number): Promise<TournamentMatch> {
  const match = (await matchesOf(agent, tournamentId)).find((m) => m.entryAId !== null && m.entryBId !== null && !m.entryAbye && !m.entryBbye && m.winningEntry === '');
  if (!match) throw new Error('no playable match');
  return match;
}

/** A player (member `member`) of the entry on side `side` of `match`. */
export function playerOf(f: BracketFixture, match: TournamentMatch, side: 'A' | 'B', member = 0) {
  const entryId = side === 'A' ? match.entryAId : match.entryBId;
  const entry = f.entries.find((e) => e.id === entryId);
  if (!entry) throw new Error(`entry ${entryId} is not in the fixture`);
  return entry.players[member];
}

/** The stored row of a match (what the server really saved). */
export async function matchRow(db: Db, matchId: number) {
  const [row] = await db.select().from(tournamentMatches).where(eq(tournamentMatches.id, matchId));
  return row;
}

/** An account with a role, inserted straight into the database. */
export async function createAccount(db: Db, role: 'USER' | 'ADMIN' | 'OWNER' = 'USER') {
  const [row] = await db.insert(users).values({ discordName: `${role.toLowerCase()}${tag()}`, role }).returning();
  return row;
}
