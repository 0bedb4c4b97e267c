import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { readVersions, seasons, teams, tournaments } from '../../server/db/schema';
import { useTestServer, type Agent } from '../support/testServer';
import { insertUser } from '../support/fixtures';
import { createSeason, newTeam } from './seasons.fixtures';
import { seasonInGroupStages } from './seasonMatches.fixtures';
import { createTournament as createBracket } from './bracketsKit';
import { createTournament } from './tournaments.fixtures';

/**
 * Issue 26, finding 8: the public league and list reads answer from memory with an ETag (304 when unchanged), and
 * never answer stale data: any committed change of what they show, through the API or straight to the database,
 * is in the next read.
 */
describe('the public league and list reads', () => {
  const server = useTestServer();
  let admin: Agent;
  let season: Awaited<ReturnType<typeof seasonInGroupStages>>;
  let paths: string[];
  beforeAll(async () => {
    admin = await server.signIn((await insertUser(server.db, { role: 'ADMIN' })).discordName);
    season = await seasonInGroupStages(server, admin, 4);
    const [match] = await season.groupMatches();
    const f = await createBracket(server.db, { ranks: [2000, 1990, 1980, 1970] });
    paths = [
      '/v1/season',
      '/v1/season/latest',
      `/v1/season/${season.id}`,
      `/v1/season/divisions/${match.divisionId}`,
      `/v1/match/division/${match.divisionId}`,
      `/v1/match/group/${match.groupId}`,
      `/v1/match/${match.id}`,
      '/v1/team',
      `/v1/team/${match.teamAId}`,
      '/v1/tournament/active',
      '/v1/tournament/upcoming',
      '/v1/tournament/featured',
      '/v1/tournament/hall-of-fame',
      `/v1/tournament/${f.tournamentId}`,
      `/v1/tournament/${f.tournamentId}/entries?pageNo=1&perPage=25`,
    ];
  });
  const version = async () => (await server.db.select().from(readVersions).where(eq(readVersions.name, 'public')))[0].version;

  it('sends an ETag with every one, and 304 without a body to a client that has the answer', async () => {
    for (const path of paths) {
      const guest = server.agent();
      const first = await guest.get(path);
      expect(first.status, path).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, path).toMatch(/^W\/".+"$/);
      expect(first.headers['cache-control'], path).toBe('private, no-cache');
      const again = await guest.raw({ method: 'GET', url: path, headers: { 'if-none-match': etag } });
      expect(again.status, path).toBe(304);
      expect(again.body, path).toBe('');
      // The same answer from memory: byte for byte what was built.
      expect((await guest.get(path)).body, path).toEqual(first.body);
    }
  });

  it('answers a change made through the API on the next read, and a new ETag with it', async () => {
    const { team, agent: captain } = await newTeam(server);
    const path = `/v1/team/${team.id}`;
    const before = await server.agent().get(path);
    expect((await captain.patch(path, { name: `Renamed ${team.id}` })).status).toBe(200);
    const after = await server.agent().raw({ method: 'GET', url: path, headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.status).toBe(200);
    expect(after.body.name).toBe(`Renamed ${team.id}`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('answers a change written straight to the database (another instance, a script) on the next read', async () => {
    const path = `/v1/season/${season.id}`;
    expect((await server.agent().get(path)).status).toBe(200);
    await server.db.update(seasons).set({ name: 'Renamed In SQL' }).where(eq(seasons.id, season.id));
    expect((await server.agent().get(path)).body.name).toBe('Renamed In SQL');
    // Unpublished: gone for guests at once, still there for staff.
    await server.db.update(seasons).set({ published: false }).where(eq(seasons.id, season.id));
    expect((await server.agent().get(path)).status).toBe(404);
    expect((await admin.get(path)).status).toBe(200);
    await server.db.update(seasons).set({ published: true }).where(eq(seasons.id, season.id));
  });

  it('bumps the version once per committed transaction, and not for one rolled back', async () => {
    const { team } = await newTeam(server);
    const v0 = await version();
    await server.db.transaction(async (tx) => {
      await tx.update(teams).set({ wins: 1 }).where(eq(teams.id, team.id));
      await tx.update(teams).set({ losses: 1 }).where(eq(teams.id, team.id));
      await tx.execute(sql`select 1`);
    });
    expect(await version()).toBe(v0 + 1);
    await expect(
      server.db.transaction(async (tx) => {
        await tx.update(teams).set({ wins: 99 }).where(eq(teams.id, team.id));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await version()).toBe(v0 + 1);
  });

  it('keeps what one viewer sees apart from what another sees', async () => {
    const hidden = await createSeason(admin, { published: false });
    expect((await admin.get(`/v1/season/${hidden}`)).status).toBe(200);
    expect((await server.agent().get(`/v1/season/${hidden}`)).status).toBe(404);
    // A captain sees whether their own team joined; a guest, never.
    const { team, agent } = await newTeam(server, { players: 2 });
    const open = await createSeason(admin);
    expect((await agent.post(`/v1/billing/join-season/${open}/${team.id}`, { termsAccepted: true })).body).toBe(true);
    expect((await agent.get(`/v1/season/${open}`)).body.userPartOfTeam).toBe(true);
    expect((await server.agent().get(`/v1/season/${open}`)).body.userPartOfTeam).toBe(false);
  });

  it('drops a tournament from the upcoming list once its end day is over, with no write in between', async () => {
    const id = await createTournament(admin);
    const ids = async () => ((await server.agent().get('/v1/tournament/upcoming')).body as { id: number }[]).map((t) => t.id);
    expect(await ids()).toContain(id);
    const [t] = await server.db.select().from(tournaments).where(eq(tournaments.id, id));
    const realNow = server.config.now;
    server.config.now = () => t.endDate + 2 * 86_400_000;
    try {
      expect(await ids()).not.toContain(id);
    } finally {
      server.config.now = realNow;
    }
  });
});
