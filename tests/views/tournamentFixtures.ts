import { and, eq } from 'drizzle-orm';
import {
  temporaryTeamInvites,
  temporaryTeamMembers,
  temporaryTeams,
  tournamentEntries,
  tournaments,
  users,
} from '../../server/db/schema';
import { startTestServer, type TestServer } from '../support/testServer';
import { afterAll, beforeAll } from 'vitest';

const DAY = 86_400_000;
let serial = 0;
type TournamentInsert = typeof tournaments.$inferInsert;

/** Small insert helpers: each test makes the tournaments, players and teams it looks at. */
export class TournamentFixtures {
  constructor(private readonly server: TestServer) {}

  private get db() {
    return this.server.database.db;
  }

  async player(values: Partial<typeof users.$inferInsert> = {}) {
    const [row] = await this.db
      .insert(users)
      .values({ discordName: `Pilot${++serial}${Math.random().toString(36).slice(2, 6)}`, katanaRank: 1200 + serial, ...values })
      .returning();
    return row;
  }

  async tournament(values: Partial<TournamentInsert> = {}) {
    const now = Date.now();
    const [row] = await this.db
      .insert(tournaments)
      .values({
        title: `Fixture Cup ${++serial}`,
        subTitle: 'Fixture subtitle',
        description: 'Fixture description',
        game: 'CODMW3',
        platforms: ['PC', 'XBOX'],
        startDate: now + 7 * DAY,
        startTime: '19:00',
        endDate: now + 8 * DAY,
        signUpClose: now + 6 * DAY,
        rules: 'https://clutch.gg/rules/tournaments',
        prizePoolInfo: '€100 to the winner',
        host: 'Clutch League',
        status: 'OPEN',
        allowSignups: true,
        ...values,
      })
      .returning();
    return row;
  }

  async soloEntry(tournamentId: number, userId: number) {
    const [row] = await this.db.insert(tournamentEntries).values({ tournamentId, userId }).returning();
    return row;
  }

  /** A temporary team with its captain and players (in order) and, unless `entry: false`, its entry. */
  async team(tournamentId: number, captainId: number, players: number[] = [], opts: { name?: string; entry?: boolean; freeSubstitutes?: string[] } = {}) {
    const [team] = await this.db
      .insert(temporaryTeams)
      .values({ tournamentId, name: opts.name ?? `Squad ${++serial}`, captainId, freeSubstitutes: opts.freeSubstitutes ?? [] })
      .returning();
    const members = [captainId, ...players];
    await this.db.insert(temporaryTeamMembers).values(
      members.map((userId, slot) => ({
        teamId: team.id,
        userId,
        tournamentId,
        teamRole: slot === 0 ? ('CAPTAIN' as const) : ('PLAYER' as const),
        slot,
        joinedAt: Date.now() + slot,
      })),
    );
    if (opts.entry !== false) await this.db.insert(tournamentEntries).values({ tournamentId, temporaryTeamId: team.id });
    return team;
  }

  async setStatus(tournamentId: number, status: (typeof tournaments.$inferSelect)['status']) {
    await this.db.update(tournaments).set({ status }).where(eq(tournaments.id, tournamentId));
  }

  async invite(teamId: number, userId: number) {
    await this.db.insert(temporaryTeamInvites).values({ teamId, userId });
  }

  async members(teamId: number) {
    return this.db.select().from(temporaryTeamMembers).where(eq(temporaryTeamMembers.teamId, teamId));
  }

  async entriesOf(tournamentId: number, userId: number) {
    return this.db
      .select()
      .from(tournamentEntries)
      .where(and(eq(tournamentEntries.tournamentId, tournamentId), eq(tournamentEntries.userId, userId)));
  }
}

/**
 * The view tests' server: a fresh in-process server (no demo seed: each test makes what it looks at) and its
 * fixtures, started before the file's tests and closed after them. `ready` receives both once started.
 */
export function useFixtureServer(ready: (server: TestServer, fx: TournamentFixtures) => void) {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    ready(server, new TournamentFixtures(server));
  }, 60_000);
  afterAll(() => server?.close());
}
