import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import {
  temporaryTeamMembers,
  temporaryTeams,
  tournamentEntries,
  tournamentMatches,
  tournaments,
  users,
} from '../../server/db/schema';
import { generateTournamentBracket } from '../../server/services/brackets';
import type { Agent, TestServer } from '../support/testServer';

/** Fixtures of the bracket and match tests: tournaments with entries, inserted directly, bracket generated. */

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface Fixture {
  tournamentId: number;
  /** Entry ids in the order they were created (sign-up order). */
  entryIds: number[];
  /** Per entry, the users who play for it (one for solo entries, the members for teams). */
  players: { id: number; discordName: string }[][];
  /** The temporary team id per entry (team fixtures). */
  teamIds: (number | null)[];
}

export interface FixtureOptions {
  /** katanaRank per solo entry, or average wanted per team (each member gets that rank). */
  ranks: number[];
  teams?: boolean;
  defined?: string[];
  status?: 'OPEN' | 'CLOSED' | 'ACTIVE' | 'COMPLETED';
  allowScoreSubmission?: boolean;
  endDate?: number;
  title?: string;
  generate?: boolean;
}

const DAY = 86_400_000;

export async function createTournament(db: Db, opts: FixtureOptions): Promise<Fixture> {
  const tag = unique();
  const teamsMode = !!opts.teams;
  const [t] = await db
    .insert(tournaments)
    .values({
      title: opts.title ?? `Bracket Cup ${tag}`,
      startDate: Date.now() - DAY,
      endDate: opts.endDate ?? Date.now() + 7 * DAY,
      signUpClose: Date.now() - 2 * DAY,
      game: 'CODMW3',
      teamLimit: teamsMode ? 2 : 1,
      status: opts.status ?? 'ACTIVE',
      allowScoreSubmission: opts.allowScoreSubmission ?? true,
      allowSignups: false,
      definedEntries: { definedUsers: (opts.defined ?? []).map((name) => ({ name })), definedTeams: [] },
    })
    .returning();
  const fixture: Fixture = { tournamentId: t.id, entryIds: [], players: [], teamIds: [] };
  for (let i = 0; i < opts.ranks.length; i++) {
    const size = teamsMode ? 2 : 1;
    const members = await db
      .insert(users)
      .values(Array.from({ length: size }, (_, m) => ({ discordName: `p${tag}_${i}_${m}`, katanaRank: opts.ranks[i] })))
      .returning({ id: users.id, discordName: users.discordName });
    let teamId: number | null = null;
    if (teamsMode) {
      const [team] = await db
        .insert(temporaryTeams)
        .values({ tournamentId: t.id, name: `Team ${tag} ${i}`, captainId: members[0].id, listOrder: i })
        .returning();
      teamId = team.id;
      await db.insert(temporaryTeamMembers).values(
        members.map((u, slot) => ({
          teamId: team.id,
          userId: u.id,
          tournamentId: t.id,
          teamRole: slot === 0 ? ('CAPTAIN' as const) : ('PLAYER' as const),
          slot,
        })),
      );
    }
    const [entry] = await db
      .insert(tournamentEntries)
      .values({ tournamentId: t.id, userId: teamsMode ? null : members[0].id, temporaryTeamId: teamId, createdAt: Date.now() + i })
      .returning();
    fixture.entryIds.push(entry.id);
    fixture.players.push(members);
    fixture.teamIds.push(teamId);
  }
  if (opts.generate !== false) await db.transaction((tx) => generateTournamentBracket(tx, t.id));
  return fixture;
}

/** An ADMIN account of our own (no demo seed needed). */
export async function createAdmin(db: Db, role: 'ADMIN' | 'OWNER' = 'ADMIN'): Promise<string> {
  const name = `admin${unique()}`;
  await db.insert(users).values({ discordName: name, role });
  return name;
}

export async function createUser(db: Db): Promise<string> {
  const name = `user${unique()}`;
  await db.insert(users).values({ discordName: name });
  return name;
}

export async function signedIn(server: TestServer, name: string): Promise<Agent> {
  return server.agent().signIn(name);
}

/** The bracket as the API serves it, indexed by match number. */
export async function bracketOf(agent: Agent, tournamentId: number) {
  const res = await agent.get(`/v1/tournament/${tournamentId}/match`);
  if (res.status !== 200) throw new Error(`GET match list answered ${res.status}`);
  const list = res.body as any[];
  return { list, byNumber: (n: number) => list.find((m) => m.matchNumber === n) };
}

export async function matchRows(db: Db, tournamentId: number) {
  return db.select().from(tournamentMatches).where(eq(tournamentMatches.tournamentId, tournamentId));
}

export async function userRecord(db: Db, userId: number) {
  const [u] = await db.select({ wins: users.wins, losses: users.losses }).from(users).where(eq(users.id, userId));
  return u;
}

export async function entryRecord(db: Db, entryId: number) {
  const [e] = await db
    .select({ wins: tournamentEntries.wins, losses: tournamentEntries.losses, seed: tournamentEntries.seed })
    .from(tournamentEntries)
    .where(eq(tournamentEntries.id, entryId));
  return e;
}

/** The index (0-based) of the entry holding entry id `entryId` in a fixture. */
export const entryIndex = (f: Fixture, entryId: number | null) => (entryId === null ? -1 : f.entryIds.indexOf(entryId));

/** Signs in one player of the entry `entryId` of the fixture. */
export async function playerOf(server: TestServer, f: Fixture, entryId: number, member = 0): Promise<Agent> {
  const i = entryIndex(f, entryId);
  if (i < 0) throw new Error(`entry ${entryId} is not part of the fixture`);
  return server.agent().signIn(f.players[i][member].discordName);
}
