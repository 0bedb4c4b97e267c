import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import {
  temporaryTeamMembers,
  temporaryTeams,
  tournamentEntries,
  tournaments,
  users,
} from '../../server/db/schema';
import type { Agent, TestServer } from '../support/testServer';
import type { TemporaryTeamRow as TeamRow, TournamentRow } from '../../server/services/tournamentStore';

type UserRow = typeof users.$inferSelect;
const DAY = 86_400_000;

/** Small insert helpers: each test builds its own tournament, team and players instead of leaning on the seed. */
export class Fixtures {
  private count = 0;
  readonly db: Db;

  constructor(private readonly server: TestServer) {
    this.db = server.database.db;
  }

  async user(opts: { role?: UserRow['role']; banned?: boolean; katanaRank?: number; name?: string } = {}): Promise<UserRow> {
    const name = opts.name ?? `Player${++this.count}x${Math.random().toString(36).slice(2, 7)}`;
    const [row] = await this.db
      .insert(users)
      .values({ discordName: name, role: opts.role ?? 'USER', banned: opts.banned ?? false, katanaRank: opts.katanaRank ?? 1000 })
      .returning();
    return row;
  }

  async users(n: number): Promise<UserRow[]> {
    const rows: UserRow[] = [];
    for (let i = 0; i < n; i++) rows.push(await this.user());
    return rows;
  }

  /** A signed-in agent for a user. */
  async as(user: UserRow): Promise<Agent> {
    return this.server.agent().signIn(user.discordName);
  }

  async tournament(values: Partial<typeof tournaments.$inferInsert> = {}): Promise<TournamentRow> {
    const now = Date.now();
    const [row] = await this.db
      .insert(tournaments)
      .values({
        title: `Cup ${++this.count}`,
        game: 'CODMW3',
        platforms: ['PC'],
        startDate: now + 7 * DAY,
        endDate: now + 8 * DAY,
        signUpClose: now + 6 * DAY,
        teamLimit: 4,
        status: 'OPEN',
        ...values,
      })
      .returning();
    return row;
  }

  /**
   * A temporary team with its captain and players (in this order of seniority). In a team tournament the team is
   * the entry; SWITCHEROO entries are the players' own sign-ups, so no team entry is added there.
   */
  async team(
    tournament: TournamentRow,
    captain: UserRow,
    players: UserRow[] = [],
    values: Partial<typeof temporaryTeams.$inferInsert> = {},
  ): Promise<TeamRow> {
    const [team] = await this.db
      .insert(temporaryTeams)
      .values({ tournamentId: tournament.id, name: `Team ${++this.count}`, captainId: captain.id, ...values })
      .returning();
    const base = Date.now() - 60_000;
    await this.db.insert(temporaryTeamMembers).values(
      [captain, ...players].map((u, slot) => ({
        teamId: team.id,
        userId: u.id,
        tournamentId: tournament.id,
        teamRole: slot === 0 ? ('CAPTAIN' as const) : ('PLAYER' as const),
        slot,
        joinedAt: base + slot * 1000,
      })),
    );
    if (tournament.tournamentType === 'TOURNAMENT') {
      await this.db.insert(tournamentEntries).values({ tournamentId: tournament.id, temporaryTeamId: team.id });
    }
    return team;
  }

  /** A solo sign-up (SWITCHEROO entries are players). */
  async signUp(tournament: TournamentRow, user: UserRow) {
    await this.db.insert(tournamentEntries).values({ tournamentId: tournament.id, userId: user.id });
  }

  async setStatus(tournament: TournamentRow, status: TournamentRow['status']) {
    await this.db.update(tournaments).set({ status }).where(eq(tournaments.id, tournament.id));
  }

  async entriesOf(tournament: TournamentRow) {
    return this.db.select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, tournament.id));
  }

  async teamRow(id: number) {
    const [row] = await this.db.select().from(temporaryTeams).where(eq(temporaryTeams.id, id));
    return row;
  }
}

/** A multipart body with one `file` field, as a browser's FormData sends it. */
export function multipartFile(data: Buffer, contentType: string, filename = 'logo.png') {
  const boundary = `----clutch${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** POST a multipart upload with the CSRF header, as the SPA does. */
export async function upload(agent: Agent, url: string, data: Buffer, contentType: string) {
  const body = multipartFile(data, contentType);
  return agent.raw({
    method: 'POST',
    url,
    headers: { 'x-csrf-token': await agent.csrfToken(), 'content-type': body.contentType },
    payload: body.payload,
  });
}
